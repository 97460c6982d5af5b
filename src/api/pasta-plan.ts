import type { CancelReason } from '../../domain/cancel-plan';
import type {
  Plan,
  PlanData,
  PlanFailure,
  PlanWeek,
} from '../../machines/pasta-plan/pasta-plan.types';
import type { components } from '../../openapi/schema';
import { api, unwrap } from './client';
import { isApiRequestError } from './api-error';

type Schemas = components['schemas'];

const planOf = ({ id, attributes: a }: Schemas['SubscriptionResource']): Plan => ({
  id,
  name: a.name,
  state: a.state,
  numberOfRecipes: a.number_of_recipes,
  resumeOn: a.resume_on,
  hasOrders: a.has_orders,
  schedule: a.schedule
    ? {
        deliveryDay: a.schedule.delivery_day,
        firstDelivery: a.schedule.first_delivery,
        frequency: a.schedule.frequency,
      }
    : null,
});

const weekOf = ({ id, attributes: a }: Schemas['ScheduleWeekResource']): PlanWeek => ({
  id,
  subscriptionId: a.subscription_id,
  deliveryDate: a.delivery_date,
  billingDate: a.billing_date,
  state: a.state,
  orderId: a.order_id,
  recipes: a.recipes,
});

/** GET subscriptions and GET schedule_weeks together: the whole pasta plan as read now. */
export async function loadPastaPlan(): Promise<PlanData> {
  const [subscriptions, weeks] = await Promise.all([
    unwrap(api.GET('/subscriptions')),
    unwrap(api.GET('/schedule_weeks', { params: { query: {} } })),
  ]);
  return {
    plans: subscriptions.data.map(planOf),
    weeks: weeks.data.map(weekOf),
    now: new Date().toISOString(),
  };
}

/** A call, then the plan read again; a failure as the machine reads it (the server's words). */
async function thenReload(work: () => Promise<unknown>): Promise<PlanData> {
  try {
    await work();
  } catch (error) {
    throw (
      isApiRequestError(error)
        ? { status: error.status, message: error.serverMessage ?? null }
        : { status: 0, message: null }
    ) satisfies PlanFailure;
  }
  return loadPastaPlan();
}

export const skipWeek = (weekId: string) =>
  thenReload(() =>
    unwrap(api.POST('/schedule_weeks/{id}/skip', { params: { path: { id: weekId } } })),
  );

export const unskipWeek = (weekId: string) =>
  thenReload(() =>
    unwrap(api.POST('/schedule_weeks/{id}/unskip', { params: { path: { id: weekId } } })),
  );

export const pausePlan = (planId: string, resumeOn: string | null) =>
  thenReload(() =>
    unwrap(
      api.POST('/subscriptions/{id}/pause', {
        params: { path: { id: planId } },
        body: resumeOn ? { resume_on: resumeOn } : {},
      }),
    ),
  );

export const resumePlan = (planId: string) =>
  thenReload(() =>
    unwrap(api.POST('/subscriptions/{id}/activate', { params: { path: { id: planId } } })),
  );

/** Product rule R10.13: cancels the plan with the customer's reason (`PUT subscriptions/{id}`). */
export const cancelPlan = (planId: string, reason: CancelReason, note: string | null) =>
  thenReload(() =>
    unwrap(
      api.PUT('/subscriptions/{id}', {
        params: { path: { id: planId } },
        body: {
          state: 'cancelled',
          cancellation_reason: reason,
          ...(note ? { cancellation_note: note } : {}),
        },
      }),
    ),
  );
