import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { canChangeWeek } from '../../../domain/pasta-plan';
import {
  isScheduleWeekDay,
  recipePicksProblem,
  SCHEDULE_WEEK_MESSAGES,
  scheduleWeekDays,
} from '../../../domain/schedule-week';
import { addDays } from '../../../domain/weeks';
import type { Database, Queryable } from '../../db/database';
import {
  addresses,
  deliveryUnavailableDates,
  orderLineItems,
  orders,
  productUnavailableDates,
  scheduleWeekPicks,
  scheduleWeeks,
  schedules,
  subscriptions,
  type BasketAddress,
} from '../../db/schema';
import { ApiError, notFound } from '../../http/jsonapi';
import type { Mailer } from '../mailer';
import { orderAddressOf } from '../order-address';
import type { MenuDish } from './chef-picks';
import { rowId, type Customer } from './pasta-plan';
import { weekDateChangedEmail } from './schedule-week-emails';
import { weekLines } from './week-box';
import { weeklyMenu } from './weekly-menu';

export interface ScheduleWeekDeps {
  db: Database;
  mailer: Mailer;
  now: () => Date;
  publicUrl: string;
}

type WeekRow = typeof scheduleWeeks.$inferSelect;
type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface BoxLine {
  variantId: number;
  title: string;
  variantTitle: string;
  quantity: number;
  pricePence: number;
}

const tooLate = () => new ApiError(409, 'too_late', SCHEDULE_WEEK_MESSAGES.tooLate);
const cancelled = () =>
  new ApiError(409, 'subscription_cancelled', SCHEDULE_WEEK_MESSAGES.cancelled);

const isRecipe = (dish: MenuDish) =>
  dish.productType === 'Recipe Kit' && !dish.tags.includes('hide-from-menu');
const inStock = (variant: MenuDish['variants'][number]) =>
  variant.availableForSale && (variant.quantityAvailable === null || variant.quantityAvailable > 0);

/** The week's menu as the customer picks from it: its recipes' variants in stock, menu order. */
function pickableMenu(menu: readonly MenuDish[]) {
  return menu
    .filter((dish) => dish.availableForSale && isRecipe(dish))
    .flatMap((dish) =>
      dish.variants.filter(inStock).map((variant) => ({
        variantId: variant.id,
        productId: dish.productId,
        title: dish.title,
        variantTitle: variant.title,
        isDouble: variant.isDouble,
        pricePence: variant.pricePence,
      })),
    );
}

async function weekOfCustomer(db: Queryable, customerId: number, id: number, lock: boolean) {
  const query = db
    .select({ week: scheduleWeeks, subscription: subscriptions })
    .from(scheduleWeeks)
    .innerJoin(schedules, eq(schedules.id, scheduleWeeks.scheduleId))
    .innerJoin(subscriptions, eq(subscriptions.id, schedules.subscriptionId))
    .where(and(eq(scheduleWeeks.id, id), eq(subscriptions.customerId, customerId)));
  const [row] = lock ? await query.for('update', { of: scheduleWeeks }) : await query;
  if (!row) throw notFound('Schedule week');
  const [order] = await db
    .select({ id: orders.id, state: orders.state })
    .from(orders)
    .where(eq(orders.scheduleWeekId, id))
    .limit(1);
  return { ...row, order: order ?? null };
}

/**
 * The week locked for a change (the billing job claims weeks with the same lock, SKIP LOCKED):
 * another customer's is 404, a cancelled plan's 409, one past its cut-off or with its order 409
 * `too_late` (product rules R10.5 and R10.24).
 */
async function changeableWeek(tx: Queryable, customerId: number, id: number, now: Date) {
  const row = await weekOfCustomer(tx, customerId, id, true);
  if (row.subscription.state === 'cancelled') throw cancelled();
  if (!canChangeWeek({ billingDate: row.week.billingDate, orderId: row.order?.id ?? null }, now))
    throw tooLate();
  return row;
}

/** The box as it stands: its order's lines, else the customer's picks, else the chef's. */
async function boxLines(
  db: Queryable,
  week: WeekRow,
  subscription: SubscriptionRow,
  orderId: number | null,
  menu: readonly MenuDish[],
): Promise<{ lines: BoxLine[]; chefSelected: boolean }> {
  if (orderId !== null) {
    const [order] = await db
      .select({ chefSelected: orders.chefSelected })
      .from(orders)
      .where(eq(orders.id, orderId));
    const lines = await db
      .select()
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, orderId))
      .orderBy(asc(orderLineItems.id));
    return {
      chefSelected: order?.chefSelected ?? false,
      lines: lines.map((line) => ({
        variantId: Number(line.productVariantId),
        title: line.title,
        variantTitle: line.variantTitle ?? '',
        quantity: line.quantity,
        pricePence: line.unitPricePence,
      })),
    };
  }
  const { items, chefSelected } = await weekLines(db, week, subscription, menu);
  return {
    chefSelected,
    lines: items.map(({ variantId, title, variantTitle, quantity, pricePence }) => ({
      variantId,
      title,
      variantTitle,
      quantity,
      pricePence,
    })),
  };
}

/** Product rule R10.26: the week's address, else the plan's, else the customer's default. */
export async function weekAddress(
  db: Queryable,
  week: WeekRow,
  subscription: SubscriptionRow,
): Promise<{ id: number; address: BasketAddress } | null> {
  const id = week.shippingAddressId ?? subscription.shippingAddressId;
  const [row] = await db
    .select()
    .from(addresses)
    .where(
      id === null
        ? and(eq(addresses.customerId, subscription.customerId), eq(addresses.isDefault, true))
        : eq(addresses.id, id),
    )
    .limit(1);
  return row ? { id: row.id, address: orderAddressOf(row) } : null;
}

/** Product rule R10.25: the week's days, with the closures of its box's dishes. */
async function weekDays(db: Queryable, week: WeekRow, variantIds: number[], now: Date) {
  const end = addDays(week.startDate, 6);
  const closed = await db
    .select({ date: deliveryUnavailableDates.date })
    .from(deliveryUnavailableDates)
    .where(
      and(
        gte(deliveryUnavailableDates.date, week.startDate),
        lte(deliveryUnavailableDates.date, end),
      ),
    );
  const productRows = variantIds.length
    ? await db
        .select()
        .from(productUnavailableDates)
        .where(
          and(
            inArray(productUnavailableDates.variantId, variantIds),
            gte(productUnavailableDates.date, week.startDate),
            lte(productUnavailableDates.date, end),
          ),
        )
    : [];
  const products = [...new Set(productRows.map((row) => String(row.variantId)))].map((product) => ({
    product,
    dates: productRows.filter((row) => String(row.variantId) === product).map((r) => r.date),
  }));
  return scheduleWeekDays(
    week.startDate,
    now,
    closed.map((row) => row.date),
    products,
    variantIds.map(String),
  );
}

/** Everything the week pages show (product rule R10.24). */
export async function scheduleWeekDetails(
  db: Queryable,
  customerId: number,
  weekId: string,
  now: Date,
) {
  const id = rowId(weekId, 'Schedule week');
  const { week, subscription, order } = await weekOfCustomer(db, customerId, id, false);
  const menu = await weeklyMenu(db, week.startDate);
  const box = await boxLines(db, week, subscription, order?.id ?? null, menu);
  const changeable =
    subscription.state !== 'cancelled' &&
    canChangeWeek({ billingDate: week.billingDate, orderId: order?.id ?? null }, now);
  return {
    week,
    subscription,
    order,
    changeable,
    address: await weekAddress(db, week, subscription),
    box,
    menu: pickableMenu(menu),
    days: changeable
      ? await weekDays(
          db,
          week,
          box.lines.map((line) => line.variantId),
          now,
        )
      : [],
  };
}

/**
 * Product rules R10.25 and R10.26: moves the week's delivery to another day of its week and/or
 * sends it to another of the customer's addresses. Only a changed date is emailed, once: two tabs
 * racing are serialised by the week's lock and the second finds the date already changed.
 */
export async function changeScheduleWeek(
  deps: ScheduleWeekDeps,
  customer: Customer,
  weekId: string,
  change: { deliveryDate?: string; shippingAddressId?: string },
): Promise<number> {
  const id = rowId(weekId, 'Schedule week');
  const now = deps.now();
  if (change.deliveryDate === undefined && change.shippingAddressId === undefined)
    throw new ApiError(400, 'nothing_to_change', SCHEDULE_WEEK_MESSAGES.nothingToChange);
  return deps.db.transaction(async (tx) => {
    const { week, subscription } = await changeableWeek(tx, customer.id, id, now);
    const set: Partial<WeekRow> = {};
    if (change.shippingAddressId !== undefined) {
      const addressId = rowId(change.shippingAddressId, 'Shipping address');
      const [owned] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customer.id)));
      if (!owned) throw notFound('Shipping address');
      set.shippingAddressId = addressId;
    }
    const dateChanged =
      change.deliveryDate !== undefined && change.deliveryDate !== week.deliveryDate;
    if (change.deliveryDate !== undefined) {
      const menu = await weeklyMenu(tx, week.startDate);
      const box = await boxLines(tx, week, subscription, null, menu);
      const days = await weekDays(
        tx,
        week,
        box.lines.map((line) => line.variantId),
        now,
      );
      if (!isScheduleWeekDay(days, change.deliveryDate))
        throw new ApiError(400, 'invalid_delivery_date', SCHEDULE_WEEK_MESSAGES.dateUnavailable, {
          pointer: '/delivery_date',
        });
      set.deliveryDate = change.deliveryDate;
    }
    await tx.update(scheduleWeeks).set(set).where(eq(scheduleWeeks.id, id));
    if (dateChanged)
      await deps.mailer.enqueue(
        tx,
        weekDateChangedEmail(
          customer,
          { id, deliveryDate: change.deliveryDate!, billingDate: week.billingDate },
          week.deliveryDate,
          deps.publicUrl,
        ),
      );
    return id;
  });
}

/**
 * Product rule R10.27: the customer's recipes for the week (replacing any before), or, with an
 * empty list, the chef's picks again. The billing job bills them at the cut-off.
 */
export async function chooseScheduleWeekRecipes(
  deps: ScheduleWeekDeps,
  customer: Customer,
  weekId: string,
  selections: { variantId: string; quantity: number }[],
): Promise<number> {
  const id = rowId(weekId, 'Schedule week');
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { week, subscription } = await changeableWeek(tx, customer.id, id, now);
    const menu = pickableMenu(await weeklyMenu(tx, week.startDate));
    const problem = recipePicksProblem(
      selections,
      subscription.numberOfRecipes,
      new Map(menu.map((item) => [String(item.variantId), item.pricePence])),
    );
    if (problem) throw new ApiError(400, 'invalid_selections', problem, { pointer: '/selections' });
    await tx.delete(scheduleWeekPicks).where(eq(scheduleWeekPicks.scheduleWeekId, id));
    if (selections.length > 0)
      await tx.insert(scheduleWeekPicks).values(
        selections.map((pick) => ({
          scheduleWeekId: id,
          variantId: Number(pick.variantId),
          quantity: pick.quantity,
        })),
      );
    return id;
  });
}
