import { describe, expect, it } from 'vitest';
import {
  isKitBasketValid,
  planRecipesFor,
  pricePerServingPence,
  type PlanDish,
  kitBasketProblems,
  kitWeeks,
  type KitLine,
  type KitVoucher,
} from '../../domain/recipe-kit-basket';

const W1 = '2026-03-02';
const W2 = '2026-03-09';
const line = (mealWeek: string, totalPence: number, isAddon = false, id = '11'): KitLine => ({
  mealWeek,
  totalPence,
  isAddon,
  productVariantId: id,
});
const voucher = (overrides: Partial<KitVoucher> = {}): KitVoucher => ({
  type: 'DiscountVoucher',
  singleOrder: false,
  minimumSpendPerOrderPence: null,
  productVariantIds: [],
  discountPence: 0,
  ...overrides,
});

describe('recipe-kit basket validity (product rule R7.13)', () => {
  it('is valid when every week reaches £10 of food, exactly at the edge', () => {
    expect(isKitBasketValid([line(W1, 1000), line(W2, 1000)])).toBe(true);
    expect(isKitBasketValid([line(W1, 1000), line(W2, 999)])).toBe(false);
  });

  it('leaves add-ons out of the per-week minimum, and names the week and the amount', () => {
    const problems = kitBasketProblems([line(W1, 900), line(W1, 550, true)]);

    expect(problems).toEqual([
      {
        code: 'week_below_minimum',
        mealWeek: W1,
        missingPence: 100,
        message: 'Add £1.00 more of dishes for the week of 2 March to reach the £10.00 minimum',
      },
    ]);
  });

  it('an empty box is not valid', () => {
    expect(kitBasketProblems([])[0]?.code).toBe('basket_empty');
  });

  it('checks the total against the minimum spend after the discount', () => {
    const problems = kitBasketProblems(
      [line(W1, 1200)],
      { minimumSpendPence: 1000, minimumSpendPerOrderPence: 500 },
      voucher({ discountPence: 300 }),
    );

    expect(problems).toEqual([
      {
        code: 'below_minimum_spend',
        missingPence: 100,
        message: 'Add £1.00 more to reach the £10.00 minimum spend',
      },
    ]);
  });

  it('a single-order voucher uses its own per-order minimum for the first week only', () => {
    const single = voucher({ singleOrder: true, minimumSpendPerOrderPence: 2500 });

    const weeks = kitWeeks([line(W1, 2000), line(W2, 1000)], undefined, single);

    expect(weeks.map((w) => w.missingToMinimumPence)).toEqual([500, 0]);
  });

  it('a discount tied to variants checks the first week after the discount', () => {
    const tied = voucher({ productVariantIds: ['11'], discountPence: 200 });
    const untied = voucher({ discountPence: 200 });

    expect(kitWeeks([line(W1, 1100)], undefined, tied)[0]?.missingToMinimumPence).toBe(100);
    expect(kitWeeks([line(W1, 1100)], undefined, untied)[0]?.missingToMinimumPence).toBe(0);
  });

  it("an add-on voucher's free add-on takes nothing off the dishes counted towards the minimum", () => {
    const freeDessert = voucher({
      type: 'AddonVoucher',
      productVariantIds: ['341'],
      discountPence: 550,
    });
    const week = [line(W1, 1000), line(W1, 550, true, '341')];

    expect(kitWeeks(week, undefined, freeDessert)[0]?.missingToMinimumPence).toBe(0);
    expect(isKitBasketValid(week, undefined, freeDessert)).toBe(true);
  });

  it('orders weeks earliest first with food and add-ons apart', () => {
    expect(kitWeeks([line(W2, 500), line(W1, 1500), line(W1, 300, true)])).toEqual([
      { mealWeek: W1, foodSubtotalPence: 1500, addonsSubtotalPence: 300, missingToMinimumPence: 0 },
      { mealWeek: W2, foodSubtotalPence: 500, addonsSubtotalPence: 0, missingToMinimumPence: 500 },
    ]);
  });
});

describe('the plan follows the box (product rules R7.19, R7.20)', () => {
  const dish = (mealWeek: string, quantity: number, extra: Partial<PlanDish> = {}): PlanDish => ({
    mealWeek,
    isAddon: false,
    isDouble: false,
    quantity,
    price: 7.95,
    ...extra,
  });

  it("counts the first week's dishes, add-ons left out", () => {
    const box = [
      dish('2026-03-09', 2),
      dish('2026-03-09', 1, { isDouble: true }),
      dish('2026-03-09', 1, { isAddon: true }),
      dish('2026-03-16', 5),
    ];
    expect(planRecipesFor(box)).toEqual({ dishes: 3, recipes: 3, clamped: false });
  });

  it('keeps the plan within 2 to 12 recipes and says so', () => {
    expect(planRecipesFor([dish('2026-03-09', 1)])).toEqual({
      dishes: 1,
      recipes: 2,
      clamped: true,
    });
    expect(planRecipesFor([dish('2026-03-09', 14)])).toMatchObject({ recipes: 12, clamped: true });
    expect(planRecipesFor([])).toEqual({ dishes: 0, recipes: 2, clamped: false });
  });

  it('prices a serving over the first box, a double portion serving 2', () => {
    const box = [
      dish('2026-03-09', 1, { price: 8 }),
      dish('2026-03-09', 1, { price: 14, isDouble: true }),
    ];
    expect(pricePerServingPence(box)).toBe(733);
    expect(pricePerServingPence([])).toBeNull();
  });
});
