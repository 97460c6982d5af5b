import { randomBytes } from 'node:crypto';
import { and, eq, gte, lte } from 'drizzle-orm';
import { isDeliveryDay, plannedDeliveryDate } from '../../../domain/delivery-dates';
import type { DatabaseHandle } from '../../../server/db/database';
import {
  addresses,
  basketItems,
  baskets,
  catalogueProducts,
  catalogueVariants,
  customers,
  deliveryUnavailableDates,
  weeklyMenuProducts,
  weeklyMenus,
} from '../../../server/db/schema';
import {
  addDays,
  billingDateFor,
  isoDate,
  mondayOf,
} from '../../../server/services/subscriptions/schedule-dates';

/** The first week still open at `now` (its cut-off, Friday 12:00 UTC before it, not passed). */
export function firstOpenWeek(now = new Date()): string {
  let week = addDays(mondayOf(isoDate(now)), 7);
  while (billingDateFor(week) <= now) week = addDays(week, 7);
  return week;
}

export interface KitDish {
  productId: number;
  regularId: number;
  doubleId: number;
  title: string;
}

/**
 * Catalogue dishes on a week's menu, ahead of whatever the seed put there (negative positions), so
 * the chef's picks choose among them first.
 */
export async function menuWithDishes(
  database: DatabaseHandle,
  weekStart: string,
  dishes: { title: string; tags?: string[]; allergens?: number[]; productType?: string }[],
): Promise<KitDish[]> {
  const { db } = database;
  await db
    .insert(weeklyMenus)
    .values({ handle: `menu-${weekStart}`, title: `Week of ${weekStart}`, weekStart })
    .onConflictDoNothing();
  const [menu] = await db.select().from(weeklyMenus).where(eq(weeklyMenus.weekStart, weekStart));
  const made: KitDish[] = [];
  for (const [index, dish] of dishes.entries()) {
    const suffix = randomBytes(4).toString('hex');
    const [product] = await db
      .insert(catalogueProducts)
      .values({
        handle: `test-${suffix}`,
        title: dish.title,
        productType: dish.productType ?? 'Recipe Kit',
        tags: dish.tags ?? [],
        allergenCodes: dish.allergens ?? [],
      })
      .returning();
    const [regular, double] = await db
      .insert(catalogueVariants)
      .values([
        { productId: product!.id, title: 'Regular', sku: `R-${suffix}`, pricePence: 650 },
        {
          productId: product!.id,
          title: 'Double Portion, Serves 2',
          sku: `D-${suffix}`,
          pricePence: 1150,
          isDouble: true,
        },
      ])
      .returning();
    await db.insert(weeklyMenuProducts).values({
      weeklyMenuId: menu!.id,
      productId: product!.id,
      position: -1000 + index,
    });
    made.push({
      productId: product!.id,
      regularId: regular!.id,
      doubleId: double!.id,
      title: dish.title,
    });
  }
  return made;
}

export async function giveStoreCredit(database: DatabaseHandle, customerId: number, pence: number) {
  await database.db
    .update(customers)
    .set({ storeCreditPence: pence })
    .where(eq(customers.id, customerId));
}

export async function savedAddress(database: DatabaseHandle, customerId: number) {
  const [row] = await database.db
    .insert(addresses)
    .values({
      customerId,
      address1: '12 Exmouth Market',
      city: 'London',
      zip: 'EC1R 4QE',
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '07700900123',
      isDefault: true,
    })
    .returning();
  return row!;
}

/** Another of the customer's addresses in London, not their default: what a change moves to. */
export async function anotherAddress(
  database: DatabaseHandle,
  customerId: number,
  place: { address1: string; zip: string },
) {
  const [row] = await database.db
    .insert(addresses)
    .values({ customerId, ...place, city: 'London', firstName: 'Ada', lastName: 'Lovelace' })
    .returning();
  return row!;
}

/** Wednesday first, then the days nearest it: the day a test box is delivered in its week. */
const BOX_DAY_OFFSETS = [2, 3, 1, 4, 0, 5];

/**
 * The day a test box is delivered in `week`: its Wednesday, or the open day nearest it when the
 * Wednesday is closed (product rule R8.4: the seed closes a Wednesday two weeks on, and 25 and 26
 * December are closed), so the server accepts the order whatever the date the tests run on.
 */
export async function boxDeliveryDate(database: DatabaseHandle, week: string): Promise<string> {
  const closed = new Set(
    (
      await database.db
        .select({ date: deliveryUnavailableDates.date })
        .from(deliveryUnavailableDates)
        .where(
          and(
            gte(deliveryUnavailableDates.date, week),
            lte(deliveryUnavailableDates.date, addDays(week, 6)),
          ),
        )
    ).map((row) => row.date),
  );
  const open = BOX_DAY_OFFSETS.map((offset) => addDays(week, offset)).find(
    (date) => isDeliveryDay(date) && !closed.has(date),
  );
  if (!open) throw new Error(`No open delivery day in the week of ${week}`);
  return open;
}

/** Days from Monday of a date in its week: what a plan repeats on later weeks. */
export const dayOffsetInWeek = (date: string) =>
  (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The day a plan started with a test box in `firstWeek` delivers in a later `week` (R10.35). */
export async function planDeliveryDate(
  database: DatabaseHandle,
  firstWeek: string,
  week: string,
): Promise<string> {
  const box = await boxDeliveryDate(database, firstWeek);
  return plannedDeliveryDate(week, dayOffsetInWeek(box) + 1);
}

/**
 * A customer's recipe-kit basket written directly (the basket API is not under test here): each
 * line is a variant with a quantity in a meal week; the delivery date is the first week's
 * Wednesday, or the open day nearest it (boxDeliveryDate).
 */
export async function kitBasket(
  database: DatabaseHandle,
  customerId: number,
  lines: { dish: KitDish; week: string; quantity: number; double?: boolean }[],
  options: { startSubscription?: boolean; frequency?: number; numberOfRecipes?: number } = {},
) {
  const { db } = database;
  await db.delete(baskets).where(eq(baskets.customerId, customerId));
  const firstWeek = [...lines.map((l) => l.week)].sort()[0]!;
  const [basket] = await db
    .insert(baskets)
    .values({
      type: 'RecipeKitBasket',
      customerId,
      deliveryDate: await boxDeliveryDate(database, firstWeek),
      startSubscription: options.startSubscription ?? true,
      frequency: options.frequency ?? 1,
      numberOfRecipes: options.numberOfRecipes ?? 2,
    })
    .returning();
  for (const line of lines) {
    await db.insert(basketItems).values({
      basketId: basket!.id,
      productId: line.dish.productId,
      productVariantId: String(line.double ? line.dish.doubleId : line.dish.regularId),
      title: line.dish.title,
      quantity: line.quantity,
      unitPricePence: line.double ? 1150 : 650,
      mealWeek: line.week,
      isDouble: line.double ?? false,
    });
  }
  return basket!;
}
