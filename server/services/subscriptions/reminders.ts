import { and, asc, eq, gt, isNull, lte, notExists } from 'drizzle-orm';
import { weekNotOrdered } from './open-weeks';
import { cutoffText, dayAndDate } from '../../../domain/pasta-plan';
import type { Database } from '../../db/database';
import {
  customers,
  scheduleWeekPicks,
  scheduleWeeks,
  schedules,
  subscriptions,
} from '../../db/schema';
import type { Mailer, OutgoingEmail } from '../mailer';
import type { PlanRecipient } from './pasta-plan-emails';

/** Product rule R10.29: the reminder goes 48 hours before the week's cut-off. */
export const REMINDER_HOURS_BEFORE_CUTOFF = 48;
const BATCH = 50;

export interface PlanNoticeDeps {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
}

export function pickReminderEmail(
  to: PlanRecipient,
  week: { deliveryDate: string; billingDate: Date },
  numberOfRecipes: number,
  publicUrl: string,
): OutgoingEmail {
  const day = dayAndDate(week.deliveryDate);
  return {
    to: to.email,
    subject: `Choose your dishes for ${day}`,
    text: [
      to.firstName ? `Hello ${to.firstName},` : 'Hello,',
      '',
      `Your next Sfoglia box comes on ${day} and you haven't chosen its dishes yet.`,
      `Choose them before the cut-off, ${cutoffText(week.billingDate)}, or our chef picks ${numberOfRecipes} for you.`,
      'Away that week? Skip the box before the cut-off and nothing is charged.',
      `${publicUrl}/account/pasta-plan`,
    ].join('\n'),
  };
}

/**
 * Product rule R10.29: for each active plan's active week whose cut-off is within the next 48
 * hours, with no picks and no order yet, one reminder. The weeks are claimed with SKIP LOCKED
 * and marked (`reminder_sent_at`) in the transaction that queues the email, so two instances
 * (or two runs) send it once. Skipped weeks and paused, failed or cancelled plans get none.
 */
export async function queuePickReminders(
  deps: PlanNoticeDeps,
  asOf: Date,
  scope: { customerId?: number } = {},
): Promise<number> {
  const until = new Date(asOf.getTime() + REMINDER_HOURS_BEFORE_CUTOFF * 3_600_000);
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ week: scheduleWeeks, subscription: subscriptions, customer: customers })
      .from(scheduleWeeks)
      .innerJoin(schedules, eq(schedules.id, scheduleWeeks.scheduleId))
      .innerJoin(subscriptions, eq(subscriptions.id, schedules.subscriptionId))
      .innerJoin(customers, eq(customers.id, subscriptions.customerId))
      .where(
        and(
          eq(subscriptions.state, 'active'),
          eq(scheduleWeeks.state, 'active'),
          isNull(scheduleWeeks.reminderSentAt),
          gt(scheduleWeeks.billingDate, asOf),
          lte(scheduleWeeks.billingDate, until),
          scope.customerId === undefined ? undefined : eq(customers.id, scope.customerId),
          notExists(
            tx
              .select({ id: scheduleWeekPicks.id })
              .from(scheduleWeekPicks)
              .where(eq(scheduleWeekPicks.scheduleWeekId, scheduleWeeks.id)),
          ),
          weekNotOrdered(tx),
        ),
      )
      .orderBy(asc(scheduleWeeks.billingDate), asc(scheduleWeeks.id))
      .limit(BATCH)
      .for('update', { of: scheduleWeeks, skipLocked: true });
    let queued = 0;
    for (const { week, subscription, customer } of due) {
      // Claimed first: only the transaction that marks the week writes its email.
      const [claimed] = await tx
        .update(scheduleWeeks)
        .set({ reminderSentAt: at })
        .where(and(eq(scheduleWeeks.id, week.id), isNull(scheduleWeeks.reminderSentAt)))
        .returning({ id: scheduleWeeks.id });
      if (!claimed) continue;
      await deps.mailer.enqueue(
        tx,
        pickReminderEmail(customer, week, subscription.numberOfRecipes, deps.publicUrl),
      );
      queued += 1;
    }
    return queued;
  });
}
