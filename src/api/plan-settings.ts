import { camelFlag, snakeFlag } from '../../domain/plan-settings';
import { isSelectableSubscription } from '../../domain/pasta-plan';
import type {
  BoxPreview,
  PreviewInput,
  SaveInput,
  ScheduleBox,
  SchedulePreview,
  SettingsChange,
  SettingsData,
  SettingsFailure,
} from '../../machines/plan-settings/plan-settings.types';
import type { components } from '../../openapi/schema';
import { isApiRequestError } from './api-error';
import { api, unwrap } from './client';

type Schemas = components['schemas'];

const addressLabel = (a: Schemas['AddressResource']['attributes']) =>
  [a.address1, a.address2, a.city, a.zip].filter(Boolean).join(', ');

const snakeFlags = (dietary: Record<string, boolean> | undefined) =>
  dietary
    ? Object.fromEntries(Object.entries(dietary).map(([flag, on]) => [snakeFlag(flag), on]))
    : undefined;

/**
 * The chosen plan's settings (product rule R10.11: the plan named, else the first selectable),
 * the customer's saved addresses and the ingredients to choose from.
 */
export async function loadPlanSettings(planId: string | null): Promise<SettingsData> {
  const [plans, addresses, ingredients] = await Promise.all([
    unwrap(api.GET('/subscriptions')),
    unwrap(api.GET('/addresses')),
    unwrap(api.GET('/ingredients')),
  ]);
  const selectable = plans.data.filter(({ attributes: a }) =>
    isSelectableSubscription({ state: a.state, hasOrders: a.has_orders }),
  );
  const chosen =
    plans.data.find((plan) => plan.id === planId) ?? (planId === null ? selectable[0] : undefined);
  const a = chosen?.attributes;
  return {
    plan:
      chosen && a
        ? {
            id: chosen.id,
            name: a.name,
            state: a.state,
            numberOfRecipes: a.number_of_recipes,
            deliveryNote: a.delivery_note ?? '',
            dietary: Object.fromEntries(
              Object.entries(a.dietary).map(([flag, on]) => [camelFlag(flag), on]),
            ),
            shippingAddressId: a.shipping_address_id,
            billingAddressId: a.billing_address_id,
            deliveryDay: a.schedule?.delivery_day ?? null,
            frequency: a.schedule?.frequency ?? null,
            avoidedIngredients: a.ingredient_ids ?? [],
          }
        : null,
    addresses: addresses.data.map(({ id, attributes }) => ({
      id,
      label: addressLabel(attributes),
      isDefault: attributes.is_default,
    })),
    ingredients: ingredients.data.map(({ id, attributes }) => ({ id, name: attributes.name })),
  };
}

const failure = (error: unknown): SettingsFailure =>
  isApiRequestError(error)
    ? { status: error.status, code: error.code ?? null, message: error.serverMessage ?? null }
    : { status: 0, code: null, message: null };

/** Product rule R10.23: the next box's price now and with the change; null without a next box. */
export async function previewPlanPrice({
  planId,
  change,
}: PreviewInput): Promise<BoxPreview | null> {
  try {
    const answer = await unwrap(
      api.POST('/subscriptions/{id}/settings_preview', {
        params: { path: { id: planId } },
        body: {
          ...(change.numberOfRecipes === undefined
            ? {}
            : { number_of_recipes: change.numberOfRecipes }),
          ...(change.dietary ? { dietary: snakeFlags(change.dietary) } : {}),
          ...(change.avoidedIngredients ? { ingredient_ids: change.avoidedIngredients } : {}),
        },
      }),
    );
    const { current, changed } = answer.data;
    if (!current || !changed) return null;
    return {
      deliveryDate: changed.delivery_date,
      currentPence: current.price_pence,
      changedPence: changed.price_pence,
    };
  } catch (error) {
    throw failure(error);
  }
}

const scheduleBox = (box: Schemas['ScheduleBox']): ScheduleBox | null =>
  box && {
    deliveryDate: box.delivery_date,
    billingDate: box.billing_date,
    pricePence: box.price_pence,
    deliveryPence: box.delivery_pence,
    picked: box.picked,
  };

/**
 * Product rule R10.32: what a new delivery day or frequency would do, from the server's own
 * re-planning run and rolled back (`preview: true`): nothing is saved.
 */
export async function previewPlanSchedule({
  planId,
  change,
}: PreviewInput): Promise<SchedulePreview> {
  try {
    const answer = await unwrap(
      api.PUT('/subscriptions/{id}/schedule', {
        params: { path: { id: planId } },
        body: {
          delivery_day: change.deliveryDay ?? 0,
          frequency: change.frequency ?? 0,
          preview: true,
        },
      }),
    );
    if (!('preview' in answer)) throw new Error('the schedule preview answered no preview');
    const { current, changed, moves } = answer.preview;
    return { current: scheduleBox(current), changed: scheduleBox(changed), moves };
  } catch (error) {
    throw failure(error);
  }
}

const settingsBody = (change: SettingsChange) => ({
  ...(change.numberOfRecipes === undefined ? {} : { number_of_recipes: change.numberOfRecipes }),
  ...(change.dietary ? { dietary: snakeFlags(change.dietary) } : {}),
  ...(change.deliveryNote === undefined ? {} : { delivery_note: change.deliveryNote }),
  ...(change.shippingAddressId === undefined
    ? {}
    : { shipping_address_id: change.shippingAddressId }),
  ...(change.billingAddressId === undefined ? {} : { billing_address_id: change.billingAddressId }),
});

/** Saves one section's change, then reads the settings again. */
export async function savePlanSettings(input: SaveInput): Promise<SettingsData> {
  const { planId, change, section } = input;
  const price = input.boxPricePence === null ? {} : { box_price_pence: input.boxPricePence };
  try {
    if (section === 'schedule')
      await unwrap(
        api.PUT('/subscriptions/{id}/schedule', {
          params: { path: { id: planId } },
          body: { delivery_day: change.deliveryDay ?? 0, frequency: change.frequency ?? 0 },
        }),
      );
    else if (section === 'ingredients')
      await unwrap(
        api.POST('/subscriptions/{id}/ingredient_preferences', {
          params: { path: { id: planId } },
          body: { ingredient_ids: change.avoidedIngredients ?? [], ...price },
        }),
      );
    else
      await unwrap(
        api.PUT('/subscriptions/{id}', {
          params: { path: { id: planId } },
          body: { ...settingsBody(change), ...price },
        }),
      );
  } catch (error) {
    throw failure(error);
  }
  return loadPlanSettings(planId);
}
