import { and, eq, ne, sql } from 'drizzle-orm';
import { REFERRAL_REWARD_PENCE } from '../../../domain/rewards';
import type { Queryable } from '../../db/database';
import { customers, referralRewards, storeCreditTransactions } from '../../db/schema';

/** Product rule R12.11: the referrer of a new customer, by the link's token (never themselves). */
export async function referrerOf(db: Queryable, token: string | undefined): Promise<number | null> {
  if (!token) return null;
  const [referrer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.referralToken, token));
  return referrer?.id ?? null;
}

/**
 * Product rule R12.11: a referred customer's first paid order gives the friend and the referrer
 * REFERRAL_REWARD_PENCE of store credit each, once. Called in the transaction that marks an order
 * paid: the referral_rewards row (keyed by the friend) is written first, so a second paid order, a
 * retry or a concurrent payment inserts nothing and credits nothing.
 */
export async function grantReferralRewards(
  tx: Queryable,
  order: { id: number; customerId: number | null },
  at: Date,
): Promise<boolean> {
  if (order.customerId === null) return false;
  const [friend] = await tx
    .select({
      id: customers.id,
      firstName: customers.firstName,
      referredById: customers.referredById,
    })
    .from(customers)
    .where(eq(customers.id, order.customerId));
  if (!friend?.referredById || friend.referredById === friend.id) return false;
  const [referrer] = await tx
    .select({ id: customers.id, firstName: customers.firstName })
    .from(customers)
    .where(and(eq(customers.id, friend.referredById), ne(customers.id, friend.id)));
  if (!referrer) return false;
  const [granted] = await tx
    .insert(referralRewards)
    .values({ friendId: friend.id, referrerId: referrer.id, orderId: order.id, createdAt: at })
    .onConflictDoNothing({ target: referralRewards.friendId })
    .returning();
  if (!granted) return false;
  const credits = [
    { customerId: friend.id, reason: `Welcome reward: invited by ${referrer.firstName}` },
    { customerId: referrer.id, reason: `Referral reward: ${friend.firstName} joined Sfoglia` },
  ];
  for (const credit of credits) {
    await tx.insert(storeCreditTransactions).values({
      customerId: credit.customerId,
      amountPence: REFERRAL_REWARD_PENCE,
      reason: credit.reason,
      createdAt: at,
    });
    await tx
      .update(customers)
      .set({ storeCreditPence: sql`${customers.storeCreditPence} + ${REFERRAL_REWARD_PENCE}` })
      .where(eq(customers.id, credit.customerId));
  }
  return true;
}
