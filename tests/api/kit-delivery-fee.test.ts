import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { boxDeliveryDate, deliveryFeePence } from '../../domain/delivery-fee';
import { baskets, deliveryFeeConfig } from '../../server/db/schema';
import { addDays } from '../../server/services/subscriptions/schedule-dates';
import { firstOpenWeek, kitBasket, menuWithDishes, type KitDish } from './support/kit-orders';
import { signUp } from './support/payments';
import { ApiClient, useTestApp } from './support/test-app';

/**
 * Issue 11 defect 14 (product rule R8.9): the box's delivery fee and the payment step's are one
 * computation. The box showed £1.99 per week before a day was chosen (no date, no rule) while the
 * payment step charged the chosen weekday's fee.
 */
const getApp = useTestApp();
const week1 = firstOpenWeek();
const week2 = addDays(week1, 7);
let dishes: KitDish[];

beforeAll(async () => {
  dishes = await menuWithDishes(getApp().database, week1, [{ title: 'Pici cacio e pepe' }]);
  await menuWithDishes(getApp().database, week2, [{ title: 'Orecchiette' }]);
});

async function customerWithBox() {
  const { app, database } = getApp();
  const browser = new ApiClient(app);
  const customerId = await signUp(browser);
  const basket = await kitBasket(database, customerId, [
    { dish: dishes[0]!, week: week1, quantity: 2 },
    { dish: dishes[0]!, week: week2, quantity: 2 },
  ]);
  return { browser, basket, database };
}

async function firstWeekOfBox(browser: ApiClient, id: string) {
  const response = await browser.get(`/baskets/${id}`);
  expect(response.statusCode).toBe(200);
  return response.json().meta.weeks[0];
}

describe('the box and the payment step price delivery alike (product rule R8.9)', () => {
  it('before a day is chosen, the box prices the first offered day, not a default', async () => {
    const { browser, basket, database } = await customerWithBox();
    await database.db.update(baskets).set({ deliveryDate: null }).where(eq(baskets.id, basket.id));
    const rules = await database.db.select().from(deliveryFeeConfig);

    const week = await firstWeekOfBox(browser, basket.id);

    const expectedDate = boxDeliveryDate(week1, null, new Date());
    expect(week.delivery_date).toBe(expectedDate);
    expect(week.delivery_price * 100).toBeCloseTo(deliveryFeePence(rules, expectedDate, 1300), 5);
    const preview = (await browser.post('/preview_order', { basket_id: basket.id })).json().data
      .attributes;
    expect(preview.delivery).toBe(week.delivery_price);
    expect(preview.total).toBe(week.total);
  });

  it('a day with another fee changes the box and the payment step together', async () => {
    const { browser, basket, database } = await customerWithBox();
    const rules = await database.db.select().from(deliveryFeeConfig);
    const wednesday = addDays(week1, 2);
    const saturday = addDays(week1, 5);
    expect(deliveryFeePence(rules, saturday, 1300)).not.toBe(
      deliveryFeePence(rules, wednesday, 1300),
    );

    for (const day of [wednesday, saturday]) {
      const put = await browser.put(`/baskets/${basket.id}`, { delivery_date: day });
      expect(put.statusCode).toBe(200);
      const week = await firstWeekOfBox(browser, basket.id);
      const preview = (await browser.post('/preview_order', { basket_id: basket.id })).json().data
        .attributes;

      expect(week.delivery_date).toBe(day);
      expect(week.delivery_price * 100).toBeCloseTo(deliveryFeePence(rules, day, 1300), 5);
      expect(preview.delivery).toBe(week.delivery_price);
      expect(preview.total).toBe(week.total);
    }
    // The later week is delivered on the same weekday, its own fee in the basket's total.
    const response = (await browser.get(`/baskets/${basket.id}`)).json();
    expect(response.meta.weeks[1].delivery_date).toBe(addDays(saturday, 7));
    expect(response.data.attributes.delivery_price).toBeCloseTo(
      response.meta.weeks[0].delivery_price + response.meta.weeks[1].delivery_price,
      2,
    );
  });

  it('refuses a delivery date that is not a date with a 400', async () => {
    const { browser, basket } = await customerWithBox();
    const response = await browser.put(`/baskets/${basket.id}`, { delivery_date: 'saturday' });
    expect(response.statusCode).toBe(400);
  });
});
