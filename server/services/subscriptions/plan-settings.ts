import { and, eq } from 'drizzle-orm';
import { deliveryFeePence } from '../../../domain/delivery-fee';
import {
  DIETARY_FLAG_NAMES,
  INGREDIENTS,
  INGREDIENT_IDS,
  MAX_AVOIDED_INGREDIENTS,
  PLAN_SETTINGS_MESSAGES,
  RECIPES_MAX,
  RECIPES_MIN,
  ingredientsOf,
} from '../../../domain/plan-settings';
import { PASTA_PLAN_MESSAGES } from '../../../domain/pasta-plan';
import type { Database, Queryable } from '../../db/database';
import { nextOpenWeek } from './open-weeks';
import {
  addresses,
  catalogueProducts,
  deliveryFeeConfig,
  scheduleWeekPicks,
  subscriptions,
} from '../../db/schema';
import { ApiError, notFound } from '../../http/jsonapi';
import { chefPicks, type DietaryFlags } from './chef-picks';
import { confirmPlanSettingsChange } from './plan-settings-emails';
import { lockedSubscription, rowId, type Customer, type PastaPlanDeps } from './pasta-plan';
import { variantDetails, weeklyMenu } from './weekly-menu';

type Subscription = typeof subscriptions.$inferSelect;

/** The settings a change may carry; what it leaves out stays as it is. */
export interface SettingsChange {
  numberOfRecipes?: number;
  deliveryNote?: string | null;
  dietary?: Partial<Record<string, boolean>>;
  shippingAddressId?: string;
  /** null: the customer's default address (product rule R10.22). */
  billingAddressId?: string | null;
  avoidedIngredients?: string[];
  /** The next box's price the customer saw (product rule R10.23). */
  boxPricePence?: number;
}

export interface BoxPrice {
  deliveryDate: string;
  /** The week's cut-off, when the box is billed (product rule R10.32 shows it). */
  billingDate: Date;
  pricePence: number;
  /** The delivery fee inside `pricePence` (product rule R10.32 shows it). */
  deliveryPence: number;
  /** The customer picked this box's dishes: the settings do not change it. */
  picked: boolean;
}

const cancelled = () => new ApiError(409, 'subscription_cancelled', PASTA_PLAN_MESSAGES.cancelled);

/** Bad input, checked before anything is read or written. */
function checkChange(change: SettingsChange) {
  const { numberOfRecipes, dietary, avoidedIngredients } = change;
  if (
    numberOfRecipes !== undefined &&
    (!Number.isInteger(numberOfRecipes) ||
      numberOfRecipes < RECIPES_MIN ||
      numberOfRecipes > RECIPES_MAX)
  )
    throw new ApiError(400, 'invalid_number_of_recipes', PLAN_SETTINGS_MESSAGES.recipes, {
      pointer: '/number_of_recipes',
    });
  if (dietary && Object.keys(dietary).some((flag) => !DIETARY_FLAG_NAMES.includes(flag as never)))
    throw new ApiError(400, 'invalid_dietary_flag', 'Unknown dietary flag.', {
      pointer: '/dietary',
    });
  if (avoidedIngredients) {
    if (avoidedIngredients.some((id) => !INGREDIENT_IDS.includes(id)))
      throw new ApiError(400, 'invalid_ingredient', PLAN_SETTINGS_MESSAGES.ingredient, {
        pointer: '/ingredient_ids',
      });
    if (new Set(avoidedIngredients).size > MAX_AVOIDED_INGREDIENTS)
      throw new ApiError(400, 'too_many_ingredients', PLAN_SETTINGS_MESSAGES.tooManyIngredients, {
        pointer: '/ingredient_ids',
      });
  }
}

/** The plan as it would be with the change (addresses aside). */
function withChange(subscription: Subscription, change: SettingsChange): Subscription {
  return {
    ...subscription,
    numberOfRecipes: change.numberOfRecipes ?? subscription.numberOfRecipes,
    dietary: change.dietary
      ? Object.fromEntries(
          Object.entries({ ...subscription.dietary, ...change.dietary }).filter(([, on]) => on),
        )
      : subscription.dietary,
    avoidedIngredients: change.avoidedIngredients
      ? [...new Set(change.avoidedIngredients)].sort()
      : subscription.avoidedIngredients,
  } as Subscription;
}

/**
 * Product rule R10.23: the price of the plan's next box (its next active week whose cut-off is
 * ahead and has no order): the customer's picks, else the chef's picks with the plan's number of
 * recipes, dietary flags and avoided ingredients, plus the delivery fee; null without such a week.
 */
export async function nextBoxPrice(
  tx: Queryable,
  subscription: Subscription,
  now: Date,
): Promise<BoxPrice | null> {
  const week = await nextOpenWeek(tx, subscription.id, now);
  if (!week) return null;
  const { deliveryDate, startDate, id, billingDate } = week;
  const picks = await tx
    .select()
    .from(scheduleWeekPicks)
    .where(eq(scheduleWeekPicks.scheduleWeekId, id));
  let subtotalPence: number;
  if (picks.length > 0) {
    const details = await variantDetails(
      tx,
      picks.map((pick) => pick.variantId),
    );
    subtotalPence = picks.reduce(
      (sum, pick) =>
        sum + (details.find((d) => d.id === pick.variantId)?.pricePence ?? 0) * pick.quantity,
      0,
    );
  } else {
    const chosen = chefPicks(
      await weeklyMenu(tx, startDate),
      subscription.numberOfRecipes,
      subscription.dietary as DietaryFlags,
      subscription.avoidedIngredients,
    );
    subtotalPence = chosen.reduce((sum, pick) => sum + pick.variant.pricePence, 0);
  }
  const rules = await tx.select().from(deliveryFeeConfig);
  const deliveryPence = deliveryFeePence(rules, deliveryDate, subtotalPence);
  return {
    deliveryDate,
    billingDate,
    pricePence: subtotalPence + deliveryPence,
    deliveryPence,
    picked: picks.length > 0,
  };
}

async function ownedAddress(tx: Queryable, customerId: number, id: string, what: string) {
  const addressId = rowId(id, what);
  const [row] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)));
  if (!row) throw notFound(what);
  return row.id;
}

export interface SettingsPreview {
  current: BoxPrice | null;
  changed: BoxPrice | null;
}

/** Product rule R10.23: the next box's price now and with the change, before it is saved. */
export async function previewPlanSettings(
  deps: Pick<PastaPlanDeps, 'db' | 'now'>,
  customer: { id: number },
  subscriptionId: string,
  change: SettingsChange,
): Promise<SettingsPreview> {
  const id = rowId(subscriptionId, 'Subscription');
  checkChange(change);
  const now = deps.now();
  const [subscription] = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.customerId, customer.id)));
  if (!subscription) throw notFound('Subscription');
  return {
    current: await nextBoxPrice(deps.db, subscription, now),
    changed: await nextBoxPrice(deps.db, withChange(subscription, change), now),
  };
}

/**
 * Product rules R10.19-R10.23: changes the plan's recipes, dietary flags, avoided ingredients,
 * delivery note and addresses in one transaction with the plan row locked, so two tabs saving at
 * once apply one after the other. A change that alters the next box's price is refused (409
 * `price_changed`) unless the customer saw that price (`boxPricePence`). Bad input writes nothing.
 * What really changed is emailed once, in the same transaction (product rule R10.31).
 */
export async function updatePlanSettings(
  deps: PastaPlanDeps,
  customer: Customer,
  subscriptionId: string,
  change: SettingsChange,
): Promise<number> {
  const id = rowId(subscriptionId, 'Subscription');
  checkChange(change);
  const changesSomething = (
    [
      'numberOfRecipes',
      'deliveryNote',
      'dietary',
      'shippingAddressId',
      'billingAddressId',
      'avoidedIngredients',
    ] as const
  ).some((key) => change[key] !== undefined);
  if (!changesSomething)
    throw new ApiError(400, 'nothing_to_change', PLAN_SETTINGS_MESSAGES.nothingToChange);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { subscription } = await lockedSubscription(tx, customer.id, id);
    if (subscription.state === 'cancelled') throw cancelled();
    const next = withChange(subscription, change);
    const shippingAddressId =
      change.shippingAddressId === undefined
        ? subscription.shippingAddressId
        : await ownedAddress(tx, customer.id, change.shippingAddressId, 'Shipping address');
    const billingAddressId =
      change.billingAddressId === undefined
        ? subscription.billingAddressId
        : change.billingAddressId === null
          ? null
          : await ownedAddress(tx, customer.id, change.billingAddressId, 'Billing address');
    const [before, after] = [
      await nextBoxPrice(tx, subscription, now),
      await nextBoxPrice(tx, next, now),
    ];
    if (
      before &&
      after &&
      before.pricePence !== after.pricePence &&
      change.boxPricePence !== after.pricePence
    )
      throw new ApiError(409, 'price_changed', PLAN_SETTINGS_MESSAGES.priceChanged, {
        detail: `${PLAN_SETTINGS_MESSAGES.priceChanged} New price per box: ${after.pricePence}p.`,
        pointer: '/box_price_pence',
      });
    const deliveryNote =
      change.deliveryNote === undefined
        ? subscription.deliveryNote
        : change.deliveryNote?.trim() || null;
    await tx
      .update(subscriptions)
      .set({
        numberOfRecipes: next.numberOfRecipes,
        dietary: next.dietary,
        avoidedIngredients: next.avoidedIngredients,
        deliveryNote,
        shippingAddressId,
        billingAddressId,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, id));
    // Product rule R10.31: one email for what really changed, none for a change to the same.
    await confirmPlanSettingsChange(
      tx,
      { mailer: deps.mailer, publicUrl: deps.publicUrl, now },
      customer,
      id,
      subscription,
      {
        numberOfRecipes: next.numberOfRecipes,
        dietary: next.dietary,
        avoidedIngredients: next.avoidedIngredients,
        deliveryNote,
        shippingAddressId,
        billingAddressId,
      },
    );
    return id;
  });
}

/** Product rule R10.21: the plan's avoided ingredients with their names. */
export async function ingredientPreferences(
  db: Database,
  customer: { id: number },
  subscriptionId: string,
) {
  const id = rowId(subscriptionId, 'Subscription');
  const [subscription] = await db
    .select({ avoided: subscriptions.avoidedIngredients })
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.customerId, customer.id)));
  if (!subscription) throw notFound('Subscription');
  return INGREDIENTS.filter((ingredient) => subscription.avoided.includes(ingredient.id));
}

/**
 * Product rule R10.21: the ingredients the catalogue's recipes use (recipe kits on the menu, not
 * hidden), with how many recipes use each; found by the ingredient's words in the recipe's title
 * and description.
 */
export async function catalogueIngredients(db: Queryable) {
  const recipes = await db
    .select({
      title: catalogueProducts.title,
      description: catalogueProducts.descriptionHtml,
      tags: catalogueProducts.tags,
    })
    .from(catalogueProducts)
    .where(eq(catalogueProducts.productType, 'Recipe Kit'));
  const counts = new Map<string, number>();
  for (const recipe of recipes) {
    if (recipe.tags.includes('hide-from-menu')) continue;
    for (const id of ingredientsOf(recipe.title, recipe.description))
      counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return INGREDIENTS.filter((ingredient) => counts.has(ingredient.id)).map((ingredient) => ({
    id: ingredient.id,
    name: ingredient.name,
    recipes: counts.get(ingredient.id)!,
  }));
}
