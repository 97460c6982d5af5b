import { and, desc, eq, isNull, like } from 'drizzle-orm';
import { firstDeliveryDate, isDeliveryDay } from '../../../domain/delivery-dates';
import { boxDeliveryDate } from '../../../domain/delivery-fee';
import { DEFAULT_KIT_MINIMUMS, kitBasketProblems } from '../../../domain/recipe-kit-basket';
import {
  isKitOrderType,
  isReorderableState,
  REORDER_MESSAGES,
  splitByMenu,
  type MenuOffer,
  type PastBoxLine,
} from '../../../domain/reorder';
import { addDays, firstOrderableWeek, weekStart } from '../../../domain/weeks';
import type { Database, Queryable } from '../../db/database';
import { addresses, customers, orderLineItems, orders } from '../../db/schema';
import { ApiError, notFound } from '../../http/jsonapi';
import type { StockKeeper } from '../catalogue/catalogue';
import { orderAddressOf } from '../order-address';
import { insertKitOrder, priceKitLines } from './kit-order-insert';
import { WEEKS_AHEAD } from '../subscriptions/schedule-dates';
import { weeklyMenu } from '../subscriptions/weekly-menu';

const refused = (code: string, title: string, detail: string) =>
  new ApiError(422, code, title, { detail });

export interface ReorderInput {
  customerId: number;
  sourceOrderId: number;
  /** The request's Idempotency-Key header, if any. */
  idempotencyKey: string | undefined;
}

export interface Reordered {
  orderId: number;
  /** False when the same request was answered before (the order already written). */
  created: boolean;
  leftOut: PastBoxLine[];
}

const reorderPrefix = (customerId: number) => `reorder:${customerId}:`;

/**
 * The order's own idempotency key (`orders.source_basket_key`, unique): the customer, the box and
 * the request's Idempotency-Key, or without one the delivery week, so a double click (or a retry)
 * makes one order (product rule R9.27).
 */
const reorderKey = (customerId: number, sourceOrderId: number, key: string) =>
  `${reorderPrefix(customerId)}${sourceOrderId}:${key}`;

/** A past box's lines as they were ordered (modifiers are takeaway's, never a kit's). */
async function pastBoxLines(db: Queryable, orderId: number): Promise<PastBoxLine[]> {
  const rows = await db
    .select()
    .from(orderLineItems)
    .where(and(eq(orderLineItems.orderId, orderId), isNull(orderLineItems.parentId)))
    .orderBy(orderLineItems.id);
  return rows.map((row) => ({
    productVariantId: row.productVariantId,
    title: row.title,
    variantTitle: row.variantTitle,
    quantity: row.quantity,
    isAddon: row.isAddon,
  }));
}

/** What a box ordered again left out: the past box's variants the new order does not have. */
export async function leftOutOf(db: Queryable, sourceOrderId: number, orderId: number) {
  const ordered = new Set((await pastBoxLines(db, orderId)).map((l) => l.productVariantId));
  return splitByMenu(await pastBoxLines(db, sourceOrderId), []).leftOut.filter(
    (line) => !ordered.has(line.productVariantId),
  );
}

/** The first week still open for orders (product rule R7.1) that has a menu, and that menu. */
async function nextMenuWeek(db: Queryable, now: Date) {
  const first = firstOrderableWeek(now);
  for (let ahead = 0; ahead < WEEKS_AHEAD; ahead += 1) {
    const week = addDays(first, 7 * ahead);
    const menu = await weeklyMenu(db, week);
    if (menu.length > 0) return { week, menu };
  }
  return undefined;
}

/**
 * The box's weekday in the new week when the couriers deliver then and it is not too soon
 * (product rules R8.4, R8.9), else the week's first delivery day.
 */
function deliveryDateIn(week: string, pastDate: string | null, now: Date): string {
  const same = boxDeliveryDate(week, pastDate, now);
  if (pastDate && isDeliveryDay(same) && same >= firstDeliveryDate(now)) return same;
  return boxDeliveryDate(week, null, now);
}

/**
 * POST orders (product rule R9.27): the customer's past recipe-kit box ordered again as a one-off
 * box for the next open week, in one transaction: the same recipes and portions that week's menu
 * still sells at today's prices, to the customer's default address, store credit first (R8.7),
 * the rest left awaiting payment as any unpaid order (`/payment/{orderId}`, R9.3).
 */
export async function reorderBox(
  db: Database,
  stock: StockKeeper,
  input: ReorderInput,
  now: Date,
): Promise<Reordered> {
  return db.transaction(async (tx) => {
    // The customer row's lock makes two requests with one key wait for each other.
    const [customer] = await tx
      .select()
      .from(customers)
      .where(eq(customers.id, input.customerId))
      .for('update');
    if (!customer) throw notFound('Customer');
    const [source] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.sourceOrderId), eq(orders.customerId, customer.id)));
    if (!source) throw notFound('Order');

    if (input.idempotencyKey !== undefined) {
      const prefix = reorderPrefix(customer.id);
      const earlier = await tx
        .select({ id: orders.id, key: orders.sourceBasketKey })
        .from(orders)
        .where(and(eq(orders.customerId, customer.id), like(orders.sourceBasketKey, `${prefix}%`)));
      const same = earlier.find((row) => {
        const rest = row.key!.slice(prefix.length);
        return rest.slice(rest.indexOf(':') + 1) === input.idempotencyKey;
      });
      if (same) {
        if (same.key !== reorderKey(customer.id, source.id, input.idempotencyKey))
          throw new ApiError(400, 'idempotency_key_reused', 'Idempotency key reused', {
            detail: REORDER_MESSAGES.keyReused,
            parameter: 'Idempotency-Key',
          });
        return {
          orderId: same.id,
          created: false,
          leftOut: await leftOutOf(tx, source.id, same.id),
        };
      }
    }

    if (!isKitOrderType(source.type))
      throw refused('not_a_kit_order', 'Not a recipe-kit box', REORDER_MESSAGES.notKit);
    if (!isReorderableState(source.state))
      throw refused(
        'order_not_reorderable',
        'Box cannot be ordered again',
        REORDER_MESSAGES.notReorderable,
      );

    const open = await nextMenuWeek(tx, now);
    if (!open) throw refused('no_open_menu', 'No menu open', REORDER_MESSAGES.noMenu);
    const key = reorderKey(customer.id, source.id, input.idempotencyKey ?? open.week);
    const [done] = await tx.select().from(orders).where(eq(orders.sourceBasketKey, key));
    if (done)
      return { orderId: done.id, created: false, leftOut: await leftOutOf(tx, source.id, done.id) };

    const [shipping] = await tx
      .select()
      .from(addresses)
      .where(eq(addresses.customerId, customer.id))
      .orderBy(desc(addresses.isDefault), desc(addresses.id))
      .limit(1);
    if (!shipping)
      throw refused('address_required', 'Delivery address required', REORDER_MESSAGES.noAddress);

    const offers: MenuOffer[] = open.menu.flatMap((dish) =>
      dish.variants.map((variant) => ({
        variantId: variant.id,
        productId: dish.productId,
        title: dish.title,
        variantTitle: variant.title,
        pricePence: variant.pricePence,
        onSale: dish.availableForSale && variant.availableForSale,
      })),
    );
    const { kept, leftOut } = splitByMenu(await pastBoxLines(tx, source.id), offers);
    if (!kept.some((line) => !line.isAddon))
      throw refused('nothing_to_reorder', 'No dishes on the menu', REORDER_MESSAGES.nothingOnMenu);
    // The kit rules of section 7 hold for the box as it is now (at least £10 of food, R7).
    const [problem] = kitBasketProblems(
      kept.map((line) => ({
        mealWeek: open.week,
        isAddon: line.isAddon,
        productVariantId: line.productVariantId,
        totalPence: line.unitPricePence * line.quantity,
      })),
      DEFAULT_KIT_MINIMUMS,
    );
    if (problem) throw refused(problem.code, 'Box not ready', problem.message);

    const deliveryDate = deliveryDateIn(open.week, source.deliveryDate, now);
    if (weekStart(deliveryDate) !== open.week)
      throw refused('no_open_menu', 'No menu open', REORDER_MESSAGES.noMenu);
    const price = await priceKitLines(tx, kept, deliveryDate, customer.storeCreditPence);
    const address = orderAddressOf(shipping);
    const orderId = await insertKitOrder(
      tx,
      {
        customer,
        values: {
          ...price,
          sourceBasketKey: key,
          deliveryDate,
          address,
          billingAddress: address,
          deliveryNote: source.deliveryNote,
        },
        lines: kept,
        stock: {
          keeper: stock,
          soldOut: (titles) =>
            refused('out_of_stock', 'Out of stock', `Sold out this week: ${titles.join(', ')}.`),
        },
      },
      now,
    );
    return { orderId, created: true, leftOut };
  });
}
