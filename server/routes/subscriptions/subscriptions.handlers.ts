import type { OperationHandlers } from '../../http/handler';
import { requireCustomer } from '../../services/sessions';
import { isoDate } from '../../services/subscriptions/schedule-dates';
import {
  customerSubscriptions,
  futureScheduleWeeks,
} from '../../services/subscriptions/subscriptions';
import type { Deps } from '../../deps';

const idOrNull = (id: number | null) => (id === null ? null : String(id));
const snake = (flag: string) => flag.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function subscriptionHandlers({
  db,
  now,
}: Deps): OperationHandlers<'listSubscriptions' | 'listScheduleWeeks'> {
  return {
    listSubscriptions: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const rows = await customerSubscriptions(db, customer.id);
      return {
        data: rows.map(({ subscription, schedule }) => ({
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
          },
        })),
      };
    },

    listScheduleWeeks: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const rows = await futureScheduleWeeks(
        db,
        customer.id,
        isoDate(now()),
        request.query['filter[subscription_id]'],
      );
      return {
        data: rows.map(({ week, subscriptionId, orderId, picked }) => ({
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
            picked,
          },
        })),
      };
    },
  };
}
