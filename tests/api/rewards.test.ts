import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LOYALTY_BOXES,
  REFERRAL_REWARD_PENCE,
  REWARD_VOUCHER_MESSAGES,
} from '../../domain/rewards';
import {
  customers,
  orderLineItems,
  orders,
  productRatings,
  storeCreditTransactions,
  vouchers,
  weeklyMenus,
} from '../../server/db/schema';
import { issueLoyaltyVouchers } from '../../server/services/rewards/loyalty';
import { runBilling, type BillingDeps } from '../../server/services/subscriptions/billing-job';
import { signupBody } from './support/customers';
import {
  firstOpenWeek,
  kitBasket,
  menuWithDishes,
  savedAddress,
  type KitDish,
} from './support/kit-orders';
import { addCard, signUp } from './support/payments';
import { billingDeps, customerWithPlan, paidPlanBoxes } from './support/subscribers';
import { ApiClient, useTestApp } from './support/test-app';

const getApp = useTestApp();
const week1 = firstOpenWeek();
let dishes: KitDish[];
let deps: BillingDeps;

beforeAll(async () => {
  const { database } = getApp();
  dishes = await menuWithDishes(database, week1, [{ title: 'Pappardelle' }, { title: 'Ravioli' }]);
  deps = billingDeps(getApp(), () => new Date());
});

const box = () => [
  { dish: dishes[0]!, week: week1, quantity: 1 },
  { dish: dishes[1]!, week: week1, quantity: 1 },
];

const loyaltyVouchersOf = (customerId: number) =>
  getApp()
    .database.db.select()
    .from(vouchers)
    .where(and(eq(vouchers.customerId, customerId), like(vouchers.rewardKey, 'loyalty:%')));

describe('signed out', () => {
  it('answers 401 for the customer calls', async () => {
    const browser = new ApiClient(getApp().app);
    for (const url of ['/reward_blocks', '/marketing_offers', '/vouchers/1'])
      expect((await browser.get(url)).statusCode).toBe(401);
  });
});

describe('loyalty (product rule R12.9)', () => {
  it('shows progress, issues a voucher at the fifth paid box once, and keeps it to its owner', async () => {
    const { browser, customerId, subscriptionId } = await customerWithPlan(getApp(), box());
    let blocks = (await browser.get('/reward_blocks')).json().data;
    expect(blocks[0]).toMatchObject({
      id: `loyalty-${subscriptionId}`,
      attributes: { kind: 'loyalty', progress: 1, target: LOYALTY_BOXES, rewards_earned: 0 },
    });
    expect(blocks[0].attributes.week_ids).toHaveLength(1);
    expect(blocks.at(-1).attributes).toMatchObject({ kind: 'referral', reward_value: 10 });

    await paidPlanBoxes(getApp(), { customerId, subscriptionId }, LOYALTY_BOXES - 1);
    expect(await loyaltyVouchersOf(customerId)).toHaveLength(0);
    await runBilling(deps, new Date(), { customerId });
    await runBilling(deps, new Date(), { customerId });
    await Promise.all([
      issueLoyaltyVouchers(deps.db, new Date(), { customerId }),
      issueLoyaltyVouchers(deps.db, new Date(), { customerId }),
    ]);
    const issued = await loyaltyVouchersOf(customerId);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ value: 1000, valueType: 'fixed_amount' });
    expect(issued[0]!.code).toMatch(/^LOYAL-[A-Z2-9]{10}$/);

    blocks = (await browser.get('/reward_blocks')).json().data;
    expect(blocks[0].attributes).toMatchObject({
      progress: 0,
      rewards_earned: 1,
      voucher_id: String(issued[0]!.id),
      week_ids: [],
    });
    const offers = (await browser.get('/marketing_offers')).json().data;
    expect(offers[0]).toMatchObject({
      id: String(issued[0]!.id),
      attributes: { code: issued[0]!.code, reward: true, value: 10 },
    });
    const voucher = await browser.get(`/vouchers/${issued[0]!.id}`);
    expect(voucher.statusCode).toBe(200);
    expect(voucher.json().data.attributes).toMatchObject({ code: issued[0]!.code, value: 10 });

    // Another customer: not in their offers, 404 for its details, refused in their basket.
    const other = new ApiClient(getApp().app);
    const otherId = await signUp(other);
    expect((await other.get(`/vouchers/${issued[0]!.id}`)).statusCode).toBe(404);
    const theirOffers = (await other.get('/marketing_offers')).json().data;
    expect(theirOffers.some((offer: { id: string }) => offer.id === String(issued[0]!.id))).toBe(
      false,
    );
    const basket = await kitBasket(getApp().database, otherId, box());
    const refused = await other.post(`/baskets/${basket.id}/vouchers`, { code: issued[0]!.code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].detail).toBe(REWARD_VOUCHER_MESSAGES.notYours);

    // Once on one of the owner's orders it is used: gone from the offers, refused again.
    await getApp()
      .database.db.update(orders)
      .set({ voucherCode: issued[0]!.code })
      .where(eq(orders.subscriptionId, subscriptionId));
    const after = (await browser.get('/marketing_offers')).json().data;
    expect(after.some((offer: { id: string }) => offer.id === String(issued[0]!.id))).toBe(false);
    const own = await kitBasket(getApp().database, customerId, box());
    const again = await browser.post(`/baskets/${own.id}/vouchers`, { code: issued[0]!.code });
    expect(again.json().errors[0].detail).toBe(REWARD_VOUCHER_MESSAGES.used);
  });
});

describe('GET /marketing_offers and /vouchers/{id} (product rule R12.10)', () => {
  it('lists live offers for everyone, never credit or expired vouchers', async () => {
    const browser = new ApiClient(getApp().app);
    await signUp(browser);
    const offers = (await browser.get('/marketing_offers')).json().data;
    const codes = offers.map((offer: { attributes: { code: string } }) => offer.attributes.code);
    expect(codes).toEqual(expect.arrayContaining(['KITCHEN5', 'PASTA10', 'FREEDESSERT']));
    expect(codes).not.toContain('GIFT25');
    expect(codes).not.toContain('SUMMER23');
    expect(
      offers.find((o: { attributes: { code: string } }) => o.attributes.code === 'KITCHEN5'),
    ).toMatchObject({
      attributes: { title: '£5 off your recipe-kit box', value: 5, reward: false },
    });
  });

  it('shows an offer, and 404s for a code not offered, an unknown id and bad input', async () => {
    const browser = new ApiClient(getApp().app);
    await signUp(browser);
    const [kitchen] = await getApp()
      .database.db.select()
      .from(vouchers)
      .where(eq(vouchers.code, 'KITCHEN5'));
    const [gift] = await getApp()
      .database.db.select()
      .from(vouchers)
      .where(eq(vouchers.code, 'GIFT25'));
    expect((await browser.get(`/vouchers/${kitchen!.id}`)).json().data.attributes.code).toBe(
      'KITCHEN5',
    );
    expect((await browser.get(`/vouchers/${gift!.id}`)).statusCode).toBe(404);
    expect((await browser.get('/vouchers/999999')).statusCode).toBe(404);
    for (const bad of ['abc', '0', '1e3', '0x10', '2147483648'])
      expect((await browser.get(`/vouchers/${bad}`)).statusCode).toBe(400);
  });
});

describe('referrals (product rule R12.11)', () => {
  it("rewards the friend and the referrer once, at the friend's first paid order", async () => {
    const referrer = new ApiClient(getApp().app);
    await referrer.post('/customers', signupBody({ first_name: 'Giulia' }));
    const me = (await referrer.get('/me')).json().data;
    const token = me.attributes.referral_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const friend = new ApiClient(getApp().app);
    const signedUp = await friend.post(
      '/customers',
      signupBody({ first_name: 'Marco', referral_token: token }),
    );
    expect(signedUp.statusCode).toBe(201);
    const friendId = Number(signedUp.json().data.id);
    const { database } = getApp();
    const address = await savedAddress(database, friendId);
    const card = await addCard(friend);
    const order = async () => {
      const basket = await kitBasket(database, friendId, box(), { startSubscription: false });
      const placed = await friend.post('/orders/recipe_kits', {
        basket_id: basket.id,
        shipping_address_id: String(address.id),
        payment_method_id: card.id,
      });
      expect(placed.statusCode).toBe(201);
    };
    await order();
    await order();

    const credit = async (client: ApiClient) =>
      (await client.get('/store_credit_transactions')).json();
    // The second order spent the friend's welcome credit (store credit comes first): one reward.
    const friendCredit = await credit(friend);
    const reasons = friendCredit.data.map(
      (t: { attributes: { reason: string } }) => t.attributes.reason,
    );
    expect(reasons.filter((reason: string) => reason.startsWith('Welcome reward'))).toEqual([
      'Welcome reward: invited by Giulia',
    ]);
    expect(friendCredit.data.at(-1).attributes.amount).toBe(REFERRAL_REWARD_PENCE / 100);
    const referrerCredit = await credit(referrer);
    expect(referrerCredit.meta.balance).toBe(REFERRAL_REWARD_PENCE / 100);
    expect(referrerCredit.data[0].attributes.reason).toBe('Referral reward: Marco joined Sfoglia');
    const block = (await referrer.get('/reward_blocks')).json().data.at(-1);
    expect(block.attributes).toMatchObject({ kind: 'referral', progress: 1, rewards_earned: 1 });
  });

  it('ignores an unknown token and refuses a malformed one with nothing written', async () => {
    const browser = new ApiClient(getApp().app);
    const unknown = await browser.post(
      '/customers',
      signupBody({ referral_token: 'nobody-has-this-token' }),
    );
    expect(unknown.statusCode).toBe(201);
    const [row] = await getApp()
      .database.db.select()
      .from(customers)
      .where(eq(customers.id, Number(unknown.json().data.id)));
    expect(row!.referredById).toBeNull();

    const body = signupBody({ referral_token: 'not a token!' });
    const bad = await new ApiClient(getApp().app).post('/customers', body);
    expect(bad.statusCode).toBe(400);
    const written = await getApp()
      .database.db.select()
      .from(customers)
      .where(eq(customers.email, body.email));
    expect(written).toHaveLength(0);
  });

  it('gives nothing for an order nobody referred', async () => {
    const { customerId } = await customerWithPlan(getApp(), box());
    const rows = await getApp()
      .database.db.select()
      .from(storeCreditTransactions)
      .where(eq(storeCreditTransactions.customerId, customerId));
    expect(rows).toHaveLength(0);
  });
});

describe('GET /weekly_menus/{id}/review_summary (product rule R12.13)', () => {
  it("averages the ratings of the menu's dishes from recipe-kit boxes, for anyone", async () => {
    const { database } = getApp();
    const { customerId, orderId } = await customerWithPlan(getApp(), box());
    const lines = await database.db
      .select()
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, Number(orderId)));
    const pappardelle = lines.find((line) => line.productId === dishes[0]!.productId)!;
    await database.db.insert(productRatings).values({
      orderId: Number(orderId),
      lineItemId: pappardelle.id,
      customerId,
      rating: 5,
    });
    const second = await customerWithPlan(getApp(), box());
    const [line2] = await database.db
      .select()
      .from(orderLineItems)
      .where(
        and(
          eq(orderLineItems.orderId, Number(second.orderId)),
          eq(orderLineItems.productId, dishes[0]!.productId),
        ),
      );
    await database.db.insert(productRatings).values({
      orderId: Number(second.orderId),
      lineItemId: line2!.id,
      customerId: second.customerId,
      rating: 4,
    });
    const [menu] = await database.db
      .select()
      .from(weeklyMenus)
      .where(eq(weeklyMenus.weekStart, week1));
    const summary = await new ApiClient(getApp().app).get(
      `/weekly_menus/${menu!.id}/review_summary`,
    );
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toEqual({
      data: [
        {
          type: 'dish_review_summaries',
          id: String(dishes[0]!.productId),
          attributes: { average_rating: 4.5, rating_count: 2 },
        },
      ],
      meta: { weekly_menu_id: String(menu!.id) },
    });
  });

  it('is 404 for an unknown menu and 400 for a bad id', async () => {
    const browser = new ApiClient(getApp().app);
    expect((await browser.get('/weekly_menus/999999/review_summary')).statusCode).toBe(404);
    expect((await browser.get('/weekly_menus/x/review_summary')).statusCode).toBe(400);
  });
});
