import type { PlanSchedule, SubscriptionState } from '../../domain/pasta-plan';

/** A subscription as the pasta plan shows it. */
export interface Plan {
  id: string;
  name: string;
  state: SubscriptionState;
  numberOfRecipes: number;
  /** A paused plan's first delivery again; null: indefinitely (or not paused). */
  resumeOn: string | null;
  hasOrders: boolean;
  schedule: PlanSchedule | null;
}

/** One of a plan's coming weeks. */
export interface PlanWeek {
  id: string;
  subscriptionId: string;
  deliveryDate: string;
  /** The cut-off (ISO instant). */
  billingDate: string;
  state: 'active' | 'skipped';
  orderId: string | null;
  /** The box's dishes; empty: the chef's picks. */
  recipes: string[];
}

/** What the server says now: the plans, their weeks, and the time it was read (for cut-offs). */
export interface PlanData {
  plans: Plan[];
  weeks: PlanWeek[];
  now: string;
}

/** A refused or failed call: the server's words when it gave some. */
export interface PlanFailure {
  status: number;
  message: string | null;
}
