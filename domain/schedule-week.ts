import {
  boxWeekDays,
  deliveryDateOptions,
  firstDeliveryDate,
  type BoxWeekDay,
  type UnavailableProduct,
} from './delivery-dates';
import { formatPrice } from './money';
import { PASTA_PLAN_MESSAGES } from './pasta-plan';
import { DEFAULT_KIT_MINIMUMS } from './recipe-kit-basket';
import { addDays } from './weeks';

/** The customer's words on the week pages and in the schedule-week calls (R10.24-R10.28). */
export const SCHEDULE_WEEK_MESSAGES = {
  /** Product rule R10.5, shared with skipping. */
  tooLate: PASTA_PLAN_MESSAGES.tooLate,
  /** Product rule R9.29: the week's box was dropped unpaid on its delivery day. */
  dropped:
    'This week’s box was not paid by its delivery day, so it could not be packed. Nothing was charged for it, and any store credit spent on it is back in your account.',
  cancelled: PASTA_PLAN_MESSAGES.cancelled,
  chooseRecipes: 'Choose at least one recipe, or let the chef choose',
  tooManyRecipes: (max: number) => `Your plan has ${max} recipes a week: choose ${max} or fewer`,
  belowMinimum: `A box must come to at least ${formatPrice(
    DEFAULT_KIT_MINIMUMS.minimumSpendPerOrderPence / 100,
  )}: add a recipe`,
  notOnMenu: 'Choose recipes from this week’s menu',
  sameRecipeTwice: 'Each recipe is listed once: change its quantity instead',
  chooseDate: 'Choose a different delivery day',
  dateUnavailable: 'Choose a delivery day this week that is still available',
  nothingToChange: 'Choose a delivery date or an address to change',
  recipesChosen: 'Your recipes for this week are saved.',
  chefChooses: 'The chef will choose this week’s recipes.',
  dateChanged: 'Your delivery date is changed.',
  addressChanged: 'This week’s box will go to your chosen address.',
  chooseAddress: 'Choose the address for this week’s box',
  loadFailed: 'We could not load this week. Try again.',
  actionFailed: 'Something went wrong. Try again.',
} as const;

/**
 * Product rule R10.25: the days a plan week's box can come on. Its dishes are its week's menu and
 * it is billed at its week's cut-off, so it stays in its week: Monday to Saturday of that week,
 * within the 21-day window from the week's Monday (or from the first date a box can still be
 * delivered), Sundays and Christmas closed, a day disabled when the courier does not deliver or a
 * dish in the box is unavailable on it (the kit checkout's rules, product rule R8.4).
 */
export function scheduleWeekDays(
  weekStartDate: string,
  now: Date,
  unavailableDates: readonly string[],
  unavailableProducts: readonly UnavailableProduct[],
  boxVariantIds: readonly string[],
): BoxWeekDay[] {
  const first = firstDeliveryDate(now);
  const begin = first > weekStartDate ? first : weekStartDate;
  if (begin > addDays(weekStartDate, 6)) return [];
  const options = deliveryDateOptions(
    begin,
    unavailableDates,
    unavailableProducts,
    boxVariantIds,
  ).filter((option) => option.weekStart === weekStartDate);
  return boxWeekDays(weekStartDate, options);
}

export const isScheduleWeekDay = (days: readonly BoxWeekDay[], date: string) =>
  days.some((day) => day.date === date && day.available);

export interface RecipePick {
  variantId: string;
  quantity: number;
}

/**
 * Product rule R10.27: the customer's picks for a week. An empty list gives the week back to the
 * chef. Otherwise each recipe once, of the week's menu, at most the plan's number of recipes in
 * all, and at least the per-order minimum (£10, R13) in all. Undefined when they are fine.
 */
export function recipePicksProblem(
  picks: readonly RecipePick[],
  numberOfRecipes: number,
  menuPricePence: ReadonlyMap<string, number>,
  minimumPence: number = DEFAULT_KIT_MINIMUMS.minimumSpendPerOrderPence,
): string | undefined {
  if (picks.length === 0) return undefined;
  if (new Set(picks.map((pick) => pick.variantId)).size !== picks.length)
    return SCHEDULE_WEEK_MESSAGES.sameRecipeTwice;
  if (picks.some((pick) => !menuPricePence.has(pick.variantId)))
    return SCHEDULE_WEEK_MESSAGES.notOnMenu;
  const count = picks.reduce((sum, pick) => sum + pick.quantity, 0);
  if (count > numberOfRecipes) return SCHEDULE_WEEK_MESSAGES.tooManyRecipes(numberOfRecipes);
  const subtotal = picks.reduce(
    (sum, pick) => sum + (menuPricePence.get(pick.variantId) ?? 0) * pick.quantity,
    0,
  );
  if (subtotal < minimumPence) return SCHEDULE_WEEK_MESSAGES.belowMinimum;
  return undefined;
}

/** How many recipes the picks hold in all. */
export const pickedCount = (picks: readonly RecipePick[]) =>
  picks.reduce((sum, pick) => sum + pick.quantity, 0);

/** The week pages' paths (product rule R10.24). */
export const scheduleWeekPaths = (weekId: string) => ({
  edit: `/schedule/${weekId}/edit`,
  chooseRecipes: `/schedule/${weekId}/choose-recipes`,
  changeDeliveryDate: `/schedule/${weekId}/change-delivery-date`,
});

export const oneOffBoxPath = (orderId: string) => `/schedule/one-off/${orderId}/view`;
