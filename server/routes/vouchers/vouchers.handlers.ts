import { eq } from 'drizzle-orm';
import { CREDIT_VOUCHER_MESSAGES } from '../../../domain/credit-voucher';
import { normaliseVoucherCode, voucherProblem } from '../../../domain/voucher';
import { mealWeeksOf } from '../../../domain/recipe-kit-basket';
import { basketVouchers, vouchers } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { ApiError, notFound, unauthorized } from '../../http/jsonapi';
import {
  basketVoucher,
  kitLines,
  pricedLines,
  propositionOf,
  voucherTerms,
} from '../../services/basket-pricing';
import { findOwner, itemsOf, requireBasket } from '../../services/baskets';
import type { Deps } from '../../deps';
import { basketDocument, voucherResource } from '../baskets/basket-document';
import { addKitItem } from '../baskets/kit-items';
import { rewardVoucherProblem } from '../../services/rewards/offers';

const isoDate = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * Vouchers on a basket (product rule R12.3). One voucher per basket: applying another replaces it.
 * An unknown code is a 404; a known code that cannot apply is a 400 whose detail says why, which
 * the browser shows as is. An add-on voucher (recipe kits) puts its add-on in the first week's box
 * and discounts it, in one transaction with the voucher, so a refused voucher leaves no add-on.
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
      if (voucher.type === 'CreditVoucher')
        throw new ApiError(400, 'voucher_not_for_baskets', 'Voucher cannot be used', {
          detail: CREDIT_VOUCHER_MESSAGES.notForBaskets,
          pointer: '/code',
        });
      // Product rule R12.9: a reward voucher is its owner's, for one order.
      const rewardProblem = await rewardVoucherProblem(db, voucher, basket.customerId);
      if (rewardProblem)
        throw new ApiError(400, rewardProblem.code, 'Voucher cannot be used', {
          detail: rewardProblem.detail,
          pointer: '/code',
        });
      await db.transaction(async (tx) => {
        const before = await itemsOf(tx, [basket.id]);
        const addonVariant = voucher.type === 'AddonVoucher' ? voucher.addonProductVariantId : null;
        const [firstWeek] = mealWeeksOf(kitLines(basket, before));
        if (addonVariant && basket.type === 'RecipeKitBasket') {
          if (!firstWeek)
            throw new ApiError(400, 'voucher_below_minimum', 'Voucher cannot be used', {
              detail: `Add dishes to your box before using ${code}`,
              pointer: '/code',
            });
          const hasAddon = before.some(
            (item) => item.productVariantId === addonVariant && item.mealWeek === firstWeek,
          );
          if (!hasAddon)
            await addKitItem(
              tx,
              basket,
              { product_variant_id: addonVariant, quantity: 1, meal_week: firstWeek },
              now(),
            );
        }
        const items = await itemsOf(tx, [basket.id]);
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
        await tx
          .insert(basketVouchers)
          .values({ basketId: basket.id, voucherId: voucher.id })
          .onConflictDoUpdate({ target: basketVouchers.basketId, set: { voucherId: voucher.id } });
      });
      return basketDocument(db, basket, await itemsOf(db, [basket.id]), now());
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
      return basketDocument(db, basket, await itemsOf(db, [basket.id]), now());
    },
  };
}
