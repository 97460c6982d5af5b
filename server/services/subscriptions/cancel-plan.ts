import { and, asc, eq, inArray } from 'drizzle-orm';
import { canCancel, cancelReasonError, type CancelReason } from '../../../domain/cancel-plan';
import { orders, scheduleWeeks, subscriptions } from '../../db/schema';
import { ApiError } from '../../http/jsonapi';
import { planCancelledEmail } from './pasta-plan-emails';
import { lockedSubscription, rowId, type Customer, type PastaPlanDeps } from './pasta-plan';

export interface CancelRequest {
  reason: string;
  note: string | null;
}

/**
 * Product rules R10.13-R10.16: cancels the plan with the customer's reason. Its coming weeks
 * without an order are marked skipped, so they are never billed; weeks already billed keep their
 * order and are still delivered. The plan row is locked and then its weeks (the billing job claims
 * weeks with the same lock), so a week being billed right now is seen with its order once the
 * lock is ours. A plan already cancelled answers as it is: no second email.
 */
export async function cancelPlan(
  deps: PastaPlanDeps,
  customer: Customer,
  subscriptionId: string,
  request: CancelRequest,
): Promise<number> {
  const id = rowId(subscriptionId, 'Subscription');
  const invalid = cancelReasonError(request.reason, request.note);
  if (invalid !== null)
    throw new ApiError(400, 'invalid_cancellation_reason', invalid, {
      pointer: request.reason === 'other' ? '/cancellation_note' : '/cancellation_reason',
    });
  const note = request.reason === 'other' ? (request.note?.trim() ?? null) : null;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { subscription, schedule } = await lockedSubscription(tx, customer.id, id);
    if (!canCancel(subscription.state)) return id;
    await tx
      .update(subscriptions)
      .set({
        state: 'cancelled',
        resumeOn: null,
        cancellationReason: request.reason as CancelReason,
        cancellationNote: note,
        cancelledAt: now,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, id));
    const stillDelivered: string[] = [];
    if (schedule) {
      const weeks = await tx
        .select({ id: scheduleWeeks.id, deliveryDate: scheduleWeeks.deliveryDate })
        .from(scheduleWeeks)
        .where(and(eq(scheduleWeeks.scheduleId, schedule.id), eq(scheduleWeeks.state, 'active')))
        .orderBy(asc(scheduleWeeks.deliveryDate))
        .for('update');
      const ordered = weeks.length
        ? await tx
            .select({ weekId: orders.scheduleWeekId })
            .from(orders)
            .where(
              inArray(
                orders.scheduleWeekId,
                weeks.map((week) => week.id),
              ),
            )
        : [];
      const orderedIds = new Set(ordered.map((row) => row.weekId));
      const unbilled = weeks.filter((week) => !orderedIds.has(week.id)).map((week) => week.id);
      if (unbilled.length)
        await tx
          .update(scheduleWeeks)
          .set({ state: 'skipped' })
          .where(inArray(scheduleWeeks.id, unbilled));
      const today = now.toISOString().slice(0, 10);
      for (const week of weeks)
        if (orderedIds.has(week.id) && week.deliveryDate >= today)
          stillDelivered.push(week.deliveryDate);
    }
    await deps.mailer.enqueue(tx, planCancelledEmail(customer, stillDelivered, deps.publicUrl));
    return id;
  });
}
