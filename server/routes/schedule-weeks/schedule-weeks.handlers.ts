import type { Deps } from '../../deps';
import type { Queryable } from '../../db/database';
import type { components } from '../../../openapi/schema';
import type { OperationHandlers } from '../../http/handler';
import { requireCustomer } from '../../services/sessions';
import {
  changeScheduleWeek,
  chooseScheduleWeekRecipes,
  scheduleWeekDetails,
} from '../../services/subscriptions/schedule-week';

type OrderState = components['schemas']['OrderState'];

const pounds = (pence: number) => pence / 100;

/** The week pages' document (product rules R10.24-R10.27). */
async function weekDocument(db: Queryable, customerId: number, weekId: string, now: Date) {
  const { week, subscription, order, changeable, address, box, menu, days } =
    await scheduleWeekDetails(db, customerId, weekId, now);
  return {
    data: {
      type: 'schedule_weeks' as const,
      id: String(week.id),
      attributes: {
        subscription_id: String(subscription.id),
        subscription_state: subscription.state,
        number_of_recipes: subscription.numberOfRecipes,
        start_date: week.startDate,
        delivery_date: week.deliveryDate,
        original_delivery_date: week.originalDeliveryDate,
        billing_date: week.billingDate.toISOString(),
        state: week.state,
        order_id: order ? String(order.id) : null,
        order_state: order ? (order.state as OrderState) : null,
        changeable,
        address: address && {
          id: String(address.id),
          first_name: address.address.first_name ?? '',
          last_name: address.address.last_name ?? '',
          address1: address.address.address1,
          address2: address.address.address2 ?? null,
          city: address.address.city,
          zip: address.address.zip,
        },
        chef_selected: box.chefSelected,
        box: box.lines.map((line) => ({
          variant_id: String(line.variantId),
          title: line.title,
          variant_title: line.variantTitle,
          quantity: line.quantity,
          price: pounds(line.pricePence),
        })),
        subtotal: pounds(box.lines.reduce((sum, l) => sum + l.pricePence * l.quantity, 0)),
        menu: menu.map((item) => ({
          variant_id: String(item.variantId),
          title: item.title,
          variant_title: item.variantTitle,
          is_double: item.isDouble,
          price: pounds(item.pricePence),
        })),
        delivery_days: days,
      },
    },
  };
}

export function scheduleWeekHandlers(
  deps: Deps,
): OperationHandlers<'getScheduleWeek' | 'updateScheduleWeek' | 'chooseScheduleWeekRecipes'> {
  const { db, now } = deps;
  const weekDeps = { db, mailer: deps.mailer, now, publicUrl: deps.config.publicUrl };
  return {
    getScheduleWeek: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      return weekDocument(db, customer.id, request.params.id, now());
    },

    updateScheduleWeek: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const id = await changeScheduleWeek(weekDeps, customer, request.params.id, {
        deliveryDate: request.body.delivery_date,
        shippingAddressId: request.body.shipping_address_id,
      });
      return weekDocument(db, customer.id, String(id), now());
    },

    chooseScheduleWeekRecipes: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const id = await chooseScheduleWeekRecipes(
        weekDeps,
        customer,
        request.params.id,
        request.body.selections.map((pick) => ({
          variantId: pick.variant_id,
          quantity: pick.quantity,
        })),
      );
      return weekDocument(db, customer.id, String(id), now());
    },
  };
}
