import { cutoffText, dayAndDate, isSelectableSubscription, weekStatus } from './pasta-plan';
import type { PlanSchedule, SubscriptionState } from './pasta-plan';
import { isPaymentFailed } from './order-status';

/** A plan as the dashboard summarises it (GET subscriptions, in the list order of R10.1). */
export interface DashboardPlan {
  id: string;
  name: string;
  state: SubscriptionState;
  numberOfRecipes: number;
  resumeOn: string | null;
  hasOrders: boolean;
  schedule: PlanSchedule | null;
}

/** A coming week (GET schedule_weeks). */
export interface DashboardWeek {
  id: string;
  subscriptionId: string;
  deliveryDate: string;
  /** The cut-off (ISO instant). */
  billingDate: string;
  state: 'active' | 'skipped';
  orderId: string | null;
  picked: boolean;
}

/** An order awaiting payment (GET orders/pending_payment). */
export interface DashboardOrder {
  id: string;
  reference: string;
  state: string;
  subscriptionId: string | null;
  /** Product rule R9.28: a payment of it failed; false while it awaits its first. */
  paymentFailed: boolean;
}

export type NeedsAction =
  | { kind: 'payment'; orderId: string; reference: string; failed: boolean; href: string }
  | { kind: 'chooseDishes'; weekId: string; deliveryDate: string; cutoff: string; href: string }
  | { kind: 'verifyEmail' };

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** "Every week", "Every 2 weeks" (product rule R7.14: 1 to 4). */
export const frequencyText = (frequency: number) =>
  frequency === 1 ? 'Every week' : `Every ${frequency} weeks`;

/** 1 Monday .. 6 Saturday, as the schedule stores it. */
export const deliveryDayText = (deliveryDay: number) => DAYS[deliveryDay - 1] ?? '';

const STATE_TEXT: Record<SubscriptionState, string> = {
  created: 'Starting',
  active: 'Active',
  paused: 'Paused',
  failed: 'Payment failed',
  cancelled: 'Cancelled',
};
export const planStateText = (state: SubscriptionState) => STATE_TEXT[state];

/** Product rules R2.18 and R10.11: the plan the dashboard shows, the first selectable one. */
export const dashboardPlan = <T extends DashboardPlan>(plans: T[]): T | null =>
  plans.find(isSelectableSubscription) ?? null;

/**
 * Product rule R2.18: the plan's next box: its soonest coming week that will be delivered
 * (ordered, or open and not skipped), with its cut-off. Null for a paused plan's paused weeks.
 */
export function nextBox(plan: DashboardPlan, weeks: DashboardWeek[], now: Date) {
  const today = now.toISOString().slice(0, 10);
  const week = weeks
    .filter((w) => w.subscriptionId === plan.id && w.deliveryDate >= today)
    .sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate))
    .find((w) => {
      const status = weekStatus(w, plan, now);
      return status === 'ordered' || status === 'active';
    });
  if (!week) return null;
  return {
    week,
    deliveryText: dayAndDate(week.deliveryDate),
    ordered: week.orderId !== null,
    cutoffText: cutoffText(week.billingDate),
  };
}

/**
 * Product rule R2.19: what needs the customer, most urgent first: each order whose payment failed
 * (R9.2; never a cancelled plan's), the soonest coming week of the plan with no dishes chosen
 * while its cut-off is ahead, and an email address not verified yet.
 */
export function needsAction(input: {
  plans: DashboardPlan[];
  weeks: DashboardWeek[];
  pendingOrders: DashboardOrder[];
  emailVerified: boolean;
  now: Date;
}): NeedsAction[] {
  const cancelled = new Set(input.plans.filter((p) => p.state === 'cancelled').map((p) => p.id));
  const payments: NeedsAction[] = input.pendingOrders
    .filter((o) => isPaymentFailed(o.state))
    .filter((o) => o.subscriptionId === null || !cancelled.has(o.subscriptionId))
    .map((o) => ({
      kind: 'payment',
      orderId: o.id,
      reference: o.reference,
      failed: o.paymentFailed,
      href: `/payment/${o.id}`,
    }));
  const plan = dashboardPlan(input.plans);
  const unpicked = plan
    ? input.weeks
        .filter(
          (w) =>
            w.subscriptionId === plan.id &&
            !w.picked &&
            weekStatus(w, plan, input.now) === 'active',
        )
        .sort((a, b) => a.deliveryDate.localeCompare(b.deliveryDate))[0]
    : undefined;
  const choose: NeedsAction[] = unpicked
    ? [
        {
          kind: 'chooseDishes',
          weekId: unpicked.id,
          deliveryDate: dayAndDate(unpicked.deliveryDate),
          cutoff: cutoffText(unpicked.billingDate),
          href: `/schedule/${unpicked.id}/choose-recipes`,
        },
      ]
    : [];
  return [
    ...payments,
    ...choose,
    ...(input.emailVerified ? [] : [{ kind: 'verifyEmail' as const }]),
  ];
}
