import { and, eq } from 'drizzle-orm';
import { PAYMENT_METHOD_MESSAGES } from '../../../domain/payment-methods';
import type { Queryable } from '../../db/database';
import { subscriptions } from '../../db/schema';
import { ApiError, notFound } from '../../http/jsonapi';
import type { Mailer } from '../../services/mailer';
import type { PlanRecipient } from '../../services/subscriptions/pasta-plan-emails';
import { confirmPlanSettingsChange } from '../../services/subscriptions/plan-settings-emails';
import { lockCustomer, ownedMethod } from '../payment-methods/owned-payment-methods';

/**
 * Pays one of the customer's subscriptions with another of their saved methods (product rule
 * R11.9). Under the customer's lock, so it cannot race a removal of that method (R11.7). With
 * `notices`, a real change is confirmed by email in the same transaction (R10.31).
 */
export async function changeSubscriptionPaymentMethod(
  db: Queryable,
  customerId: number,
  ids: { subscriptionId: string; paymentMethodId: string },
  now: Date,
  notices?: { mailer: Mailer; publicUrl: string; customer: PlanRecipient },
): Promise<number> {
  return db.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const subscriptionId = Number(ids.subscriptionId);
    const [subscription] = Number.isSafeInteger(subscriptionId)
      ? await tx
          .select({
            id: subscriptions.id,
            state: subscriptions.state,
            paymentMethodId: subscriptions.paymentMethodId,
          })
          .from(subscriptions)
          .where(
            and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)),
          )
      : [];
    if (!subscription) throw notFound('Subscription');
    const method = await ownedMethod(tx, customerId, ids.paymentMethodId);
    if (subscription.state === 'cancelled')
      throw new ApiError(409, 'subscription_cancelled', 'Subscription cancelled', {
        detail: PAYMENT_METHOD_MESSAGES.cancelledPlan,
      });
    await tx
      .update(subscriptions)
      .set({ paymentMethodId: method.id, updatedAt: now })
      .where(eq(subscriptions.id, subscription.id));
    if (notices)
      await confirmPlanSettingsChange(
        tx,
        { mailer: notices.mailer, publicUrl: notices.publicUrl, now },
        notices.customer,
        subscription.id,
        { paymentMethodId: subscription.paymentMethodId },
        { paymentMethodId: method.id },
      );
    return subscription.id;
  });
}
