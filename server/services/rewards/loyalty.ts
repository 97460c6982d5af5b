import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  LOYALTY_REWARD_PENCE,
  loyaltyRewardKeys,
  loyaltyVoucherEndDate,
} from '../../../domain/rewards';
import { formatPrice } from '../../../domain/money';
import type { Queryable } from '../../db/database';
import { customers, orders, subscriptions, vouchers } from '../../db/schema';
import type { Mailer } from '../mailer';
import { loyaltyVoucherEmail } from './loyalty-email';

/** 32 letters and digits without 0/O and 1/I: a code read aloud or typed from an email. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** An unguessable reward code: LOYAL- and 10 characters (50 bits). */
export function rewardCode(prefix: string): string {
  const bytes = randomBytes(10);
  return `${prefix}-${Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('')}`;
}

/** Product rule R12.9: the headline a loyalty voucher is offered under. */
export const loyaltyOfferTitle = () =>
  `${formatPrice(LOYALTY_REWARD_PENCE / 100)} off a box: your pasta plan loyalty reward`;

/** Each plan's paid boxes (orders of the plan that were paid), for the customer or for everyone. */
export async function paidBoxesByPlan(
  db: Queryable,
  scope: { customerId?: number } = {},
): Promise<{ subscriptionId: number; customerId: number; paidBoxes: number }[]> {
  return db
    .select({
      subscriptionId: subscriptions.id,
      customerId: subscriptions.customerId,
      paidBoxes: sql<number>`count(${orders.id})::int`,
    })
    .from(subscriptions)
    .innerJoin(orders, and(eq(orders.subscriptionId, subscriptions.id), isNotNull(orders.paidAt)))
    .where(
      scope.customerId === undefined ? undefined : eq(subscriptions.customerId, scope.customerId),
    )
    .groupBy(subscriptions.id)
    .orderBy(asc(subscriptions.id));
}

/** With it, each voucher issued is emailed to its customer (product rule R12.16). */
export interface RewardNotices {
  mailer: Mailer;
  publicUrl: string;
}

/**
 * Product rule R12.9: every LOYALTY_BOXES-th paid box of a plan earns its customer a voucher.
 * Run after the billing job charges; each voucher carries its reward key, unique in the table, so
 * a second run (or two instances at once) issues nothing new. Product rule R12.16: the voucher's
 * email is queued in the transaction that inserts it, so it is sent once, with the voucher.
 * Returns the vouchers issued.
 */
export async function issueLoyaltyVouchers(
  db: Queryable,
  now: Date,
  scope: { customerId?: number } = {},
  notices?: RewardNotices,
): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const due = (await paidBoxesByPlan(db, scope)).flatMap((plan) =>
    loyaltyRewardKeys(plan.subscriptionId, plan.paidBoxes).map((key) => ({ key, plan })),
  );
  if (due.length === 0) return 0;
  const issued = await db
    .select({ key: vouchers.rewardKey })
    .from(vouchers)
    .where(
      inArray(
        vouchers.rewardKey,
        due.map(({ key }) => key),
      ),
    );
  const known = new Set(issued.map(({ key }) => key));
  let count = 0;
  for (const { key, plan } of due) {
    if (known.has(key)) continue;
    count += await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(vouchers)
        .values({
          code: rewardCode('LOYAL'),
          type: 'DiscountVoucher',
          valueType: 'fixed_amount',
          value: LOYALTY_REWARD_PENCE,
          startDate: today,
          endDate: loyaltyVoucherEndDate(today),
          propositions: ['RK', 'OO'],
          offerTitle: loyaltyOfferTitle(),
          customerId: plan.customerId,
          rewardKey: key,
          createdAt: now,
        })
        .onConflictDoNothing({ target: vouchers.rewardKey })
        .returning({ code: vouchers.code, endDate: vouchers.endDate });
      if (!inserted) return 0;
      if (notices) {
        const [customer] = await tx
          .select({ email: customers.email, firstName: customers.firstName })
          .from(customers)
          .where(eq(customers.id, plan.customerId));
        if (customer)
          await notices.mailer.enqueue(
            tx,
            loyaltyVoucherEmail(
              customer,
              { code: inserted.code, endDate: inserted.endDate ?? loyaltyVoucherEndDate(today) },
              notices.publicUrl,
            ),
          );
      }
      return 1;
    });
  }
  return count;
}
