import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, billingDateFor } from '../../server/services/subscriptions/schedule-dates';
import {
  boxDeliveryDate,
  dayOffsetInWeek,
  firstOpenWeek,
  kitBasket,
  menuWithDishes,
  type KitDish,
} from './support/kit-orders';
import { signUp } from './support/payments';
import { ApiClient, useTestApp } from './support/test-app';

const getApp = useTestApp();
const week1 = firstOpenWeek();
const week2 = addDays(week1, 7);
let dishes: KitDish[];

beforeAll(async () => {
  const { database } = getApp();
  dishes = await menuWithDishes(database, week1, [{ title: 'Pappardelle' }, { title: 'Tortelli' }]);
  await menuWithDishes(database, week2, [{ title: 'Cacio e pepe' }]);
});

async function previewOf(
  lines: Parameters<typeof kitBasket>[2],
  options: Parameters<typeof kitBasket>[3],
) {
  const browser = new ApiClient(getApp().app);
  const customerId = await signUp(browser);
  const basket = await kitBasket(getApp().database, customerId, lines, options);
  const response = await browser.post('/preview_order', { basket_id: basket.id });
  expect(response.statusCode).toBe(200);
  return response.json().data.attributes;
}

describe('POST /preview_order: what recurs (product rule R8.13)', () => {
  it('says the plan, its price per box, the fee on its day and the next cut-off', async () => {
    const attributes = await previewOf(
      [
        { dish: dishes[0]!, week: week1, quantity: 1 },
        { dish: dishes[1]!, week: week1, quantity: 2 },
      ],
      { frequency: 2, numberOfRecipes: 3 },
    );
    const nextWeek = addDays(week1, 14);
    const offset = dayOffsetInWeek(await boxDeliveryDate(getApp().database, week1));
    expect(attributes.recurring).toEqual({
      recipes_per_box: 3,
      frequency: 2,
      delivery_day: offset + 1,
      price_per_box: 19.5,
      delivery_fee: attributes.delivery,
      next_charge_at: billingDateFor(nextWeek).toISOString(),
      next_delivery_date: addDays(nextWeek, offset),
    });
  });

  it('charges a later week already in the basket next', async () => {
    const attributes = await previewOf(
      [
        { dish: dishes[0]!, week: week1, quantity: 2 },
        { dish: dishes[0]!, week: week2, quantity: 2 },
      ],
      { frequency: 4 },
    );
    const offset = dayOffsetInWeek(await boxDeliveryDate(getApp().database, week1));
    expect(attributes.recurring).toMatchObject({
      next_charge_at: billingDateFor(week2).toISOString(),
      next_delivery_date: addDays(week2, offset),
    });
  });

  it('says nothing recurs for a one-off box', async () => {
    const attributes = await previewOf([{ dish: dishes[0]!, week: week1, quantity: 2 }], {
      startSubscription: false,
    });
    expect(attributes.recurring).toBeNull();
  });
});
