import type { DashboardOrder, DashboardPlan, DashboardWeek } from '../../domain/account-dashboard';
import type { paths } from '../../openapi/schema';
import { api, unwrap, type ApiClient } from './client';
import { answerInPage, customerInPage } from './settings-in-page';

/** A GET's 200 body, as the contract says it. */
type Body<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer B } } } };
}
  ? B
  : never;

export interface DashboardData {
  plans: DashboardPlan[];
  weeks: DashboardWeek[];
  pendingOrders: DashboardOrder[];
}

export const DASHBOARD_QUERY_KEY = ['account-dashboard'] as const;

/**
 * The dashboard's three reads at once (no waterfall): GET subscriptions, GET schedule_weeks and
 * GET orders/pending_payment.
 */
export async function loadDashboard(client: ApiClient = api): Promise<DashboardData> {
  const [subscriptions, weeks, pending] = await Promise.all([
    unwrap(client.GET('/subscriptions')),
    unwrap(client.GET('/schedule_weeks', { params: { query: {} } })),
    unwrap(client.GET('/orders/pending_payment'), 'We were unable to process your request'),
  ]);
  return dashboardOf(subscriptions, weeks, pending);
}

/**
 * Product rule R14.12: the dashboard's first data from its page, when the server drew it with all
 * three reads for this customer (dated when served, so a stale page is read again at once); else
 * nothing. Another customer signed in since the page was served reads their own.
 */
export function dashboardFromPage(customerId: string) {
  const served = customerInPage() as { data?: { id?: string } } | undefined;
  if (served?.data?.id !== customerId) return {};
  const [subscriptions, weeks, pending] = [
    answerInPage<Body<'/subscriptions'>>('/subscriptions'),
    answerInPage<Body<'/schedule_weeks'>>('/schedule_weeks'),
    answerInPage<Body<'/orders/pending_payment'>>('/orders/pending_payment'),
  ];
  if (!subscriptions || !weeks || !pending) return {};
  return {
    initialData: () => dashboardOf(subscriptions.body, weeks.body, pending.body),
    initialDataUpdatedAt: subscriptions.at,
  };
}

function dashboardOf(
  subscriptions: Body<'/subscriptions'>,
  weeks: Body<'/schedule_weeks'>,
  pending: Body<'/orders/pending_payment'>,
): DashboardData {
  return {
    plans: subscriptions.data.map(({ id, attributes: a }) => ({
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
    })),
    weeks: weeks.data.map(({ id, attributes: a }) => ({
      id,
      subscriptionId: a.subscription_id,
      deliveryDate: a.delivery_date,
      billingDate: a.billing_date,
      state: a.state,
      orderId: a.order_id,
      picked: a.picked,
    })),
    pendingOrders: pending.data.map(({ id, attributes: a }) => ({
      id,
      reference: a.reference,
      state: a.state,
      subscriptionId: a.subscription_id ?? null,
      paymentFailed: a.payment_failed,
    })),
  };
}
