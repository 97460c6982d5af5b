import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  baskets,
  catalogueVariants,
  customers,
  deliveryUnavailableDates,
  orders,
  payments,
  productUnavailableDates,
  scheduleWeekPicks,
  scheduleWeeks,
  schedules,
  storeCreditTransactions,
  subscriptions,
} from '../../server/db/schema';
import { deliveryDayClosure } from '../../server/services/delivery-day-closures';
import { addDays } from '../../server/services/subscriptions/schedule-dates';
import {
  boxDeliveryDate,
  dayOffsetInWeek,
  firstOpenWeek,
  giveStoreCredit,
  kitBasket,
  menuWithDishes,
  savedAddress,
  type KitDish,
} from './support/kit-orders';
import { addCard, signUp } from './support/payments';
import { ApiClient, useTestApp } from './support/test-app';

const getApp = useTestApp();
const week1 = firstOpenWeek();
const week2 = addDays(week1, 7);
let dishes: KitDish[];

beforeAll(async () => {
  const { database } = getApp();
  dishes = [
    ...(await menuWithDishes(database, week1, [
      { title: 'Pappardelle al ragù' },
      { title: 'Tortelloni di zucca' },
    ])),
  ];
  await menuWithDishes(database, week2, [{ title: 'Cacio e pepe' }]);
});

/** A signed-in customer with an address, a card (unless told otherwise) and a two-week box. */
async function customerWithBox(options: { card?: string | null; credit?: number } = {}) {
  const { app, database } = getApp();
  const browser = new ApiClient(app);
  const customerId = await signUp(browser);
  const address = await savedAddress(database, customerId);
  const card = options.card === null ? null : await addCard(browser, options.card);
  if (options.credit) await giveStoreCredit(database, customerId, options.credit);
  const basket = await kitBasket(database, customerId, [
    { dish: dishes[0]!, week: week1, quantity: 1 },
    { dish: dishes[1]!, week: week1, quantity: 1 },
    { dish: dishes[0]!, week: week2, quantity: 2 },
  ]);
  const body = {
    basket_id: basket.id,
    shipping_address_id: String(address.id),
    ...(card ? { payment_method_id: card.id } : {}),
  };
  return { browser, customerId, address, card, basket, body };
}

describe('POST /preview_order', () => {
  it('prices the first week and applies store credit first', async () => {
    const { browser, basket } = await customerWithBox({ credit: 500 });
    const response = await browser.post('/preview_order', { basket_id: basket.id });
    expect(response.statusCode).toBe(200);
    const attributes = response.json().data.attributes;
    expect(response.json().data.type).toBe('order_previews');
    expect(attributes.subtotal).toBe(13);
    expect(attributes.store_credit).toBe(5);
    expect(attributes.amount_to_charge).toBeCloseTo(attributes.total - 5, 2);
    expect(attributes.request_card).toBe(true);
    expect(attributes.likely_card_charge).toBe(false);
  });

  it('asks for no card when credit covers the total', async () => {
    const { browser, basket } = await customerWithBox({ credit: 10_000 });
    const attributes = (await browser.post('/preview_order', { basket_id: basket.id })).json().data
      .attributes;
    expect(attributes.amount_to_charge).toBe(0);
    expect(attributes.store_credit).toBe(attributes.total);
    expect(attributes.request_card).toBe(false);
  });

  it("answers 404 for another customer's basket and 401 without a session", async () => {
    const { basket } = await customerWithBox();
    const other = new ApiClient(getApp().app);
    await signUp(other);
    expect((await other.post('/preview_order', { basket_id: basket.id })).statusCode).toBe(404);
    const stranger = new ApiClient(getApp().app);
    expect((await stranger.post('/preview_order', { basket_id: basket.id })).statusCode).toBe(401);
  });
});

describe('POST /orders/recipe_kits', () => {
  it('writes the order, starts the subscription with its weeks and picks, and charges the card', async () => {
    const { browser, customerId, basket, body } = await customerWithBox({ credit: 500 });
    const response = await browser.post('/orders/recipe_kits', body);
    expect(response.statusCode).toBe(201);
    const document = response.json();
    const day = await boxDeliveryDate(getApp().database, week1);
    expect(document.data.attributes).toMatchObject({
      order_type: 'recipe_kit',
      state: 'paid',
      delivery_date: day,
      store_credit: 5,
      chef_selected: false,
    });
    expect(document.meta.payment.state).toBe('succeeded');
    expect(document.included).toHaveLength(2);

    const { db } = getApp().database;
    const subscriptionId = Number(document.meta.subscription_id);
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    expect(subscription).toMatchObject({ state: 'active', numberOfRecipes: 2, customerId });
    const [schedule] = await db
      .select()
      .from(schedules)
      .where(eq(schedules.subscriptionId, subscriptionId));
    expect(schedule).toMatchObject({
      deliveryDay: dayOffsetInWeek(day) + 1,
      firstDelivery: day,
      frequency: 1,
    });
    const weeks = await db
      .select()
      .from(scheduleWeeks)
      .where(eq(scheduleWeeks.scheduleId, schedule!.id));
    expect(weeks.length).toBeGreaterThan(2);
    const second = weeks.find((w) => w.startDate === week2)!;
    expect(second.billingDate.toISOString()).toBe(`${addDays(week2, -3)}T12:00:00.000Z`);
    const picks = await db
      .select()
      .from(scheduleWeekPicks)
      .where(eq(scheduleWeekPicks.scheduleWeekId, second.id));
    expect(picks).toEqual([
      expect.objectContaining({ variantId: dishes[0]!.regularId, quantity: 2 }),
    ]);

    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(document.data.id)));
    expect(order!.scheduleWeekId).toBe(weeks.find((w) => w.startDate === week1)!.id);
    const [charged] = await db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(charged!.amountPence).toBe(order!.totalPence - 500);
    const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
    expect(customer!.storeCreditPence).toBe(0);
    const credit = await db
      .select()
      .from(storeCreditTransactions)
      .where(eq(storeCreditTransactions.customerId, customerId));
    expect(credit).toEqual([expect.objectContaining({ amountPence: -500, orderId: order!.id })]);
    expect(await db.select().from(baskets).where(eq(baskets.id, basket.id))).toEqual([]);

    const retry = await browser.post('/orders/recipe_kits', body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toBe(document.data.id);
    expect(await db.select().from(payments).where(eq(payments.orderId, order!.id))).toHaveLength(1);
  });

  it('pays with store credit alone and no card', async () => {
    const { browser, customerId, body } = await customerWithBox({ card: null, credit: 10_000 });
    const response = await browser.post('/orders/recipe_kits', body);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.attributes).toMatchObject({ state: 'paid', amount_to_charge: 0 });
    expect(response.json().meta.payment).toBeNull();
    const { db } = getApp().database;
    const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
    expect(customer!.storeCreditPence).toBe(
      10_000 - Math.round(response.json().data.attributes.total_price * 100),
    );
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, Number(response.json().meta.subscription_id)));
    expect(subscription!.state).toBe('active');
  });

  it('leaves a declined order payment_pending and the subscription failed (402)', async () => {
    const { browser, customerId, body } = await customerWithBox({ card: '4000000000000002' });
    const response = await browser.post('/orders/recipe_kits', body);
    expect(response.statusCode).toBe(402);
    expect(response.json().errors[0].meta.decline_code).toBe('generic_decline');
    const { db } = getApp().database;
    const [order] = await db.select().from(orders).where(eq(orders.customerId, customerId));
    expect(order!.state).toBe('payment_pending');
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, customerId));
    expect(subscription!.state).toBe('failed');
  });

  it('sends a card that needs 3-D Secure to the bank and back to the kit checkout (202)', async () => {
    const { browser, body } = await customerWithBox({ card: '4000002760003184' });
    const response = await browser.post('/orders/recipe_kits', body);
    expect(response.statusCode).toBe(202);
    const actionUrl = new URL(response.json().meta.payment.action_url, 'http://localhost');
    const returnUrl = actionUrl.searchParams.get('return_url') ?? '';
    expect(returnUrl).toMatch(/^\/checkout\/payment\?payment_id=\d+$/);
    expect(response.json().data.attributes.state).toBe('payment_pending');
  });

  it('refuses bad input with a pointer and writes nothing', async () => {
    const { browser, customerId, basket, body } = await customerWithBox({ card: null });
    const noAddress = await browser.post('/orders/recipe_kits', { basket_id: basket.id });
    expect(noAddress.statusCode).toBe(400);
    const noCard = await browser.post('/orders/recipe_kits', body);
    expect(noCard.statusCode).toBe(400);
    expect(noCard.json().errors[0].source.pointer).toBe('/payment_method_id');
    const { db } = getApp().database;
    expect(await db.select().from(orders).where(eq(orders.customerId, customerId))).toEqual([]);
    expect(
      await db.select().from(subscriptions).where(eq(subscriptions.customerId, customerId)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(baskets)
        .where(and(eq(baskets.id, basket.id))),
    ).toHaveLength(1);
  });

  it('refuses a day the courier does not deliver, a day a dish cannot be delivered, a Sunday and Christmas, writing nothing (R8.4)', async () => {
    const { db } = getApp().database;
    const { browser, customerId, basket, body } = await customerWithBox();
    const day = await boxDeliveryDate(getApp().database, week1);
    const orderOn = async (date: string) => {
      await db.update(baskets).set({ deliveryDate: date }).where(eq(baskets.id, basket.id));
      return browser.post('/orders/recipe_kits', body);
    };
    try {
      await db.insert(deliveryUnavailableDates).values({ date: day, reason: 'Test closure' });
      const courierClosed = await orderOn(day);
      expect(courierClosed.statusCode).toBe(400);
      expect(courierClosed.json().errors[0]).toMatchObject({
        code: 'delivery_date_unavailable',
        detail: 'Choose a delivery day this week that is still available',
      });
    } finally {
      await db.delete(deliveryUnavailableDates).where(eq(deliveryUnavailableDates.date, day));
    }
    try {
      await db
        .insert(productUnavailableDates)
        .values({ variantId: dishes[1]!.regularId, date: day });
      const dishClosed = await orderOn(day);
      expect(dishClosed.statusCode).toBe(400);
      expect(dishClosed.json().errors[0].detail).toBe(
        'Not deliverable on that day: Tortelloni di zucca. Choose another day',
      );
    } finally {
      await db
        .delete(productUnavailableDates)
        .where(eq(productUnavailableDates.variantId, dishes[1]!.regularId));
    }
    const sunday = await orderOn(addDays(week1, 6));
    expect(sunday.json().errors[0].code).toBe('delivery_date_invalid');
    expect(await db.select().from(orders).where(eq(orders.customerId, customerId))).toEqual([]);

    expect((await orderOn(day)).statusCode).toBe(201);
  });

  it('closes Christmas Day and Boxing Day to every box, as the day step does (R8.4)', async () => {
    const { db } = getApp().database;
    expect(await deliveryDayClosure(db, '2027-12-25', [])).toEqual({ kind: 'closed' });
    expect(await deliveryDayClosure(db, '2027-12-26', [])).toEqual({ kind: 'closed' });
    expect(await deliveryDayClosure(db, '2027-12-24', [dishes[0]!.regularId])).toBeNull();
  });

  it("takes the first week's dishes off the stock, and refuses a dish sold out since it was added", async () => {
    const { db } = getApp().database;
    const stockOf = async (variantId: number) =>
      (await db.select().from(catalogueVariants).where(eq(catalogueVariants.id, variantId)))[0]!
        .quantityAvailable;
    const setStock = (variantId: number, quantityAvailable: number | null) =>
      db
        .update(catalogueVariants)
        .set({ quantityAvailable })
        .where(eq(catalogueVariants.id, variantId));
    try {
      await setStock(dishes[0]!.regularId, 5);
      await setStock(dishes[1]!.regularId, 0);
      const soldOut = await customerWithBox();
      const refused = await soldOut.browser.post('/orders/recipe_kits', soldOut.body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[0].detail).toContain('Tortelloni di zucca');
      expect(
        await db.select().from(orders).where(eq(orders.customerId, soldOut.customerId)),
      ).toEqual([]);
      expect(await stockOf(dishes[0]!.regularId)).toBe(5);

      await setStock(dishes[1]!.regularId, 1);
      const placed = await soldOut.browser.post('/orders/recipe_kits', soldOut.body);
      expect(placed.statusCode).toBe(201);
      // Only the first week leaves the stock now; week 2 is taken when the billing job writes it.
      expect(await stockOf(dishes[0]!.regularId)).toBe(4);
      expect(await stockOf(dishes[1]!.regularId)).toBe(0);
    } finally {
      await setStock(dishes[0]!.regularId, null);
      await setStock(dishes[1]!.regularId, null);
    }
  });

  it("answers 404 for another customer's basket or address, 401 without a session", async () => {
    const { body } = await customerWithBox();
    const other = await customerWithBox();
    expect((await other.browser.post('/orders/recipe_kits', body)).statusCode).toBe(404);
    const theirAddress = { ...other.body, shipping_address_id: body.shipping_address_id };
    expect((await other.browser.post('/orders/recipe_kits', theirAddress)).statusCode).toBe(404);
    const stranger = new ApiClient(getApp().app);
    expect((await stranger.post('/orders/recipe_kits', body)).statusCode).toBe(401);
  });
});
