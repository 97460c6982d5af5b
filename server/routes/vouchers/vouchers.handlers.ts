import { eq } from 'drizzle-orm';
import { normaliseVoucherCode, voucherProblem } from '../../../src/domain/voucher';
import { basketVouchers, vouchers } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { ApiError, notFound, unauthorized } from '../../http/jsonapi';
import {
  basketVoucher,
  pricedLines,
  propositionOf,
  voucherTerms,
} from '../../services/basket-pricing';
import { findOwner, itemsOf, requireBasket } from '../../services/baskets';
import type { Deps } from '../index';
import { basketDocument, voucherResource } from '../baskets/basket-document';

const isoDate = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * Vouchers on a basket (spec section 7). One voucher per basket: applying another replaces it.
 * An unknown code is a 404; a known code that cannot apply is a 400 whose detail says why, which
 * the browser shows as is.
 */
export function voucherHandlers({
  db,
  now,
}: Deps): OperationHandlers<'applyBasketVoucher' | 'listBasketVouchers' | 'removeBasketVoucher'> {
  const ownBasket = async (request: Parameters<typeof findOwner>[0], id: string) => {
    const owner = await findOwner(request, db, now());
    if (!owner) throw unauthorized();
    return requireBasket(db, owner, id);
  };

  return {
    applyBasketVoucher: async (request) => {
      const basket = await ownBasket(request, request.params.id);
      const code = normaliseVoucherCode(request.body.code);
      const [voucher] = await db.select().from(vouchers).where(eq(vouchers.code, code));
      if (!voucher)
        throw new ApiError(404, 'voucher_not_found', 'Voucher not found', {
          detail: `No voucher has the code ${code}`,
          pointer: '/code',
        });
      const items = await itemsOf(db, [basket.id]);
      const problem = voucherProblem(voucherTerms(voucher), {
        proposition: propositionOf(basket),
        today: isoDate(now()),
        lines: pricedLines(basket, items),
      });
      if (problem)
        throw new ApiError(400, problem.code, 'Voucher cannot be used', {
          detail: problem.detail,
          pointer: '/code',
        });
      await db
        .insert(basketVouchers)
        .values({ basketId: basket.id, voucherId: voucher.id })
        .onConflictDoUpdate({ target: basketVouchers.basketId, set: { voucherId: voucher.id } });
      return basketDocument(db, basket, items, isoDate(now()));
    },

    listBasketVouchers: async (request) => {
      const basket = await ownBasket(request, request.params.id);
      const voucher = await basketVoucher(db, basket.id);
      return { data: voucher ? [voucherResource(voucher)] : [] };
    },

    removeBasketVoucher: async (request) => {
      const basket = await ownBasket(request, request.params.id);
      const voucher = await basketVoucher(db, basket.id);
      if (!voucher || String(voucher.id) !== request.params.voucherId) throw notFound('Voucher');
      await db.delete(basketVouchers).where(eq(basketVouchers.basketId, basket.id));
      return basketDocument(db, basket, await itemsOf(db, [basket.id]), isoDate(now()));
    },
  };
}
