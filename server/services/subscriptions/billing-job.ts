import {
  and,
  asc,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  lte,
  notExists,
  notInArray,
} from 'drizzle-orm';
import type { Database, Queryable } from '../../db/database';
import { weekNotOrdered } from './open-weeks';
import { weekLines, type WeekLine } from './week-box';
import {
  addresses,
  customers,
  orders,
  paymentMethods,
  payments,
  scheduleWeeks,
  schedules,
  subscriptions,
  type BasketAddress,
} from '../../db/schema';
import { ApiError } from '../../http/jsonapi';
import { settleSubscription } from '../kit-orders/kit-payment';
import { dropUnpaidBoxes } from '../orders/drop-unpaid-boxes';
import { insertKitOrder, priceKitLines } from '../orders/kit-order-insert';
import type { StockKeeper } from '../catalogue/catalogue';
import { orderAddressOf } from '../order-address';
import type { PaymentGateway } from '../payments/gateway';
import { PaymentDeclinedError, payOrder } from '../payments/payment-service';
import type { Mailer } from '../mailer';
import { chefPicks, type DietaryFlags } from './chef-picks';
import { queuePaymentFailedEmails } from './payment-failed-emails';
import { queuePickReminders } from './reminders';
import { resumeDuePlans } from './pasta-plan';
import { addDays, isoDate, mondayOf, plannedWeeks, WEEKS_AHEAD } from './schedule-dates';
import { weekAddress } from './schedule-week';
import { weeklyMenu } from './weekly-menu';
import { issueLoyaltyVouchers } from '../rewards/loyalty';

/** Subscriptions the job bills: a failed one keeps being billed, so a new card can recover it. */
export const BILLABLE_STATES = ['active', 'failed'] as const;

export interface BillingDeps {
  db: Database;
  paymentGateway: PaymentGateway;
  /** The week's dishes leave its stock with each order. */
  catalogue: StockKeeper;
  now: () => Date;
  /** With both, each run also queues the plan's notices (product rules R10.29 and R10.30). */
  mailer?: Mailer;
  config?: { publicUrl: string };
}

/** Another run wrote this week's order first: this transaction is rolled back (stock included). */
class WeekAlreadyWritten extends Error {
  constructor(readonly weekId: number) {
    super(`schedule week ${weekId} already has its order`);
  }
}

export interface BillingRun {
  asOf: Date;
  ordersCreated: number;
  charged: number;
  failed: number;
  /** Boxes still unpaid on their delivery day (product rule R9.29). */
  dropped: number;
}

interface WrittenOrder {
  orderId: number;
  customerId: number;
  subscriptionId: number;
  scheduleWeekId: number;
}

/**
 * The billing job: for every billable subscription's active schedule week whose cut-off has
 * passed (and whose delivery has not), one order (the customer's picks, else the chef's), then its
 * charge. Safe on several instances at once: each week is claimed with FOR UPDATE SKIP LOCKED, the
 * order is unique per schedule week (`orders.schedule_week_id`), and the charge's idempotency key
 * is derived from the week, so a second run (or a crash between writing and charging) never
 * charges twice.
 */
/** A run limited to one customer's plans (the development tool's runs for end-to-end tests). */
export interface BillingScope {
  customerId?: number;
}

export async function runBilling(
  deps: BillingDeps,
  asOf: Date,
  scope: BillingScope = {},
): Promise<BillingRun> {
  const { db } = deps;
  await activatePaidSubscriptions(db, deps.now());
  // A scoped run (a test's, dated ahead) plans and resumes only its customer's weeks.
  await resumeDuePlans(db, asOf, scope.customerId);
  await extendSchedules(db, asOf, scope);

  const run: BillingRun = { asOf, ordersCreated: 0, charged: 0, failed: 0, dropped: 0 };
  const passed: number[] = [];
  for (;;) {
    const outcome = await db
      .transaction((tx) => writeNextDueOrder(tx, deps, asOf, passed, scope))
      .catch((error: unknown) => {
        if (error instanceof WeekAlreadyWritten) return { emptyWeekId: error.weekId };
        throw error;
      });
    if (outcome === null) break;
    if ('emptyWeekId' in outcome) passed.push(outcome.emptyWeekId);
    else run.ordersCreated += 1;
  }

  for (const order of await ordersToCharge(db, scope)) {
    const result = await chargeWeek(deps, order);
    if (result === 'charged') run.charged += 1;
    if (result === 'failed') run.failed += 1;
  }
  // Product rule R9.29: before the notices, so no "payment failed" email goes for a dropped box.
  run.dropped = await dropUnpaidBoxes(db, asOf, deps.now(), scope);

  if (deps.mailer && deps.config) {
    const notices = { db, mailer: deps.mailer, publicUrl: deps.config.publicUrl, now: deps.now };
    await queuePaymentFailedEmails(notices, asOf, scope);
    await queuePickReminders(notices, asOf, scope);
  }
  // Product rules R12.9 and R12.16: every fifth paid box of a plan earns a loyalty voucher, once,
  // emailed to its customer.
  await issueLoyaltyVouchers(
    db,
    deps.now(),
    scope,
    deps.mailer && deps.config
      ? { mailer: deps.mailer, publicUrl: deps.config.publicUrl }
      : undefined,
  );
  return run;
}

/** A plan whose first order was paid after 3-D Secure becomes active here. */
async function activatePaidSubscriptions(db: Database, now: Date) {
  await db
    .update(subscriptions)
    .set({ state: 'active', updatedAt: now })
    .where(
      and(
        eq(subscriptions.state, 'created'),
        exists(
          db
            .select({ id: orders.id })
            .from(orders)
            .where(and(eq(orders.subscriptionId, subscriptions.id), eq(orders.state, 'paid'))),
        ),
      ),
    );
}

/**
 * Keeps WEEKS_AHEAD weeks planned for every billable or paused schedule; skipped weeks stay
 * skipped. A paused plan's weeks are planned too, so the customer sees and can skip the weeks
 * after a pause (product rule R10.12); the job never bills them while it is paused.
 */
export async function extendSchedules(db: Database, asOf: Date, scope: BillingScope = {}) {
  const thisWeek = mondayOf(isoDate(asOf));
  const rows = await db
    .select({ schedule: schedules })
    .from(schedules)
    .innerJoin(subscriptions, eq(subscriptions.id, schedules.subscriptionId))
    .where(
      and(
        inArray(subscriptions.state, [...BILLABLE_STATES, 'paused']),
        scope.customerId === undefined ? undefined : eq(subscriptions.customerId, scope.customerId),
      ),
    );
  for (const { schedule } of rows) {
    const weeks = plannedWeeks(schedule, addDays(thisWeek, 7 * WEEKS_AHEAD)).filter(
      (week) => week.startDate >= thisWeek,
    );
    if (weeks.length === 0) continue;
    await db
      .insert(scheduleWeeks)
      .values(
        weeks.map((week) => ({
          scheduleId: schedule.id,
          startDate: week.startDate,
          deliveryDate: week.deliveryDate,
          originalDeliveryDate: week.deliveryDate,
          billingDate: week.billingDate,
        })),
      )
      .onConflictDoNothing();
  }
}

/** The due-week rule: active, cut-off passed, delivery not yet passed, no order yet. */
export const isDueWeek = (
  week: { state: string; billingDate: Date; deliveryDate: string },
  asOf: Date,
  hasOrder: boolean,
) =>
  week.state === 'active' &&
  week.billingDate <= asOf &&
  week.deliveryDate >= isoDate(asOf) &&
  !hasOrder;

async function writeNextDueOrder(
  tx: Queryable,
  deps: Pick<BillingDeps, 'catalogue' | 'now'>,
  asOf: Date,
  passed: number[],
  scope: BillingScope,
): Promise<WrittenOrder | { emptyWeekId: number } | null> {
  const now = deps.now();
  const [due] = await tx
    .select({ week: scheduleWeeks, subscription: subscriptions })
    .from(scheduleWeeks)
    .innerJoin(schedules, eq(schedules.id, scheduleWeeks.scheduleId))
    .innerJoin(subscriptions, eq(subscriptions.id, schedules.subscriptionId))
    .where(
      and(
        inArray(subscriptions.state, [...BILLABLE_STATES]),
        eq(scheduleWeeks.state, 'active'),
        lte(scheduleWeeks.billingDate, asOf),
        gte(scheduleWeeks.deliveryDate, isoDate(asOf)),
        passed.length ? notInArray(scheduleWeeks.id, passed) : undefined,
        scope.customerId === undefined ? undefined : eq(subscriptions.customerId, scope.customerId),
        weekNotOrdered(tx),
      ),
    )
    .orderBy(asc(scheduleWeeks.billingDate), asc(scheduleWeeks.id))
    .limit(1)
    .for('update', { of: scheduleWeeks, skipLocked: true });
  if (!due) return null;
  const { week, subscription } = due;

  const lines = await weekLines(tx, week, subscription);
  lines.items = await takeWeekStock(tx, deps.catalogue, week, subscription, lines.items);
  if (lines.items.length === 0) return { emptyWeekId: week.id };

  const [customer] = await tx
    .select()
    .from(customers)
    .where(eq(customers.id, subscription.customerId))
    .for('update');
  if (!customer) return { emptyWeekId: week.id };

  const kitLines = lines.items.map((line) => ({
    productId: line.productId,
    productVariantId: String(line.variantId),
    title: line.title,
    variantTitle: line.variantTitle,
    quantity: line.quantity,
    unitPricePence: line.pricePence,
    isAddon: line.isAddon,
  }));
  const price = await priceKitLines(tx, kitLines, week.deliveryDate, customer.storeCreditPence);
  const orderId = await insertKitOrder(
    tx,
    {
      customer,
      values: {
        ...price,
        source: 'subscription',
        deliveryDate: week.deliveryDate,
        // Product rule R10.26: the week's own address when the customer changed it, else the plan's.
        address: (await weekAddress(tx, week, subscription))?.address ?? null,
        billingAddress: await planAddress(tx, subscription, subscription.billingAddressId),
        deliveryNote: subscription.deliveryNote,
        subscriptionId: subscription.id,
        scheduleWeekId: week.id,
        chefSelected: lines.chefSelected,
      },
      lines: kitLines,
      // Another run wrote this week's order first (the unique index): undo the stock taken above.
      alreadyWritten: () => new WeekAlreadyWritten(week.id),
    },
    now,
  );
  return {
    orderId,
    customerId: customer.id,
    subscriptionId: subscription.id,
    scheduleWeekId: week.id,
  };
}

/**
 * Takes the week's stock. A dish that sold out since it was picked is swapped for the chef's pick
 * of a dish not already in the box (same portion, honouring the dietary flags), or left out when
 * there is none: the customer gets a box, not a failed week.
 */
async function takeWeekStock(
  tx: Queryable,
  stock: StockKeeper,
  week: typeof scheduleWeeks.$inferSelect,
  subscription: typeof subscriptions.$inferSelect,
  items: WeekLine[],
): Promise<WeekLine[]> {
  const take = (lines: WeekLine[]) =>
    stock.decrementStock(
      tx,
      lines.map((line) => ({ variantId: line.variantId, quantity: line.quantity })),
    );
  const short = await take(items);
  if (short.length === 0) return items;
  const kept = items.filter((line) => !short.includes(line.variantId));
  const missing = items.filter((line) => short.includes(line.variantId) && !line.isAddon);
  const inBox = new Set(items.map((line) => line.productId));
  const menu = (await weeklyMenu(tx, week.startDate)).filter((dish) => !inBox.has(dish.productId));
  const substitutes = missing.flatMap((line) => {
    const [pick] = chefPicks(
      menu,
      1,
      {
        ...(subscription.dietary as DietaryFlags),
        doublePortion: line.variantTitle !== 'Regular',
      },
      subscription.avoidedIngredients,
    ).filter(({ dish }) => !inBox.has(dish.productId));
    if (!pick) return [];
    inBox.add(pick.dish.productId);
    return [
      {
        variantId: pick.variant.id,
        productId: pick.dish.productId,
        title: pick.dish.title,
        variantTitle: pick.variant.title,
        pricePence: pick.variant.pricePence,
        quantity: line.quantity,
        isAddon: false,
      },
    ];
  });
  const substituteShort = await take(substitutes);
  return [...kept, ...substitutes.filter((line) => !substituteShort.includes(line.variantId))];
}

/** The plan's shipping or billing address; without one, the customer's default (R10.22). */
async function planAddress(
  tx: Queryable,
  subscription: typeof subscriptions.$inferSelect,
  addressId: number | null,
): Promise<BasketAddress | null> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(
      addressId === null
        ? and(eq(addresses.customerId, subscription.customerId), eq(addresses.isDefault, true))
        : eq(addresses.id, addressId),
    )
    .limit(1);
  return row ? orderAddressOf(row) : null;
}

/**
 * Subscription orders still to charge: waiting for payment with no attempt yet (written by this
 * run, or by one that stopped before charging).
 */
async function ordersToCharge(db: Database, scope: BillingScope): Promise<WrittenOrder[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      customerId: orders.customerId,
      subscriptionId: orders.subscriptionId,
      scheduleWeekId: orders.scheduleWeekId,
    })
    .from(orders)
    .where(
      and(
        isNotNull(orders.scheduleWeekId),
        isNotNull(orders.subscriptionId),
        eq(orders.state, 'payment_pending'),
        scope.customerId === undefined ? undefined : eq(orders.customerId, scope.customerId),
        notExists(
          db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orders.id)),
        ),
      ),
    )
    .orderBy(asc(orders.id));
  return rows.flatMap((row) =>
    row.customerId !== null && row.subscriptionId !== null && row.scheduleWeekId !== null
      ? [row as WrittenOrder]
      : [],
  );
}

/** Charges a week's order with the plan's card (or the customer's default). */
async function chargeWeek(
  deps: BillingDeps,
  order: WrittenOrder,
): Promise<'charged' | 'failed' | 'waiting'> {
  const { db } = deps;
  const [customer] = await db.select().from(customers).where(eq(customers.id, order.customerId));
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, order.subscriptionId));
  if (!customer || !subscription) return 'waiting';
  const [method] = await db
    .select()
    .from(paymentMethods)
    .where(
      subscription.paymentMethodId === null
        ? and(eq(paymentMethods.customerId, customer.id), eq(paymentMethods.saved, true))
        : and(
            eq(paymentMethods.id, subscription.paymentMethodId),
            eq(paymentMethods.customerId, customer.id),
          ),
    )
    .orderBy(desc(paymentMethods.isDefault), asc(paymentMethods.id))
    .limit(1);
  if (!method) {
    await markNotAuthorized(db, order.orderId, deps.now());
    await settleSubscription(db, subscription.id, 'failed', deps.now());
    return 'failed';
  }
  try {
    const result = await payOrder(db, deps.paymentGateway, deps.now, {
      customer,
      orderId: order.orderId,
      method: { paymentMethodId: method.id },
      returnPath: `/payment/${order.orderId}`,
      idempotencyKey: `schedule-week-${order.scheduleWeekId}`,
    });
    if (result.payment.state === 'succeeded') {
      await settleSubscription(db, subscription.id, 'paid', deps.now());
      return result.status === 201 ? 'charged' : 'waiting';
    }
    // 3-D Secure off session: the customer must act, so the plan is payment-failed meanwhile.
    if (result.payment.state === 'requires_action')
      await settleSubscription(db, subscription.id, 'failed', deps.now());
    return 'waiting';
  } catch (error) {
    if (error instanceof PaymentDeclinedError) {
      await markNotAuthorized(db, order.orderId, deps.now());
      await settleSubscription(db, subscription.id, 'failed', deps.now());
      return 'failed';
    }
    // A card saved with another gateway, or the gateway down: the order waits for the next run.
    if (error instanceof ApiError) return 'waiting';
    throw error;
  }
}

async function markNotAuthorized(db: Database, orderId: number, now: Date) {
  await db
    .update(orders)
    .set({ state: 'not_authorized', updatedAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.state, 'payment_pending')));
}
