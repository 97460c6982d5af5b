import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, firstOrderableWeek, weekStart } from '../../domain/weeks';
import { basketItems, deliveryFeeConfig } from '../../server/db/schema';
import { dishIdsForWeek } from '../../server/db/seed-data/catalogue';
import {
  doubleVariantId,
  regularVariantId,
  TRACKED_STOCK,
} from '../../server/db/seed-data/catalogue-products';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp();
const client = () => new ApiClient(testApp().app);
const kit = { type: 'RecipeKitBasket' };

const now = new Date();
const firstWeek = firstOrderableWeek(now);
const secondWeek = addDays(firstWeek, 7);
/** Core dish 1 is on every week's menu; 34 is the tiramisù add-on. */
const REGULAR = String(regularVariantId(1));
const DOUBLE = String(doubleVariantId(1));
const TIRAMISU = String(regularVariantId(34));

interface Item {
  id: string;
  attributes: Record<string, unknown>;
}

async function kitBasket(browser: ApiClient) {
  const created = await browser.post('/baskets', kit);
  expect(created.statusCode).toBe(201);
  return created.json().data.id as string;
}

async function itemCount(basketId: string) {
  const [row] = await testApp()
    .database.db.select({ n: count() })
    .from(basketItems)
    .where(eq(basketItems.basketId, basketId));
  return row?.n ?? 0;
}

const add = (browser: ApiClient, id: string, variant: string, quantity = 1, week = firstWeek) =>
  browser.post(`/baskets/${id}/items`, {
    product_variant_id: variant,
    quantity,
    meal_week: week,
  });

describe('recipe-kit basket items', () => {
  it('adds a dish for a week with meal_week, is_addon, is_double, variant title and image', async () => {
    const browser = client();
    const id = await kitBasket(browser);

    const response = await add(browser, id, DOUBLE, 2);

    expect(response.statusCode).toBe(201);
    const [item] = response.json().included as Item[];
    expect(item?.attributes).toMatchObject({
      product_id: '1',
      product_variant_id: DOUBLE,
      quantity: 2,
      meal_week: firstWeek,
      is_addon: false,
      is_double: true,
      variant_title: 'Double Portion, Serves 2',
    });
    expect(item?.attributes.image_url).toMatch(
      /^\/artwork\/(kit|add-on|bundle|gift-box)\/.+\.svg$/,
    );
  });

  it('marks add-ons and regular portions, and adds to the line already there', async () => {
    const browser = client();
    const id = await kitBasket(browser);

    await add(browser, id, REGULAR);
    await add(browser, id, REGULAR, 2);
    const response = await add(browser, id, TIRAMISU);

    const items = response.json().included as Item[];
    expect(
      items.map((i) => [i.attributes.quantity, i.attributes.is_addon, i.attributes.is_double]),
    ).toEqual([
      [3, false, false],
      [1, true, false],
    ]);
  });

  it('changes and removes items, and deletes the basket by type', async () => {
    const browser = client();
    const id = await kitBasket(browser);
    const added = await add(browser, id, REGULAR);
    const itemId = (added.json().included as Item[])[0]?.id;

    const changed = await browser.put(`/baskets/${id}/items/${itemId}`, { quantity: 4 });
    const removed = await browser.delete(`/baskets/${id}/items/${itemId}`);
    const deleted = await browser.delete('/baskets/delete_by_type/RecipeKitBasket');

    expect((changed.json().included as Item[])[0]?.attributes.quantity).toBe(4);
    expect(removed.json().included).toEqual([]);
    expect(deleted.statusCode).toBe(204);
    expect((await browser.get(`/baskets/${id}`)).statusCode).toBe(404);
  });

  it('refuses a closed week, a dish not on the menu and bad input, writing nothing', async () => {
    const browser = client();
    const id = await kitBasket(browser);

    const closed = await add(browser, id, REGULAR, 1, weekStart(now));
    const notMonday = await add(browser, id, REGULAR, 1, addDays(firstWeek, 1));
    const noMenu = await add(browser, id, REGULAR, 1, addDays(firstWeek, 7 * 30));
    const unknown = await add(browser, id, '999999');
    const noWeek = await browser.post(`/baskets/${id}/items`, {
      product_variant_id: REGULAR,
      quantity: 1,
    });
    const badQuantity = await add(browser, id, REGULAR, 0);
    const badDate = await add(browser, id, REGULAR, 1, 'next week');

    expect(closed.json().errors[0]).toMatchObject({
      code: 'week_closed',
      source: { pointer: '/meal_week' },
    });
    expect(notMonday.json().errors[0].code).toBe('meal_week_not_monday');
    expect(noMenu.json().errors[0].code).toBe('unknown_product');
    expect(unknown.json().errors[0]).toMatchObject({
      code: 'unknown_product',
      source: { pointer: '/product_variant_id' },
    });
    expect(noWeek.json().errors[0].code).toBe('meal_week_required');
    expect([badQuantity.statusCode, badDate.statusCode]).toEqual([400, 400]);
    expect(await itemCount(id)).toBe(0);
  });

  it('refuses a variant out of stock, and more than the stock left', async () => {
    const browser = client();
    const id = await kitBasket(browser);
    const [soldOut] = Object.entries(TRACKED_STOCK).find(([, left]) => left === 0) ?? [];
    const [scarce] = Object.entries(TRACKED_STOCK).find(([, left]) => left === 2) ?? [];
    const weekWith = (variant: string) =>
      [0, 1, 2, 3, 4]
        .map((n) => addDays(firstWeek, n * 7))
        .find((week) => dishIdsForWeek(week).includes(Math.floor(Number(variant) / 10)));

    const none = await add(browser, id, soldOut ?? '', 1, weekWith(soldOut ?? ''));
    const tooMany = await add(browser, id, scarce ?? '', 3, weekWith(scarce ?? ''));

    expect(none.json().errors[0]).toMatchObject({ code: 'out_of_stock' });
    expect(tooMany.json().errors[0].detail).toMatch(/^Only 2 of /);
    expect(await itemCount(id)).toBe(0);
  });

  it("answers 404 for another customer's basket and without a session", async () => {
    const id = await kitBasket(client());
    const stranger = client();
    await kitBasket(stranger);

    const foreign = await add(stranger, id, REGULAR);
    const anonymous = await add(client(), id, REGULAR);

    expect([foreign.statusCode, anonymous.statusCode]).toEqual([404, 404]);
    expect(await itemCount(id)).toBe(0);
  });

  it('keeps the frequency, number of recipes and subscription choice, within their ranges', async () => {
    const browser = client();
    const id = await kitBasket(browser);

    const ok = await browser.put(`/baskets/${id}`, {
      frequency: 2,
      number_of_recipes: 4,
      start_subscription: true,
    });
    const tooMany = await browser.put(`/baskets/${id}`, { number_of_recipes: 13 });
    const tooRare = await browser.put(`/baskets/${id}`, { frequency: 5 });

    expect(ok.json().data.attributes).toMatchObject({
      frequency: 2,
      number_of_recipes: 4,
      start_subscription: true,
    });
    expect([tooMany.statusCode, tooRare.statusCode]).toEqual([400, 400]);
  });
});

describe('recipe-kit pricing and validity', () => {
  it('prices each week, with add-ons apart, and says what each week misses', async () => {
    const browser = client();
    const id = await kitBasket(browser);
    await add(browser, id, REGULAR, 1);
    await add(browser, id, TIRAMISU, 1);
    const response = await add(browser, id, REGULAR, 2, secondWeek);

    const { meta, included } = response.json();
    const dish = (included as Item[])[0]?.attributes.price as number;
    expect(meta.weeks).toMatchObject([
      {
        meal_week: firstWeek,
        food_subtotal: dish,
        addons_subtotal: 5.5,
        missing_to_minimum: Math.max(0, Math.round((10 - dish) * 100) / 100),
      },
      {
        meal_week: secondWeek,
        food_subtotal: dish * 2,
        addons_subtotal: 0,
        missing_to_minimum: Math.max(0, Math.round((10 - dish * 2) * 100) / 100),
      },
    ]);
  });

  it('validates every week: the messages name the week and the amount missing', async () => {
    const browser = client();
    const id = await kitBasket(browser);
    await add(browser, id, TIRAMISU, 1);

    const response = await browser.get(`/baskets/${id}/validate`);

    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ code: 'week_below_minimum' });
    expect(response.json().errors[0].detail).toMatch(
      /^Add £10\.00 more of dishes for the week of \d+ \w+ to reach the £10\.00 minimum$/,
    );
  });

  it('is valid once every week reaches the minimum, and charges the weekday fee', async () => {
    const browser = client();
    const id = await kitBasket(browser);
    await browser.put(`/baskets/${id}`, { delivery_date: addDays(firstWeek, 2) });
    await add(browser, id, DOUBLE, 2);
    await add(browser, id, DOUBLE, 2, secondWeek);

    const response = await browser.get(`/baskets/${id}/validate`);

    expect(response.statusCode).toBe(200);
    const [rule] = await testApp()
      .database.db.select()
      .from(deliveryFeeConfig)
      .where(eq(deliveryFeeConfig.weekDay, 3));
    const perWeek = response.json().meta.weeks[0].food_subtotal * 100;
    const fee = !rule
      ? 199
      : rule.thresholdPence !== null && perWeek >= rule.thresholdPence
        ? 0
        : rule.pricePence;
    expect(response.json().data.attributes.delivery_price).toBeCloseTo((fee * 2) / 100, 2);
  });
});

describe('recipe-kit vouchers', () => {
  const apply = (browser: ApiClient, id: string, code: string) =>
    browser.post(`/baskets/${id}/vouchers`, { code });

  it('takes OOS-20 and 10EXTRA on kits, on the first week', async () => {
    const browser = client();
    const id = await kitBasket(browser);
    await add(browser, id, DOUBLE, 1);

    const response = await apply(browser, id, 'oos-20');

    expect(response.statusCode).toBe(200);
    const dish = (response.json().included as Item[])[0]?.attributes.total as number;
    expect(response.json().data.attributes.total_discount).toBeCloseTo(
      Math.round(dish * 20) / 100,
      2,
    );
    expect((await apply(browser, id, '10EXTRA')).statusCode).toBe(200);
  });

  it('refuses a takeaway-only voucher on a kit', async () => {
    const browser = client();
    const id = await kitBasket(browser);
    await add(browser, id, DOUBLE, 1);

    const response = await apply(browser, id, 'PASTA10');

    expect(response.json().errors[0]).toMatchObject({ code: 'voucher_wrong_proposition' });
  });

  it('an add-on voucher puts its add-on in the first week, free', async () => {
    const browser = client();
    const id = await kitBasket(browser);
    await add(browser, id, DOUBLE, 2);

    const response = await apply(browser, id, 'freedessert');

    expect(response.statusCode).toBe(200);
    const addon = (response.json().included as Item[]).find(
      (i) => i.attributes.product_variant_id === TIRAMISU,
    );
    expect(addon?.attributes).toMatchObject({ is_addon: true, meal_week: firstWeek });
    expect(response.json().data.attributes.total_discount).toBe(addon?.attributes.price);
  });

  it('refuses an add-on voucher on an empty box, adding nothing', async () => {
    const browser = client();
    const id = await kitBasket(browser);

    const response = await apply(browser, id, 'FREEDESSERT');

    expect(response.statusCode).toBe(400);
    expect(await itemCount(id)).toBe(0);
  });

  it('a single-order voucher sets the first week its own minimum', async () => {
    const browser = client();
    const id = await kitBasket(browser);
    await add(browser, id, DOUBLE, 1);

    const below = await apply(browser, id, 'FIRSTBOX');

    expect(below.json().errors[0]).toMatchObject({ code: 'voucher_below_minimum' });
    expect(below.json().errors[0].detail).toBe('Spend £25.00 or more to use FIRSTBOX');
  });
});
