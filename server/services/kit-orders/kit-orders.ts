import { and, eq } from 'drizzle-orm';
import { isCardRequested, isLikelyCardCharge } from '../../../domain/payment';
import {
  DEFAULT_KIT_MINIMUMS,
  kitBasketProblems,
  mealWeeksOf,
  type KitLine,
} from '../../../domain/recipe-kit-basket';
import { boxDeliveryDate } from '../../../domain/delivery-fee';
import { firstDeliveryDate } from '../../../domain/delivery-dates';
import { ORDER_EDIT_MESSAGES } from '../../../domain/order-edit';
import { SCHEDULE_WEEK_MESSAGES } from '../../../domain/schedule-week';
import { recurringCharge, type RecurringCharge } from '../../../domain/recurring-charge';
import type { Database, Queryable } from '../../db/database';
import {
  addresses,
  baskets,
  customers,
  orders,
  paymentMethods,
  scheduleWeekPicks,
  scheduleWeeks,
  schedules,
  subscriptions,
} from '../../db/schema';
import { ApiError, notFound } from '../../http/jsonapi';
import { priceBasket, type BasketPrice } from '../basket-pricing';
import { itemsOf, lineTotals, type BasketItemRow, type BasketRow } from '../baskets';
import {
  addDays,
  billingDateFor,
  deliveryDayOf,
  mondayOf,
  plannedDeliveryDate,
  plannedWeeks,
  WEEKS_AHEAD,
} from '../subscriptions/schedule-dates';
import { variantDetails } from '../subscriptions/weekly-menu';
import type { StockKeeper } from '../catalogue/catalogue';
import { orderAddressOf } from '../order-address';
import { claimNewCustomerOffer, hasNewCustomerCredit } from '../new-customer-claims';
import { grantReferralRewards } from '../rewards/referrals';
import { insertKitOrder } from '../orders/kit-order-insert';
import { deliveryDayClosure } from '../delivery-day-closures';

const invalid = (code: string, title: string, detail: string, pointer?: string) =>
  new ApiError(400, code, title, { detail, pointer });

export interface KitPreview {
  subtotalPence: number;
  deliveryPence: number;
  discountPence: number;
  storeCreditPence: number;
  totalPence: number;
  amountToChargePence: number;
  requestCard: boolean;
  likelyCardCharge: boolean;
  /** Product rule R8.13: what recurs when the basket starts a plan; null for a one-off box. */
  recurring: RecurringCharge | null;
}

/** The first meal week's price and the store credit applied to it first (product rule R8.7). */
function previewOf(price: BasketPrice, storeCreditBalancePence: number): KitPreview {
  const storeCreditPence = Math.min(Math.max(0, storeCreditBalancePence), price.totalPence);
  const amountToChargePence = price.totalPence - storeCreditPence;
  return {
    subtotalPence: price.subtotalPence,
    deliveryPence: price.deliveryPence,
    discountPence: price.discountPence,
    storeCreditPence,
    totalPence: price.totalPence,
    amountToChargePence,
    requestCard: isCardRequested(price.totalPence / 100, storeCreditPence / 100),
    likelyCardCharge: isLikelyCardCharge(amountToChargePence / 100),
    recurring: null,
  };
}

const kitLines = (items: BasketItemRow[]): KitLine[] =>
  lineTotals(items).map((line) => ({
    mealWeek: line.item.mealWeek ?? '',
    isAddon: line.item.isAddon,
    productVariantId: line.item.productVariantId,
    totalPence: line.totalPence,
  }));

interface PricedKitBasket {
  firstWeek: string;
  firstItems: BasketItemRow[];
  laterItems: BasketItemRow[];
  price: BasketPrice;
}

/**
 * The basket's own validity rule (per-week and total minimums, `domain/recipe-kit-basket.ts`),
 * then the first meal week priced on its own: that week is ordered now, the later ones become the
 * subscription's picks.
 */
async function priceKitBasket(
  db: Queryable,
  basket: BasketRow,
  items: BasketItemRow[],
  now: Date,
): Promise<PricedKitBasket> {
  if (items.some((item) => item.mealWeek === null))
    throw invalid('meal_week_required', 'Dish without a week', 'Every dish needs its meal week');
  const lines = kitLines(items);
  const [firstWeek] = mealWeeksOf(lines);
  if (!firstWeek)
    throw invalid('basket_empty', 'Basket empty', 'Your box is empty: choose your dishes');
  const firstItems = items.filter((item) => item.mealWeek === firstWeek);
  const price = await priceBasket(db, basket, firstItems, now);
  const [problem] = kitBasketProblems(lines, DEFAULT_KIT_MINIMUMS, price.kitVoucher);
  if (problem) throw invalid(problem.code, 'Box not ready', problem.message);
  return {
    firstWeek,
    firstItems,
    laterItems: items.filter((item) => item.mealWeek !== firstWeek),
    price,
  };
}

async function customerKitBasket(
  db: Queryable,
  customerId: number,
  basketId: string,
  lock: boolean,
): Promise<BasketRow | undefined> {
  const query = db
    .select()
    .from(baskets)
    .where(
      and(
        eq(baskets.id, basketId),
        eq(baskets.customerId, customerId),
        eq(baskets.type, 'RecipeKitBasket'),
      ),
    );
  const [basket] = lock ? await query.for('update') : await query;
  return basket;
}

/** POST preview_order: what the first week costs and what the card would be charged. */
export async function previewKitOrder(
  db: Database,
  customerId: number,
  basketId: string,
  now: Date,
): Promise<KitPreview> {
  const basket = await customerKitBasket(db, customerId, basketId, false);
  if (!basket) throw notFound('Basket');
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw notFound('Customer');
  const { firstWeek, firstItems, laterItems, price } = await priceKitBasket(
    db,
    basket,
    await itemsOf(db, [basket.id]),
    now,
  );
  const dishes = lineTotals(firstItems).filter((line) => !line.item.isAddon);
  return {
    ...previewOf(price, customer.storeCreditPence),
    recurring: recurringCharge({
      startSubscription: basket.startSubscription,
      frequency: basket.frequency,
      deliveryDate: basket.deliveryDate ?? boxDeliveryDate(firstWeek, null, now),
      numberOfRecipes: basket.numberOfRecipes,
      dishQuantities: dishes.map((line) => line.item.quantity),
      pricePerBoxPence: dishes.reduce((sum, line) => sum + line.totalPence, 0),
      deliveryFeePence: price.deliveryPence,
      laterBasketWeeks: laterItems.flatMap((item) => (item.mealWeek ? [item.mealWeek] : [])),
    }),
  };
}

export interface KitOrderInput {
  customerId: number;
  basketId: string;
  paymentMethodId: number | null;
  shippingAddressId: number;
  billingAddressId: number | null;
  deliveryNote: string | null | undefined;
  courierInstruction: string | null | undefined;
}

export interface PlacedKitOrder {
  orderId: number;
  subscriptionId: number | null;
  /** False when a retry found the order already written. */
  created: boolean;
  amountToChargePence: number;
  paymentMethodId: number | null;
}

async function requireOwned<T extends { customerId: number }>(
  rows: Promise<T[]>,
  customerId: number,
  what: string,
): Promise<T> {
  const [row] = await rows;
  if (!row || row.customerId !== customerId) throw notFound(what);
  return row;
}

/**
 * Writes the recipe-kit order in one transaction: the basket is locked and checked, the first
 * week's order and lines written, store credit spent (never below zero: the customer row is
 * locked), and with `start_subscription` the subscription, its schedule and coming weeks, the
 * basket's later weeks as picks; then the basket is deleted. `source_basket_key` is the basket id,
 * so a retry (or a concurrent call that waited on the lock) answers the order already written.
 */
export async function placeKitOrder(
  db: Database,
  stock: StockKeeper,
  input: KitOrderInput,
  now: Date,
): Promise<PlacedKitOrder> {
  return db.transaction(async (tx) => {
    const basket = await customerKitBasket(tx, input.customerId, input.basketId, true);
    if (!basket) {
      const [existing] = await tx
        .select()
        .from(orders)
        .where(
          and(eq(orders.sourceBasketKey, input.basketId), eq(orders.customerId, input.customerId)),
        );
      if (!existing) throw notFound('Basket');
      return {
        orderId: existing.id,
        subscriptionId: existing.subscriptionId,
        created: false,
        amountToChargePence: existing.totalPence - existing.storeCreditPence,
        paymentMethodId: input.paymentMethodId,
      };
    }
    const [customer] = await tx
      .select()
      .from(customers)
      .where(eq(customers.id, input.customerId))
      .for('update');
    if (!customer) throw notFound('Customer');
    const items = await itemsOf(tx, [basket.id]);
    const { firstWeek, firstItems, laterItems, price } = await priceKitBasket(
      tx,
      basket,
      items,
      now,
    );

    const shipping = await requireOwned(
      tx.select().from(addresses).where(eq(addresses.id, input.shippingAddressId)),
      customer.id,
      'Shipping address',
    );
    const billing =
      input.billingAddressId === null
        ? shipping
        : await requireOwned(
            tx.select().from(addresses).where(eq(addresses.id, input.billingAddressId)),
            customer.id,
            'Billing address',
          );
    const method =
      input.paymentMethodId === null
        ? undefined
        : await requireOwned(
            tx.select().from(paymentMethods).where(eq(paymentMethods.id, input.paymentMethodId)),
            customer.id,
            'Payment method',
          );

    const deliveryDate = basket.deliveryDate;
    if (!deliveryDate)
      throw invalid('delivery_date_required', 'Delivery date required', 'Choose a delivery date');
    if (mondayOf(deliveryDate) !== firstWeek || deliveryDayOf(deliveryDate) === 7) {
      throw invalid(
        'delivery_date_invalid',
        'Delivery date not in the week',
        `Choose a delivery date from Monday to Saturday in the week of ${firstWeek}`,
      );
    }
    if (billingDateFor(firstWeek) <= now) {
      throw invalid(
        'week_closed',
        'Week closed',
        `Orders for the week of ${firstWeek} closed at its cut-off: choose a later week`,
      );
    }
    const closure = await deliveryDayClosure(
      tx,
      deliveryDate,
      firstItems.map((item) => Number(item.productVariantId)),
    );
    if (closure || deliveryDate < firstDeliveryDate(now)) {
      const blocked = closure?.kind === 'products' ? closure.variantIds.map(String) : [];
      const titles = firstItems
        .filter((item) => blocked.includes(item.productVariantId))
        .map((item) => item.title);
      throw invalid(
        'delivery_date_unavailable',
        'Delivery date unavailable',
        titles.length
          ? ORDER_EDIT_MESSAGES.dishUnavailable([...new Set(titles)].join(', '))
          : SCHEDULE_WEEK_MESSAGES.dateUnavailable,
      );
    }

    const preview = previewOf(price, customer.storeCreditPence);
    if (preview.amountToChargePence > 0 && !method) {
      throw invalid(
        'payment_method_required',
        'Card required',
        'Choose a card to pay the amount your store credit does not cover',
        '/payment_method_id',
      );
    }

    const address = orderAddressOf(shipping);
    const note =
      [input.courierInstruction?.trim(), (input.deliveryNote ?? basket.deliveryNote)?.trim()]
        .filter(Boolean)
        .join('. ') || null;
    const paidNow = preview.amountToChargePence === 0;

    let subscriptionId: number | null = null;
    let firstScheduleWeekId: number | null = null;
    if (basket.startSubscription) {
      const frequency = basket.frequency ?? 1;
      const numberOfRecipes =
        basket.numberOfRecipes ??
        Math.min(
          12,
          Math.max(
            2,
            firstItems.filter((i) => !i.isAddon).reduce((sum, i) => sum + i.quantity, 0),
          ),
        );
      const [subscription] = await tx
        .insert(subscriptions)
        .values({
          customerId: customer.id,
          name: 'Pasta plan',
          state: paidNow ? 'active' : 'created',
          numberOfRecipes,
          deliveryNote: note,
          dietary: {},
          shippingAddressId: shipping.id,
          billingAddressId: billing.id,
          paymentMethodId: method?.id ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: subscriptions.id });
      subscriptionId = subscription!.id;
      const [schedule] = await tx
        .insert(schedules)
        .values({
          subscriptionId,
          deliveryDay: deliveryDayOf(deliveryDate),
          firstDelivery: deliveryDate,
          frequency,
        })
        .returning();
      const planned = plannedWeeks(schedule!, addDays(firstWeek, 7 * WEEKS_AHEAD));
      // The basket's later weeks are weeks of the plan too, even off its rhythm: the customer chose them.
      for (const week of new Set(laterItems.map((item) => item.mealWeek!))) {
        if (!planned.some((p) => p.startDate === week)) {
          planned.push({
            startDate: week,
            deliveryDate: plannedDeliveryDate(week, schedule!.deliveryDay),
            billingDate: billingDateFor(week),
          });
        }
      }
      const weekRows = await tx
        .insert(scheduleWeeks)
        .values(
          planned.map((week) => ({
            scheduleId: schedule!.id,
            startDate: week.startDate,
            deliveryDate: week.deliveryDate,
            originalDeliveryDate: week.deliveryDate,
            billingDate: week.billingDate,
          })),
        )
        .returning();
      firstScheduleWeekId = weekRows.find((w) => w.startDate === firstWeek)?.id ?? null;
      await writePicks(tx, weekRows, laterItems);
    }

    const ids = firstItems
      .map((item) => Number(item.productVariantId))
      .filter(Number.isSafeInteger);
    const details = await variantDetails(tx, ids);
    const orderId = await insertKitOrder(
      tx,
      {
        customer,
        values: {
          sourceBasketKey: basket.id,
          deliveryDate,
          address,
          deliveryNote: note,
          voucherCode: price.voucherCode,
          subtotalPence: price.subtotalPence,
          deliveryPence: price.deliveryPence,
          discountPence: price.discountPence,
          storeCreditPence: preview.storeCreditPence,
          totalPence: price.totalPence,
          subscriptionId,
          scheduleWeekId: firstScheduleWeekId,
        },
        lines: lineTotals(firstItems).map((line) => ({
          productId: line.item.productId,
          productVariantId: line.item.productVariantId,
          title: line.item.title,
          variantTitle:
            details.find((d) => String(d.id) === line.item.productVariantId)?.variantTitle ?? null,
          quantity: line.item.quantity,
          unitPricePence: line.unitPence,
          isAddon: line.item.isAddon,
        })),
        onWritten: async (id) => {
          // Product rule R12.11: a referred friend's first paid order rewards both, once.
          if (paidNow) await grantReferralRewards(tx, { id, customerId: customer.id }, now);
          // New-customer credit goes once to a household and a card (issue 9): claimed with the order.
          if (preview.storeCreditPence > 0 && (await hasNewCustomerCredit(tx, customer.id))) {
            await claimNewCustomerOffer(tx, {
              customerId: customer.id,
              orderId: id,
              address: shipping,
              cardFingerprint: paidNow ? null : (method?.fingerprint ?? null),
              at: now,
            });
          }
        },
        // The first week's dishes leave the catalogue's stock with the order; one that sold out
        // since it went in the box fails the order (the transaction rolls back, so nothing is written).
        stock: {
          keeper: stock,
          items: firstItems,
          soldOut: (titles) =>
            invalid(
              'out_of_stock',
              'Out of stock',
              `Sold out since you added it: ${titles.join(', ')}. Remove it from your box or choose another dish`,
            ),
        },
      },
      now,
    );
    await tx.delete(baskets).where(eq(baskets.id, basket.id));
    return {
      orderId,
      subscriptionId,
      created: true,
      amountToChargePence: preview.amountToChargePence,
      paymentMethodId: method?.id ?? null,
    };
  });
}

/** The basket's later weeks become the weeks' picks, one row per variant. */
async function writePicks(
  tx: Queryable,
  weeks: (typeof scheduleWeeks.$inferSelect)[],
  items: BasketItemRow[],
) {
  const known = new Set(
    (
      await variantDetails(
        tx,
        items.map((i) => Number(i.productVariantId)).filter(Number.isSafeInteger),
      )
    ).map((v) => String(v.id)),
  );
  const picks = new Map<
    string,
    { scheduleWeekId: number; variantId: number; quantity: number; isAddon: boolean }
  >();
  for (const item of items) {
    const week = weeks.find((w) => w.startDate === item.mealWeek);
    if (!week || !known.has(item.productVariantId)) continue;
    const key = `${week.id}:${item.productVariantId}`;
    const pick = picks.get(key);
    if (pick) pick.quantity += item.quantity;
    else
      picks.set(key, {
        scheduleWeekId: week.id,
        variantId: Number(item.productVariantId),
        quantity: item.quantity,
        isAddon: item.isAddon,
      });
  }
  if (picks.size) await tx.insert(scheduleWeekPicks).values([...picks.values()]);
}
