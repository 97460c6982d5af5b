import { camelFlag } from '../../../domain/plan-settings';
import type { Deps } from '../../deps';
import type { OperationHandlers } from '../../http/handler';
import { requireCustomer } from '../../services/sessions';
import {
  catalogueIngredients,
  ingredientPreferences,
  previewPlanSettings,
  updatePlanSettings,
  type BoxPrice,
} from '../../services/subscriptions/plan-settings';
import {
  changePlanSchedule,
  previewPlanSchedule,
} from '../../services/subscriptions/plan-settings-schedule';
import { subscriptionOf } from './subscriptions.handlers';

const ingredientResource = (ingredient: { id: string; name: string; recipes?: number }) => ({
  type: 'ingredients' as const,
  id: ingredient.id,
  attributes: {
    name: ingredient.name,
    ...(ingredient.recipes === undefined ? {} : { recipes: ingredient.recipes }),
  },
});

const boxPrice = (price: BoxPrice | null) =>
  price && {
    delivery_date: price.deliveryDate,
    price_pence: price.pricePence,
    picked: price.picked,
  };

/** Product rule R10.32: a box as the schedule preview shows it. */
const scheduleBox = (price: BoxPrice | null) =>
  price && {
    delivery_date: price.deliveryDate,
    billing_date: price.billingDate.toISOString(),
    price_pence: price.pricePence,
    delivery_pence: price.deliveryPence,
    picked: price.picked,
  };

const camelFlags = (dietary: Record<string, boolean | undefined> | undefined) =>
  dietary
    ? Object.fromEntries(Object.entries(dietary).map(([flag, on]) => [camelFlag(flag), on]))
    : undefined;

/** The pasta plan's settings (product rules R10.19-R10.23). */
export function planSettingsHandlers(
  deps: Deps,
): OperationHandlers<
  | 'updateSubscriptionSchedule'
  | 'previewSubscriptionSettings'
  | 'listIngredientPreferences'
  | 'setIngredientPreferences'
  | 'listIngredients'
> {
  const { db, now } = deps;
  const planDeps = { db, mailer: deps.mailer, now, publicUrl: deps.config.publicUrl };
  return {
    updateSubscriptionSchedule: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const change = { deliveryDay: request.body.delivery_day, frequency: request.body.frequency };
      if (request.body.preview) {
        const preview = await previewPlanSchedule(planDeps, customer, request.params.id, change);
        return {
          preview: {
            current: scheduleBox(preview.current),
            changed: scheduleBox(preview.changed),
            moves: preview.moves,
          },
        };
      }
      const id = await changePlanSchedule(planDeps, customer, request.params.id, change);
      return subscriptionOf(db, customer.id, id);
    },

    previewSubscriptionSettings: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const preview = await previewPlanSettings(planDeps, customer, request.params.id, {
        numberOfRecipes: request.body.number_of_recipes,
        dietary: camelFlags(request.body.dietary),
        avoidedIngredients: request.body.ingredient_ids,
      });
      return { data: { current: boxPrice(preview.current), changed: boxPrice(preview.changed) } };
    },

    listIngredientPreferences: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const avoided = await ingredientPreferences(db, customer, request.params.id);
      return { data: avoided.map(ingredientResource) };
    },

    setIngredientPreferences: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      await updatePlanSettings(planDeps, customer, request.params.id, {
        avoidedIngredients: request.body.ingredient_ids,
        boxPricePence: request.body.box_price_pence,
      });
      const avoided = await ingredientPreferences(db, customer, request.params.id);
      return { data: avoided.map(ingredientResource) };
    },

    listIngredients: async () => {
      const ingredients = await catalogueIngredients(db);
      return { data: ingredients.map(ingredientResource) };
    },
  };
}
