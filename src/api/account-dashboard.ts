import type { DashboardOrder, DashboardPlan, DashboardWeek } from '../../domain/account-dashboard';
import { api, unwrap, type ApiClient } from './client';

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
