import { formatPrice, MINIMUM_SPEND_POUNDS } from './money';

/** A recipe-kit basket line, priced before any discount. */
export interface KitLine {
  /** The Monday of the week the dish is for (YYYY-MM-DD). */
  mealWeek: string;
  isAddon: boolean;
  productVariantId: string;
  totalPence: number;
}

export interface KitMinimums {
  minimumSpendPence: number;
  minimumSpendPerOrderPence: number;
}

export const DEFAULT_KIT_MINIMUMS: KitMinimums = {
  minimumSpendPence: MINIMUM_SPEND_POUNDS * 100,
  minimumSpendPerOrderPence: MINIMUM_SPEND_POUNDS * 100,
};

/** What the applied voucher changes in the rules: only the first week's order carries it. */
export interface KitVoucher {
  /** An add-on voucher's discount is on an add-on, which never counts towards a minimum. */
  type: 'DiscountVoucher' | 'AddonVoucher';
  singleOrder: boolean;
  minimumSpendPerOrderPence: number | null;
  productVariantIds: readonly string[];
  /** The discount on the first week, in pence. */
  discountPence: number;
}

export interface KitWeek {
  mealWeek: string;
  /** Dishes only: add-ons never count towards a minimum (product rule R7.13). */
  foodSubtotalPence: number;
  addonsSubtotalPence: number;
  /** What the week still needs to reach its per-order minimum; 0 once reached. */
  missingToMinimumPence: number;
}

export interface KitProblem {
  code: 'basket_empty' | 'week_below_minimum' | 'below_minimum_spend';
  /** The week at fault; absent for the whole basket. */
  mealWeek?: string;
  missingPence: number;
  message: string;
}

const monthDay = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** "the week of 13 January" */
export const weekName = (mealWeek: string) =>
  `the week of ${monthDay.format(new Date(`${mealWeek}T00:00:00Z`))}`;

/** The meal weeks in the basket, earliest first. */
export function mealWeeksOf(lines: readonly KitLine[]): string[] {
  return [...new Set(lines.map((line) => line.mealWeek))].sort();
}

/** The per-order minimum a week must reach: a single-order voucher sets its own for the first week. */
function weekMinimumPence(
  isFirstWeek: boolean,
  minimums: KitMinimums,
  voucher: KitVoucher | null,
): number {
  if (isFirstWeek && voucher?.singleOrder && voucher.minimumSpendPerOrderPence !== null)
    return voucher.minimumSpendPerOrderPence;
  return minimums.minimumSpendPerOrderPence;
}

/**
 * Per week: the food subtotal (add-ons excluded), the add-ons, and what is missing to the minimum.
 * A discount voucher tied to specific variants is checked on the first week after its discount.
 */
export function kitWeeks(
  lines: readonly KitLine[],
  minimums: KitMinimums = DEFAULT_KIT_MINIMUMS,
  voucher: KitVoucher | null = null,
): KitWeek[] {
  return mealWeeksOf(lines).map((mealWeek, index) => {
    const week = lines.filter((line) => line.mealWeek === mealWeek);
    const sum = (ls: readonly KitLine[]) => ls.reduce((total, line) => total + line.totalPence, 0);
    const foodSubtotalPence = sum(week.filter((line) => !line.isAddon));
    const addonsSubtotalPence = sum(week.filter((line) => line.isAddon));
    const countedPence =
      index === 0 && voucher?.type === 'DiscountVoucher' && voucher.productVariantIds.length > 0
        ? foodSubtotalPence - voucher.discountPence
        : foodSubtotalPence;
    const minimum = weekMinimumPence(index === 0, minimums, voucher);
    return {
      mealWeek,
      foodSubtotalPence,
      addonsSubtotalPence,
      missingToMinimumPence: Math.max(0, minimum - countedPence),
    };
  });
}

/**
 * Product rule R7.13: valid only when every week's food subtotal reaches the per-order minimum and
 * the total (after the discount) reaches the minimum spend. Messages name the week and the amount.
 */
export function kitBasketProblems(
  lines: readonly KitLine[],
  minimums: KitMinimums = DEFAULT_KIT_MINIMUMS,
  voucher: KitVoucher | null = null,
): KitProblem[] {
  if (lines.length === 0)
    return [
      {
        code: 'basket_empty',
        missingPence: minimums.minimumSpendPence,
        message: 'Your box is empty: choose your dishes',
      },
    ];
  const weeks = kitWeeks(lines, minimums, voucher);
  const problems: KitProblem[] = weeks
    .filter((week) => week.missingToMinimumPence > 0)
    .map((week) => ({
      code: 'week_below_minimum' as const,
      mealWeek: week.mealWeek,
      missingPence: week.missingToMinimumPence,
      message: `Add ${formatPrice(week.missingToMinimumPence / 100)} more of dishes for ${weekName(week.mealWeek)} to reach the ${formatPrice(weekMinimumPence(week.mealWeek === weeks[0]?.mealWeek, minimums, voucher) / 100)} minimum`,
    }));
  const totalPence =
    lines.reduce((total, line) => total + line.totalPence, 0) - (voucher?.discountPence ?? 0);
  if (totalPence < minimums.minimumSpendPence) {
    const missingPence = minimums.minimumSpendPence - totalPence;
    problems.push({
      code: 'below_minimum_spend',
      missingPence,
      message: `Add ${formatPrice(missingPence / 100)} more to reach the ${formatPrice(minimums.minimumSpendPence / 100)} minimum spend`,
    });
  }
  return problems;
}

export const isKitBasketValid = (
  lines: readonly KitLine[],
  minimums: KitMinimums = DEFAULT_KIT_MINIMUMS,
  voucher: KitVoucher | null = null,
) => kitBasketProblems(lines, minimums, voucher).length === 0;

/** Product rule R7.14: recipes a week and weeks between boxes the customer chooses. */
export const NUMBER_OF_RECIPES = { min: 2, max: 12 } as const;
export const FREQUENCY_WEEKS = { min: 1, max: 4 } as const;

/** A dish of the box as the plan reads it (pounds). */
export interface PlanDish {
  mealWeek: string;
  isAddon: boolean;
  isDouble: boolean;
  quantity: number;
  price: number;
}

/**
 * Product rule R7.20: the plan's recipes follow the box: the dishes in its first week (add-ons
 * not counted), kept within R7.14's 2 to 12. `clamped` says the box holds a number the plan cannot.
 */
export function planRecipesFor(dishes: readonly PlanDish[]): {
  dishes: number;
  recipes: number;
  clamped: boolean;
} {
  const [firstWeek] = [...new Set(dishes.map((dish) => dish.mealWeek))].sort();
  const count = dishes
    .filter((dish) => dish.mealWeek === firstWeek && !dish.isAddon)
    .reduce((sum, dish) => sum + dish.quantity, 0);
  const recipes = Math.min(NUMBER_OF_RECIPES.max, Math.max(NUMBER_OF_RECIPES.min, count));
  return { dishes: count, recipes, clamped: count > 0 && recipes !== count };
}

/**
 * Product rule R7.19: the first box's price per serving (pence): its dishes over their servings,
 * a double portion serving 2; null for an empty box.
 */
export function pricePerServingPence(dishes: readonly PlanDish[]): number | null {
  const [firstWeek] = [...new Set(dishes.map((dish) => dish.mealWeek))].sort();
  const box = dishes.filter((dish) => dish.mealWeek === firstWeek && !dish.isAddon);
  const servings = box.reduce((sum, dish) => sum + dish.quantity * (dish.isDouble ? 2 : 1), 0);
  if (servings === 0) return null;
  const pence = box.reduce((sum, dish) => sum + Math.round(dish.price * 100) * dish.quantity, 0);
  return Math.round(pence / servings);
}
