import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { isUsableOffer, REWARD_VOUCHER_MESSAGES } from '../../../domain/rewards';
import type { Queryable } from '../../db/database';
import { orders, vouchers } from '../../db/schema';

type VoucherRow = typeof vouchers.$inferSelect;

/** The codes already on one of the customer's orders (upper-cased, product rule R12.1). */
async function usedCodes(db: Queryable, customerId: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ code: orders.voucherCode })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), isNotNull(orders.voucherCode)));
  return new Set(rows.flatMap(({ code }) => (code ? [code.toUpperCase()] : [])));
}

/**
 * Product rule R12.10: the offers the customer can use today, their own rewards first, then the
 * soonest to end. Offers for everyone are kept while unused only when they are single-order.
 */
export async function usableOffers(
  db: Queryable,
  customerId: number,
  today: string,
): Promise<VoucherRow[]> {
  const [candidates, used] = await Promise.all([
    db
      .select()
      .from(vouchers)
      .where(
        or(
          eq(vouchers.customerId, customerId),
          and(isNull(vouchers.customerId), isNotNull(vouchers.offerTitle)),
        ),
      )
      .orderBy(asc(vouchers.endDate), asc(vouchers.id)),
    usedCodes(db, customerId),
  ]);
  return candidates
    .filter((voucher) =>
      isUsableOffer(voucher, {
        customerId,
        today,
        alreadyUsed: (voucher.customerId !== null || voucher.singleOrder) && used.has(voucher.code),
      }),
    )
    .sort((a, b) => Number(b.customerId !== null) - Number(a.customerId !== null));
}

/**
 * Product rule R12.9: a reward voucher (one with an owner) goes only in its owner's basket, and
 * only until an order of theirs carries it. Null for any other voucher.
 */
export async function rewardVoucherProblem(
  db: Queryable,
  voucher: VoucherRow,
  basketCustomerId: number | null,
): Promise<{ code: string; detail: string } | null> {
  if (voucher.customerId === null) return null;
  if (basketCustomerId !== voucher.customerId)
    return { code: 'voucher_not_yours', detail: REWARD_VOUCHER_MESSAGES.notYours };
  if ((await usedCodes(db, voucher.customerId)).has(voucher.code))
    return { code: 'voucher_already_used', detail: REWARD_VOUCHER_MESSAGES.used };
  return null;
}
