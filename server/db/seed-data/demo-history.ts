import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { addDays, cutoffFor, isoDate, weekStart } from '../../../domain/weeks';
import { spendStoreCredit } from '../../services/orders/kit-order-insert';
import { orderAddressOf } from '../../services/order-address';
import {
  deliveryDayOf,
  plannedWeeks,
  WEEKS_AHEAD,
} from '../../services/subscriptions/schedule-dates';
import type { Queryable } from '../database';
import {
  type addresses,
  customers,
  orderLineItems,
  orders,
  paymentMethods,
  payments,
  productRatings,
  ratings,
  sandboxIntents,
  schedules,
  scheduleWeeks,
  storeCreditTransactions,
  subscriptions,
} from '../schema';
import { DISHES, REGULAR_TITLE, regularVariantId } from './catalogue-products';
import { dishIdsForWeek } from './catalogue';
import { TAKEAWAY_PRODUCTS } from './takeaway-menu';

type Address = typeof addresses.$inferSelect;
interface Demo {
  id: number;
  email: string;
}

/** The credit the demo customer was given, and what a box spent of it: £5.00 is left. */
export const DEMO_CREDIT = { grantedPence: 1250, spentPence: 750 } as const;
/** The sandbox's card that pays (docs/payments.md): the demo customer's saved card. */
export const DEMO_CARD = { number: '4242424242424242', brand: 'visa', expMonth: 12 } as const;
const CHISWICK = 16;
const DELIVERY_FEE_PENCE = 299;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

interface TakeawayLine {
  productId: number;
  quantity: number;
  modifiers: number[];
}

interface PastTakeaway {
  daysAgo: number;
  fulfillment: 'delivery' | 'pickup';
  lines: TakeawayLine[];
  rating: { stars: number; notes: string | null; dishStars: number | null } | null;
}

/** Three takeaways: delivered and rated, delivered and not rated yet, collected and rated. */
const PAST_TAKEAWAYS: PastTakeaway[] = [
  {
    daysAgo: 2,
    fulfillment: 'delivery',
    lines: [
      { productId: 102, quantity: 2, modifiers: [901] },
      { productId: 301, quantity: 1, modifiers: [] },
    ],
    rating: { stars: 5, notes: 'The cacio e pepe was perfect.', dishStars: 5 },
  },
  {
    daysAgo: 9,
    fulfillment: 'delivery',
    lines: [
      { productId: 103, quantity: 1, modifiers: [903] },
      { productId: 202, quantity: 1, modifiers: [] },
    ],
    rating: null,
  },
  {
    daysAgo: 23,
    fulfillment: 'pickup',
    lines: [{ productId: 101, quantity: 1, modifiers: [902] }],
    rating: { stars: 4, notes: null, dishStars: null },
  },
];

const takeawayProduct = (id: number) => {
  const product = TAKEAWAY_PRODUCTS.find((p) => p.id === id);
  if (!product) throw new Error(`demo history: no takeaway product ${id}`);
  return { id, title: product.title, pricePence: product.pricePence ?? 0 };
};

const linePence = (line: TakeawayLine) =>
  line.quantity *
  [line.productId, ...line.modifiers].reduce((sum, id) => sum + takeawayProduct(id).pricePence, 0);

async function seedTakeaway(
  tx: Queryable,
  demo: Demo,
  address: Address,
  past: PastTakeaway,
  cardId: number,
  now: Date,
) {
  // Ordered at 19:00 UTC that day, delivered or collected within the hour.
  const day = new Date(now.getTime() - past.daysAgo * DAY);
  const placed = new Date(`${isoDate(day)}T19:00:00Z`);
  const subtotal = past.lines.reduce((sum, line) => sum + linePence(line), 0);
  const delivery = past.fulfillment === 'delivery' ? DELIVERY_FEE_PENCE : 0;
  const [order] = await tx
    .insert(orders)
    .values({
      customerId: demo.id,
      customerEmail: demo.email,
      type: 'takeaway',
      state: past.fulfillment === 'delivery' ? 'delivered' : 'collected',
      restaurantId: CHISWICK,
      fulfillmentType: past.fulfillment,
      deliveryDate: isoDate(placed),
      address: past.fulfillment === 'delivery' ? orderAddressOf(address) : null,
      subtotalPence: subtotal,
      deliveryPence: delivery,
      totalPence: subtotal + delivery,
      paidAt: placed,
      acceptedAt: new Date(placed.getTime() + 2 * 60_000),
      shippedAt: past.fulfillment === 'delivery' ? new Date(placed.getTime() + 20 * 60_000) : null,
      deliveredAt: new Date(placed.getTime() + 45 * 60_000),
      createdAt: placed,
      updatedAt: placed,
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('demo history: order not written');
  await seedPaidBy(tx, order.id, subtotal + delivery, placed, cardId);
  let firstDishLine: number | null = null;
  for (const line of past.lines) {
    const dish = takeawayProduct(line.productId);
    const [written] = await tx
      .insert(orderLineItems)
      .values({
        orderId: order.id,
        productId: dish.id,
        productVariantId: String(dish.id),
        title: dish.title,
        quantity: line.quantity,
        unitPricePence: dish.pricePence,
      })
      .returning({ id: orderLineItems.id });
    if (!written) throw new Error('demo history: line not written');
    firstDishLine ??= written.id;
    for (const modifierId of line.modifiers) {
      const modifier = takeawayProduct(modifierId);
      await tx.insert(orderLineItems).values({
        orderId: order.id,
        parentId: written.id,
        productId: modifier.id,
        productVariantId: String(modifier.id),
        title: modifier.title,
        quantity: line.quantity,
        unitPricePence: modifier.pricePence,
      });
    }
  }
  if (!past.rating) return;
  const ratedAt = new Date(placed.getTime() + 2 * HOUR);
  await tx.insert(ratings).values({
    orderId: order.id,
    customerId: demo.id,
    rating: past.rating.stars,
    notes: past.rating.notes,
    createdAt: ratedAt,
    updatedAt: ratedAt,
  });
  if (past.rating.dishStars !== null && firstDishLine !== null) {
    await tx.insert(productRatings).values({
      orderId: order.id,
      lineItemId: firstDishLine,
      customerId: demo.id,
      rating: past.rating.dishStars,
      createdAt: ratedAt,
    });
  }
}

/**
 * A box on a plan: two recipes every Thursday since three weeks ago, with WEEKS_AHEAD weeks
 * planned. Every week whose cut-off has passed has its order (delivered when its day is past,
 * paid and being prepared otherwise), so the billing job finds nothing owed; the first box spent
 * part of the customer's store credit.
 */
async function seedPlan(tx: Queryable, demo: Demo, address: Address, cardId: number, now: Date) {
  const today = isoDate(now);
  const thisWeek = weekStart(today);
  const firstDelivery = addDays(thisWeek, -21 + 3);
  const started = new Date(cutoffFor(weekStart(firstDelivery)).getTime() - 3 * DAY);
  const [subscription] = await tx
    .insert(subscriptions)
    .values({
      customerId: demo.id,
      name: 'Pasta plan',
      state: 'active',
      numberOfRecipes: 2,
      dietary: {},
      shippingAddressId: address.id,
      billingAddressId: address.id,
      // The plan pays with the card its first box was paid with, as a checkout leaves it.
      paymentMethodId: cardId,
      createdAt: started,
      updatedAt: started,
    })
    .returning({ id: subscriptions.id });
  if (!subscription) throw new Error('demo history: plan not written');
  const [schedule] = await tx
    .insert(schedules)
    .values({
      subscriptionId: subscription.id,
      deliveryDay: deliveryDayOf(firstDelivery),
      firstDelivery,
      frequency: 1,
    })
    .returning();
  if (!schedule) throw new Error('demo history: schedule not written');
  const weeks = await tx
    .insert(scheduleWeeks)
    .values(
      plannedWeeks(schedule, addDays(thisWeek, 7 * WEEKS_AHEAD)).map((week) => ({
        scheduleId: schedule.id,
        startDate: week.startDate,
        deliveryDate: week.deliveryDate,
        originalDeliveryDate: week.deliveryDate,
        billingDate: week.billingDate,
      })),
    )
    .returning();
  const billed = weeks.filter((week) => week.billingDate <= now);
  for (const [index, week] of billed.entries()) {
    // Two dishes of that week's menu, a different pair each week.
    const menu = dishIdsForWeek(week.startDate);
    const dishes = [menu[index % menu.length], menu[(index + 5) % menu.length]].map((id) =>
      DISHES.find((dish) => dish.id === id),
    );
    const subtotal = dishes.reduce((sum, dish) => sum + (dish?.pricePence ?? 0), 0);
    const credit = index === 0 ? DEMO_CREDIT.spentPence : 0;
    const [order] = await tx
      .insert(orders)
      .values({
        customerId: demo.id,
        customerEmail: demo.email,
        type: 'recipe_kit',
        state: week.deliveryDate < today ? 'delivered' : 'paid',
        fulfillmentType: 'delivery',
        deliveryDate: week.deliveryDate,
        address: orderAddressOf(address),
        subtotalPence: subtotal,
        totalPence: subtotal,
        storeCreditPence: credit,
        subscriptionId: subscription.id,
        scheduleWeekId: week.id,
        chefSelected: index > 0,
        paidAt: week.billingDate,
        deliveredAt: week.deliveryDate < today ? new Date(`${week.deliveryDate}T12:00:00Z`) : null,
        createdAt: week.billingDate,
        updatedAt: week.billingDate,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('demo history: box not written');
    await seedPaidBy(tx, order.id, subtotal - credit, week.billingDate, cardId);
    for (const dish of dishes) {
      if (!dish) continue;
      await tx.insert(orderLineItems).values({
        orderId: order.id,
        productId: dish.id,
        productVariantId: String(regularVariantId(dish.id)),
        title: dish.title,
        variantTitle: REGULAR_TITLE,
        quantity: 1,
        unitPricePence: dish.pricePence,
      });
    }
    // The app's own spend: a transaction row and the balance, never below zero.
    await spendStoreCredit(tx, demo.id, credit, order.id, week.billingDate);
  }
}

/**
 * The demo customer's history (issue 11, defect 22), written through the tables the app reads,
 * relative to `now`: past takeaways, a box on a plan with weeks ahead, and store credit given and
 * spent. Runs once, right after the demo customer is created.
 */
export async function seedDemoHistory(tx: Queryable, demo: Demo, address: Address, now: Date) {
  const granted = new Date(now.getTime() - 40 * DAY);
  await tx
    .update(customers)
    .set({ storeCreditPence: DEMO_CREDIT.grantedPence })
    .where(eq(customers.id, demo.id));
  await tx.insert(storeCreditTransactions).values({
    customerId: demo.id,
    amountPence: DEMO_CREDIT.grantedPence,
    reason: 'Welcome gift from the Sfoglia kitchen',
    createdAt: granted,
  });
  const cardId = await seedSavedCard(tx, demo, granted);
  for (const past of PAST_TAKEAWAYS) await seedTakeaway(tx, demo, address, past, cardId, now);
  await seedPlan(tx, demo, address, cardId, now);
}

/**
 * The card the demo customer paid with, saved as the sandbox saves a card typed into the card form
 * (a succeeded `seti_` with its `pm_`, then our default payment method): without it the plan's
 * next week would be billed to no card and fail.
 */
async function seedSavedCard(tx: Queryable, demo: Demo, at: Date): Promise<number> {
  const setupId = `seti_${randomBytes(12).toString('hex')}`;
  const methodId = `pm_${randomBytes(12).toString('hex')}`;
  const expYear = at.getUTCFullYear() + 4;
  // The sandbox's fingerprint (server/services/payments/sandbox-gateway.ts): from the number alone.
  const fingerprint = createHash('sha256')
    .update(`sandbox-card:${DEMO_CARD.number}`)
    .digest('hex')
    .slice(0, 16);
  await tx.insert(sandboxIntents).values([
    {
      id: setupId,
      kind: 'setup_intent',
      status: 'succeeded',
      data: {
        customerId: demo.id,
        type: 'CreditCard',
        clientSecret: `${setupId}_secret_${randomBytes(12).toString('hex')}`,
        returnUrl: '/account/payment-methods',
        paymentMethodId: methodId,
      },
      createdAt: at,
      updatedAt: at,
    },
    {
      id: methodId,
      kind: 'payment_method',
      status: 'active',
      data: {
        customerId: demo.id,
        type: 'CreditCard',
        brand: DEMO_CARD.brand,
        last4: DEMO_CARD.number.slice(-4),
        expMonth: DEMO_CARD.expMonth,
        expYear,
        email: null,
        fingerprint,
        declineCode: null,
        threeDSecure: false,
      },
      createdAt: at,
      updatedAt: at,
    },
  ]);
  const [card] = await tx
    .insert(paymentMethods)
    .values({
      customerId: demo.id,
      type: 'CreditCard',
      processor: 'sandbox',
      processorId: methodId,
      isDefault: true,
      last4: DEMO_CARD.number.slice(-4),
      brand: DEMO_CARD.brand,
      expMonth: DEMO_CARD.expMonth,
      expYear,
      fingerprint,
      createdAt: at,
    })
    .returning({ id: paymentMethods.id });
  if (!card) throw new Error('demo history: card not written');
  return card.id;
}

/**
 * A paid order owing money has the succeeded payment that paid it (the invariant the crash tests
 * check): the demo history's orders are paid by a sandbox card, as the checkout would have.
 */
async function seedPaidBy(
  tx: Queryable,
  orderId: number,
  amountPence: number,
  at: Date,
  cardId: number,
) {
  if (amountPence <= 0) return;
  await tx.insert(payments).values({
    orderId,
    paymentMethodId: cardId,
    paymentMethodType: 'CreditCard',
    processor: 'sandbox',
    processorPaymentId: `demo_history_${orderId}`,
    idempotencyKey: `demo-history-${orderId}`,
    amountPence,
    state: 'succeeded',
    createdAt: at,
    updatedAt: at,
  });
}
