import { and, eq } from 'drizzle-orm';
import { PAYMENT_METHOD_MESSAGES } from '../../../domain/payment-methods';
import type { Queryable } from '../../db/database';
import { paymentMethods, subscriptions } from '../../db/schema';
import { ApiError } from '../../http/jsonapi';
import { lockCustomer, ownedMethod, savedMethodsOf } from './owned-payment-methods';

/**
 * Removes one of the customer's saved methods under product rules R11.4 and R11.7; the
 * subscriptions that used it move to the default in the same transaction (R11.8).
 */
export async function removePaymentMethod(
  db: Queryable,
  customerId: number,
  id: string,
  now: Date,
) {
  await db.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const method = await ownedMethod(tx, customerId, id);
    const others = (await savedMethodsOf(tx, customerId)).filter((row) => row.id !== method.id);
    // Product rule R11.4: the default stays while others exist.
    if (method.isDefault && others.length > 0)
      throw new ApiError(400, 'default_payment_method', 'Default payment method', {
        detail: PAYMENT_METHOD_MESSAGES.defaultWithOthers,
      });
    const users = await tx
      .select({ id: subscriptions.id, state: subscriptions.state })
      .from(subscriptions)
      .where(
        and(eq(subscriptions.customerId, customerId), eq(subscriptions.paymentMethodId, method.id)),
      );
    // Product rule R11.7: the only method stays while a plan that is not cancelled pays with it.
    if (others.length === 0 && users.some((row) => row.state !== 'cancelled'))
      throw new ApiError(409, 'payment_method_in_use', 'Payment method in use', {
        detail: PAYMENT_METHOD_MESSAGES.onlyOneInUse,
      });
    // Product rule R11.8: the method being removed is not the default, so one of the others is.
    const fallback = others.find((row) => row.isDefault) ?? others[0];
    if (fallback && users.length > 0)
      await tx
        .update(subscriptions)
        .set({ paymentMethodId: fallback.id, updatedAt: now })
        .where(
          and(
            eq(subscriptions.customerId, customerId),
            eq(subscriptions.paymentMethodId, method.id),
          ),
        );
    await tx.delete(paymentMethods).where(eq(paymentMethods.id, method.id));
  });
}
