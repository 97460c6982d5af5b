import { and, asc, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { customers, paymentMethods } from '../../db/schema';
import { notFound } from '../../http/jsonapi';
import type { PaymentMethodRow } from '../../services/payments/payment-service';

/** The customer's saved methods: the default first (the contract's listPaymentMethods), then oldest first. */
export const savedMethodsOf = (db: Queryable, customerId: number) =>
  db
    .select()
    .from(paymentMethods)
    // Product rule R11.5: a card not kept after a declined first payment is not listed.
    .where(and(eq(paymentMethods.customerId, customerId), eq(paymentMethods.saved, true)))
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.id));

/**
 * Locks the customer's row: changes to their methods (which is default, which one a subscription
 * uses) happen one at a time.
 */
export async function lockCustomer(tx: Queryable, customerId: number) {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
}

/** One of the customer's saved methods; another customer's answers 404, like a missing one. */
export async function ownedMethod(
  tx: Queryable,
  customerId: number,
  id: string,
): Promise<PaymentMethodRow> {
  const methodId = Number(id);
  if (!Number.isSafeInteger(methodId) || methodId < 1) throw notFound('Payment method');
  const [row] = await tx
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, methodId),
        eq(paymentMethods.customerId, customerId),
        eq(paymentMethods.saved, true),
      ),
    );
  if (!row) throw notFound('Payment method');
  return row;
}
