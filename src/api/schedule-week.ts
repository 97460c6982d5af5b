import type { RecipePick } from '../../domain/schedule-week';
import type { ChooseRecipesData } from '../../machines/choose-recipes/choose-recipes.types';
import type { DeliveryDateData } from '../../machines/change-delivery-date/change-delivery-date.types';
import type { components } from '../../openapi/schema';
import { isApiRequestError } from './api-error';
import { api, unwrap } from './client';

type WeekResource = components['schemas']['ScheduleWeekDetailsResource'];

/** One plan week as its pages show it (GET schedule_weeks/{id}, product rule R10.24). */
export interface ScheduleWeek {
  id: string;
  subscriptionId: string;
  subscriptionState: WeekResource['attributes']['subscription_state'];
  numberOfRecipes: number;
  startDate: string;
  deliveryDate: string;
  originalDeliveryDate: string;
  billingDate: string;
  state: 'active' | 'skipped';
  orderId: string | null;
  /** The box's order state once written: `dropped` once dropped unpaid (R9.29). */
  orderState: string | null;
  changeable: boolean;
  address: WeekResource['attributes']['address'];
  chefSelected: boolean;
  box: {
    variantId: string;
    title: string;
    variantTitle: string;
    quantity: number;
    price: number;
  }[];
  subtotal: number;
  menu: ChooseRecipesData['menu'];
  days: DeliveryDateData['days'];
}

const weekOf = ({ id, attributes: a }: WeekResource): ScheduleWeek => ({
  id,
  subscriptionId: a.subscription_id,
  subscriptionState: a.subscription_state,
  numberOfRecipes: a.number_of_recipes,
  startDate: a.start_date,
  deliveryDate: a.delivery_date,
  originalDeliveryDate: a.original_delivery_date,
  billingDate: a.billing_date,
  state: a.state,
  orderId: a.order_id,
  orderState: a.order_state,
  changeable: a.changeable,
  address: a.address,
  chefSelected: a.chef_selected,
  box: a.box.map((line) => ({
    variantId: line.variant_id,
    title: line.title,
    variantTitle: line.variant_title,
    quantity: line.quantity,
    price: line.price,
  })),
  subtotal: a.subtotal,
  menu: a.menu.map((item) => ({
    variantId: item.variant_id,
    title: item.title,
    variantTitle: item.variant_title,
    isDouble: item.is_double,
    price: item.price,
  })),
  days: a.delivery_days.map((day) =>
    day.reason === undefined
      ? { date: day.date, available: day.available }
      : { date: day.date, available: day.available, reason: day.reason },
  ),
});

/** A failure as the week machines read it: the status and the server's words. */
async function asWeekCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isApiRequestError(error)
      ? { status: error.status, message: error.serverMessage ?? null }
      : { status: 0, message: null };
  }
}

export const fetchScheduleWeek = async (weekId: string, client = api) =>
  weekOf(
    (await unwrap(client.GET('/schedule_weeks/{id}', { params: { path: { id: weekId } } }))).data,
  );

export const toRecipesData = (week: ScheduleWeek): ChooseRecipesData => ({
  weekId: week.id,
  deliveryDate: week.deliveryDate,
  numberOfRecipes: week.numberOfRecipes,
  changeable: week.changeable,
  chefSelected: week.chefSelected,
  box: week.box.map(({ variantId, title, quantity }) => ({ variantId, title, quantity })),
  menu: week.menu,
});

export const toDateData = (week: ScheduleWeek): DeliveryDateData => ({
  weekId: week.id,
  deliveryDate: week.deliveryDate,
  changeable: week.changeable,
  days: week.days,
});

/** POST schedule_weeks/{id}/chef_selections: the picks, or none for the chef's (R10.27). */
export const saveWeekRecipes = (weekId: string, picks: readonly RecipePick[], client = api) =>
  asWeekCall(async () =>
    weekOf(
      (
        await unwrap(
          client.POST('/schedule_weeks/{id}/chef_selections', {
            params: { path: { id: weekId } },
            body: {
              selections: picks.map((pick) => ({
                variant_id: pick.variantId,
                quantity: pick.quantity,
              })),
            },
          }),
        )
      ).data,
    ),
  );

/** PUT schedule_weeks/{id} with a new delivery date (R10.25). */
export const saveWeekDate = (weekId: string, date: string, client = api) =>
  asWeekCall(async () =>
    weekOf(
      (
        await unwrap(
          client.PUT('/schedule_weeks/{id}', {
            params: { path: { id: weekId } },
            body: { delivery_date: date },
          }),
        )
      ).data,
    ),
  );

/** PUT schedule_weeks/{id} with another of the customer's saved addresses (R10.26). */
export const saveWeekAddress = (weekId: string, addressId: string, client = api) =>
  asWeekCall(async () =>
    weekOf(
      (
        await unwrap(
          client.PUT('/schedule_weeks/{id}', {
            params: { path: { id: weekId } },
            body: { shipping_address_id: addressId },
          }),
        )
      ).data,
    ),
  );

export const loadRecipesData = (weekId: string) =>
  asWeekCall(async () => toRecipesData(await fetchScheduleWeek(weekId)));
export const loadDateData = (weekId: string) =>
  asWeekCall(async () => toDateData(await fetchScheduleWeek(weekId)));

/** POST schedule_weeks/{id}/skip or /unskip from the week's page (product rule R10.4). */
export const setWeekSkipped = (weekId: string, skipped: boolean, client = api) =>
  asWeekCall(() =>
    unwrap(
      skipped
        ? client.POST('/schedule_weeks/{id}/skip', { params: { path: { id: weekId } } })
        : client.POST('/schedule_weeks/{id}/unskip', { params: { path: { id: weekId } } }),
    ),
  );
