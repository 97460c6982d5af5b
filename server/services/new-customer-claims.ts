import { and, eq } from 'drizzle-orm';
import { householdKey } from '../../domain/household';
import type { Queryable } from '../db/database';
import { newCustomerClaims, storeCreditTransactions, vouchers } from '../db/schema';
import { ApiError } from '../http/jsonapi';

export const NEW_CUSTOMER_OFFER_MESSAGES = {
  household:
    'This address has already had a new-customer credit, which is one per household. Contact us if you think this is wrong.',
  card: 'This card has already been used with a new-customer credit, which is one per card. Contact us if you think this is wrong.',
} as const;

/** Whether the customer's store credit includes a redeemed new-customer credit voucher. */
export async function hasNewCustomerCredit(tx: Queryable, customerId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: storeCreditTransactions.id })
    .from(storeCreditTransactions)
    .innerJoin(vouchers, eq(vouchers.id, storeCreditTransactions.voucherId))
    .where(and(eq(storeCreditTransactions.customerId, customerId), eq(vouchers.newCustomer, true)))
    .limit(1);
  return row !== undefined;
}

/**
 * Records the household (and the card, when one pays the rest) of an order that spends a
 * new-customer credit. Each key belongs to the first customer whose order claimed it: the primary
 * key decides between racing checkouts (the loser's insert waits for the winner's commit, then
 * inserts nothing), and a key another customer holds refuses the order with a 409. Run it inside
 * the order's transaction, so a refusal writes nothing.
 */
export async function claimNewCustomerOffer(
  tx: Queryable,
  claim: {
    customerId: number;
    orderId: number;
    address: { zip: string; address1: string };
    cardFingerprint: string | null;
    at: Date;
  },
): Promise<void> {
  const keys = [
    { kind: 'household' as const, key: householdKey(claim.address) },
    ...(claim.cardFingerprint ? [{ kind: 'card' as const, key: claim.cardFingerprint }] : []),
  ];
  for (const { kind, key } of keys) {
    await tx
      .insert(newCustomerClaims)
      .values({
        kind,
        key,
        customerId: claim.customerId,
        orderId: claim.orderId,
        createdAt: claim.at,
      })
      .onConflictDoNothing();
    const [holder] = await tx
      .select({ customerId: newCustomerClaims.customerId })
      .from(newCustomerClaims)
      .where(and(eq(newCustomerClaims.kind, kind), eq(newCustomerClaims.key, key)));
    if (holder?.customerId !== claim.customerId) {
      throw new ApiError(409, 'new_customer_offer_used', 'New-customer credit already used', {
        detail: NEW_CUSTOMER_OFFER_MESSAGES[kind],
        pointer: kind === 'card' ? '/payment_method_id' : '/shipping_address_id',
      });
    }
  }
}
