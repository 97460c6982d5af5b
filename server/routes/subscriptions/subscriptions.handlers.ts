import type { Queryable } from '../../db/database';
import type { components } from '../../../openapi/schema';
import type { OperationHandlers } from '../../http/handler';
import { notFound } from '../../http/jsonapi';
import { requireCustomer } from '../../services/sessions';
import { changeSubscriptionPaymentMethod } from './change-payment-method';
import { cancelPlan } from '../../services/subscriptions/cancel-plan';
import { updatePlanSettings } from '../../services/subscriptions/plan-settings';
import { camelFlag } from '../../../domain/plan-settings';
import { ApiError } from '../../http/jsonapi';
import { activatePlan, pausePlan, setWeekState } from '../../services/subscriptions/pasta-plan';
import { isoDate } from '../../services/subscriptions/schedule-dates';
import {
  customerSubscriptions,
  futureScheduleWeeks,
} from '../../services/subscriptions/subscriptions';
import type { Deps } from '../../deps';

type OrderState = components['schemas']['OrderState'];

const idOrNull = (id: number | null) => (id === null ? null : String(id));
const snake = (flag: string) => flag.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

type SubscriptionEntry = Awaited<ReturnType<typeof customerSubscriptions>>[number];
type WeekEntry = Awaited<ReturnType<typeof futureScheduleWeeks>>[number];

const subscriptionResource = ({ subscription, schedule, hasOrders }: SubscriptionEntry) => ({
  type: 'subscriptions' as const,
  id: String(subscription.id),
  attributes: {
    name: subscription.name,
    state: subscription.state,
    number_of_recipes: subscription.numberOfRecipes,
    number_of_cocktails: subscription.numberOfCocktails,
    delivery_note: subscription.deliveryNote,
    dietary: Object.fromEntries(
      Object.entries(subscription.dietary).map(([flag, on]) => [snake(flag), on]),
    ),
    shipping_address_id: idOrNull(subscription.shippingAddressId),
    billing_address_id: idOrNull(subscription.billingAddressId),
    payment_method_id: idOrNull(subscription.paymentMethodId),
    schedule: schedule
      ? {
          delivery_day: schedule.deliveryDay,
          first_delivery: schedule.firstDelivery,
          frequency: schedule.frequency,
        }
      : null,
    resume_on: subscription.resumeOn,
    cancellation_reason: subscription.cancellationReason,
    cancelled_at: subscription.cancelledAt?.toISOString() ?? null,
    has_orders: hasOrders,
    ingredient_ids: subscription.avoidedIngredients,
  },
});

const weekResource = ({
  week,
  subscriptionId,
  orderId,
  orderState,
  picked,
  recipes,
}: WeekEntry) => ({
  type: 'schedule_weeks' as const,
  id: String(week.id),
  attributes: {
    subscription_id: String(subscriptionId),
    start_date: week.startDate,
    delivery_date: week.deliveryDate,
    original_delivery_date: week.originalDeliveryDate,
    billing_date: week.billingDate.toISOString(),
    state: week.state,
    order_id: idOrNull(orderId),
    order_state: orderState as OrderState | null,
    picked,
    recipes,
  },
});

export async function subscriptionOf(db: Queryable, customerId: number, id: number) {
  const entry = (await customerSubscriptions(db, customerId)).find(
    (row) => row.subscription.id === id,
  );
  if (!entry) throw notFound('Subscription');
  return { data: subscriptionResource(entry) };
}

async function weekOf(db: Queryable, customerId: number, weekId: number, today: string) {
  const [entry] = await futureScheduleWeeks(db, customerId, today, { weekId });
  if (!entry) throw notFound('Schedule week');
  return { data: weekResource(entry) };
}

export function subscriptionHandlers(
  deps: Deps,
): OperationHandlers<
  | 'listSubscriptions'
  | 'listScheduleWeeks'
  | 'skipScheduleWeek'
  | 'unskipScheduleWeek'
  | 'pauseSubscription'
  | 'activateSubscription'
  | 'changeSubscriptionPaymentMethod'
  | 'updateSubscription'
> {
  const { db, now } = deps;
  const planDeps = { db, mailer: deps.mailer, now, publicUrl: deps.config.publicUrl };
  return {
    listSubscriptions: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const rows = await customerSubscriptions(db, customer.id);
      return { data: rows.map(subscriptionResource) };
    },

    listScheduleWeeks: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const rows = await futureScheduleWeeks(db, customer.id, isoDate(now()), {
        subscriptionId: request.query['filter[subscription_id]'],
      });
      return { data: rows.map(weekResource) };
    },

    skipScheduleWeek: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const id = await setWeekState(planDeps, customer, request.params.id, 'skipped');
      return weekOf(db, customer.id, id, isoDate(now()));
    },

    unskipScheduleWeek: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const id = await setWeekState(planDeps, customer, request.params.id, 'active');
      return weekOf(db, customer.id, id, isoDate(now()));
    },

    pauseSubscription: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const resumeOn = request.body.resume_on ?? null;
      const id = await pausePlan(planDeps, customer, request.params.id, resumeOn);
      return subscriptionOf(db, customer.id, id);
    },

    activateSubscription: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const id = await activatePlan(planDeps, customer, request.params.id);
      return subscriptionOf(db, customer.id, id);
    },

    changeSubscriptionPaymentMethod: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const id = await changeSubscriptionPaymentMethod(
        db,
        customer.id,
        {
          subscriptionId: request.body.subscription_id,
          paymentMethodId: request.body.payment_method_id,
        },
        now(),
        { mailer: deps.mailer, publicUrl: deps.config.publicUrl, customer },
      );
      return subscriptionOf(db, customer.id, id);
    },

    updateSubscription: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const { body } = request;
      const cancelling = body.state !== undefined || body.cancellation_reason !== undefined;
      if (cancelling) {
        // Product rules R10.13-R10.16: cancelling is its own change, never mixed with settings.
        if (body.state !== 'cancelled' || body.cancellation_reason === undefined)
          throw new ApiError(
            400,
            'invalid_cancellation',
            'Cancelling needs state cancelled and a cancellation reason.',
            { pointer: body.state === undefined ? '/state' : '/cancellation_reason' },
          );
        const id = await cancelPlan(planDeps, customer, request.params.id, {
          reason: body.cancellation_reason,
          note: body.cancellation_note ?? null,
        });
        return subscriptionOf(db, customer.id, id);
      }
      // Product rules R10.19-R10.23: the plan's settings.
      const id = await updatePlanSettings(planDeps, customer, request.params.id, {
        numberOfRecipes: body.number_of_recipes,
        deliveryNote: body.delivery_note,
        dietary: body.dietary
          ? Object.fromEntries(Object.entries(body.dietary).map(([f, on]) => [camelFlag(f), on]))
          : undefined,
        shippingAddressId: body.shipping_address_id,
        billingAddressId: body.billing_address_id,
        boxPricePence: body.box_price_pence,
      });
      return subscriptionOf(db, customer.id, id);
    },
  };
}
