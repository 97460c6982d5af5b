import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addresses,
  baskets,
  customers,
  newCustomerClaims,
  orders,
  storeCreditTransactions,
} from '../../server/db/schema';
import { NEW_CUSTOMER_OFFER_MESSAGES } from '../../server/services/new-customer-claims';
import { CREDIT_VOUCHER_MESSAGES } from '../../domain/credit-voucher';
import { markVerified } from './support/email-verification';
import {
  firstOpenWeek,
  giveStoreCredit,
  kitBasket,
  menuWithDishes,
  type KitDish,
} from './support/kit-orders';
import { addCard, signUp } from './support/payments';
import { ApiClient, useTestApp } from './support/test-app';

const getApp = useTestApp();
const week = firstOpenWeek();
let dishes: KitDish[];

beforeAll(async () => {
  dishes = await menuWithDishes(getApp().database, week, [
    { title: 'Pappardelle al ragù' },
    { title: 'Tortelloni di zucca' },
  ]);
});

/** A fresh door, unless the test means to share one. */
const newDoor = () =>
  `${100 + (randomBytes(2).readUInt16BE() % 9000)} Via ${randomBytes(3).toString('hex')}`;

async function customer(options: { verified?: boolean } = {}) {
  const { app, database } = getApp();
  const browser = new ApiClient(app);
  const customerId = await signUp(browser);
  if (options.verified ?? true) await markVerified(database, customerId);
  return { browser, customerId };
}

async function addressAt(customerId: number, address1: string, zip = 'EC1R 4QE') {
  const [row] = await getApp()
    .database.db.insert(addresses)
    .values({ customerId, address1, city: 'London', zip, firstName: 'Ada', lastName: 'Lovelace' })
    .returning();
  return row!;
}

/** A verified customer who redeemed WELCOME60, with a one-week box for `address1` (and a card). */
async function welcomedWithBox(
  address1: string,
  options: { zip?: string; card?: string; creditLeftPence?: number } = {},
) {
  const { database } = getApp();
  const { browser, customerId } = await customer();
  expect((await browser.post('/customers/credit_voucher', { code: 'WELCOME60' })).statusCode).toBe(
    201,
  );
  // Less credit than the box costs, so the card pays the rest (the claim then binds the card).
  if (options.creditLeftPence !== undefined)
    await giveStoreCredit(database, customerId, options.creditLeftPence);
  const address = await addressAt(customerId, address1, options.zip);
  const card = options.card ? await addCard(browser, options.card) : null;
  const basket = await kitBasket(
    database,
    customerId,
    [
      { dish: dishes[0]!, week, quantity: 1 },
      { dish: dishes[1]!, week, quantity: 1 },
    ],
    { startSubscription: false },
  );
  const body = {
    basket_id: basket.id,
    shipping_address_id: String(address.id),
    ...(card ? { payment_method_id: card.id } : {}),
  };
  return { browser, customerId, basket, body };
}

const order = (browser: ApiClient, body: object) => browser.post('/orders/recipe_kits', body);

/** What a refused order must not have changed: no order, the basket kept, the credit kept. */
async function nothingWritten(customerId: number, basketId: string, creditPence: number) {
  const { db } = getApp().database;
  expect(await db.select().from(orders).where(eq(orders.customerId, customerId))).toEqual([]);
  expect(await db.select().from(baskets).where(eq(baskets.id, basketId))).toHaveLength(1);
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  expect(row!.storeCreditPence).toBe(creditPence);
  expect(
    await db.select().from(newCustomerClaims).where(eq(newCustomerClaims.customerId, customerId)),
  ).toEqual([]);
}

describe('redeeming a new-customer credit', () => {
  it('is refused with an unverified email (403, the message says to verify), writing nothing', async () => {
    const { browser, customerId } = await customer({ verified: false });

    const response = await browser.post('/customers/credit_voucher', { code: 'WELCOME60' });

    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0]).toMatchObject({
      code: 'email_not_verified',
      detail: CREDIT_VOUCHER_MESSAGES.emailNotVerified,
      source: { pointer: '/code' },
    });
    const { db } = getApp().database;
    expect(
      await db
        .select()
        .from(storeCreditTransactions)
        .where(eq(storeCreditTransactions.customerId, customerId)),
    ).toEqual([]);
    expect((await browser.get('/me')).json().data.attributes.store_credits).toBe(0);
  });

  it('leaves other credit vouchers to unverified customers', async () => {
    const { browser } = await customer({ verified: false });
    expect((await browser.post('/customers/credit_voucher', { code: 'GIFT25' })).statusCode).toBe(
      201,
    );
  });
});

describe('spending a new-customer credit: once per household and per card', () => {
  it('orders a first box on the credit alone, claiming its household', async () => {
    const door = newDoor();
    const { browser, customerId, body } = await welcomedWithBox(door);

    const response = await order(browser, body);

    expect(response.statusCode).toBe(201);
    expect(response.json().data.attributes).toMatchObject({ state: 'paid', amount_to_charge: 0 });
    const claims = await getApp()
      .database.db.select()
      .from(newCustomerClaims)
      .where(eq(newCustomerClaims.customerId, customerId));
    expect(claims).toEqual([
      expect.objectContaining({
        kind: 'household',
        key: `EC1R 4QE|${door.toLowerCase()}`,
        orderId: Number(response.json().data.id),
      }),
    ]);
  });

  it('refuses a second account at the same household, however the address is typed (409), writing nothing', async () => {
    const door = newDoor();
    const first = await welcomedWithBox(door);
    expect((await order(first.browser, first.body)).statusCode).toBe(201);
    const second = await welcomedWithBox(`  ${door.toUpperCase()}, `, { zip: 'ec1r4qe' });

    const response = await order(second.browser, second.body);

    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0]).toMatchObject({
      code: 'new_customer_offer_used',
      detail: NEW_CUSTOMER_OFFER_MESSAGES.household,
    });
    await nothingWritten(second.customerId, second.basket.id, 6000);
  });

  it('lets the same customer order again to their household', async () => {
    const door = newDoor();
    const { browser, customerId, body } = await welcomedWithBox(door);
    expect((await order(browser, body)).statusCode).toBe(201);
    const again = await kitBasket(
      getApp().database,
      customerId,
      [{ dish: dishes[0]!, week, quantity: 2 }],
      { startSubscription: false },
    );

    const response = await order(browser, { ...body, basket_id: again.id });

    expect(response.statusCode).toBe(201);
  });

  it('refuses the same card at another household (409), writing nothing', async () => {
    const first = await welcomedWithBox(newDoor(), {
      card: '5555555555554444',
      creditLeftPence: 500,
    });
    expect((await order(first.browser, first.body)).statusCode).toBe(201);
    const second = await welcomedWithBox(newDoor(), {
      card: '5555555555554444',
      creditLeftPence: 500,
    });

    const response = await order(second.browser, second.body);

    expect(response.statusCode).toBe(409);
    expect(response.json().errors[0]).toMatchObject({
      code: 'new_customer_offer_used',
      detail: NEW_CUSTOMER_OFFER_MESSAGES.card,
    });
    await nothingWritten(second.customerId, second.basket.id, 500);
  });

  it('lets another card and another household through', async () => {
    const first = await welcomedWithBox(newDoor(), {
      card: '4242424242424242',
      creditLeftPence: 500,
    });
    expect((await order(first.browser, first.body)).statusCode).toBe(201);
    const second = await welcomedWithBox(newDoor(), {
      card: '4000056655665556',
      creditLeftPence: 500,
    });

    expect((await order(second.browser, second.body)).statusCode).toBe(201);
  });

  it('claims nothing for credit that is not new-customer credit', async () => {
    const door = newDoor();
    const first = await welcomedWithBox(door);
    expect((await order(first.browser, first.body)).statusCode).toBe(201);
    const { browser, customerId } = await customer();
    await browser.post('/customers/credit_voucher', { code: 'GIFT25' });
    await giveStoreCredit(getApp().database, customerId, 6000);
    const address = await addressAt(customerId, door);
    const basket = await kitBasket(
      getApp().database,
      customerId,
      [{ dish: dishes[0]!, week, quantity: 2 }],
      { startSubscription: false },
    );

    const response = await order(browser, {
      basket_id: basket.id,
      shipping_address_id: String(address.id),
    });

    expect(response.statusCode).toBe(201);
  });

  it('lets exactly one of several accounts racing to the same household through', async () => {
    const door = newDoor();
    const racers = await Promise.all([1, 2, 3].map(() => welcomedWithBox(door)));

    const answers = await Promise.all(racers.map((r) => order(r.browser, r.body)));

    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const { db } = getApp().database;
    const written = await Promise.all(
      racers.map((r) => db.select().from(orders).where(eq(orders.customerId, r.customerId))),
    );
    expect(written.flat()).toHaveLength(1);
  });
});
