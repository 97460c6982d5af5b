import { gte, sql } from 'drizzle-orm';
import { addDays, menuHandle, weekStart } from '../../../domain/weeks';
import type { Queryable } from '../database';
import {
  allowedBundles,
  catalogueProducts,
  catalogueVariants,
  deliveryFeeConfig,
  deliveryUnavailableDates,
  productUnavailableDates,
  weeklyMenuProducts,
  weeklyMenus,
} from '../schema';
import {
  ADD_ONS,
  ALL_PRODUCTS,
  ALLOWED_BUNDLE_IDS,
  BUNDLES,
  CORE_DISH_IDS,
  DISHES,
  DOUBLE_TITLE,
  doubleVariantId,
  GIFT_BOXES,
  HIDDEN_PRODUCT,
  REGULAR_TITLE,
  regularVariantId,
  TRACKED_STOCK,
  type ProductType,
} from './catalogue-products';

/** Menus from the previous week to six weeks ahead of the seeding date. */
const MENU_WEEKS = { from: -1, to: 6 };
/** Dishes per week: the core five plus eleven that rotate week by week. */
const ROTATING_DISHES = 11;

/** Each product's own artwork (product rule R14.6), drawn by `npm run artwork`. */
const ARTWORK_FOLDER = {
  'Recipe Kit': 'kit',
  'Add-on': 'add-on',
  Bundle: 'bundle',
  'Gift Box': 'gift-box',
} as const satisfies Record<ProductType, string>;
export const catalogueImageUrl = (p: { handle: string; productType: ProductType }) =>
  `/artwork/${ARTWORK_FOLDER[p.productType]}/${p.handle}.svg`;

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** The dishes of a week: the core five, then eleven others chosen by the week's number. */
export function dishIdsForWeek(week: string): number[] {
  const rotating = DISHES.map((d) => d.id).filter((id) => !CORE_DISH_IDS.includes(id));
  const weekNumber = Math.round(new Date(`${week}T00:00:00Z`).getTime() / (7 * 86_400_000));
  const offset = (weekNumber * 4) % rotating.length;
  const picked = Array.from(
    { length: ROTATING_DISHES },
    (_, i) => rotating[(offset + i) % rotating.length] ?? 0,
  );
  return [...CORE_DISH_IDS, ...picked];
}

/** Everything a week's collection holds: the menu rules (hide, gift box, bundles) are the browser's. */
function productIdsForWeek(week: string): number[] {
  return [
    ...dishIdsForWeek(week),
    ...ADD_ONS.map((p) => p.id),
    ...BUNDLES.map((p) => p.id),
    ...GIFT_BOXES.map((p) => p.id),
    HIDDEN_PRODUCT.id,
  ];
}

/**
 * Idempotent like the rest of the seed: products, variants and fees once; a menu for each week
 * around the seeding date that has none yet (so a machine started any week has them); a few
 * unavailable dates when none lie ahead.
 */
export async function seedCatalogue(tx: Queryable, today: Date) {
  await tx
    .insert(catalogueProducts)
    .values(
      ALL_PRODUCTS.map((p) => ({
        id: p.id,
        handle: p.handle,
        title: p.title,
        descriptionHtml: `<p>${p.description.replace(/&/g, '&amp;')}</p>`,
        productType: p.productType,
        tags: p.tags,
        allergenCodes: p.allergens,
        images: [catalogueImageUrl(p)],
      })),
    )
    .onConflictDoUpdate({ target: catalogueProducts.id, set: { images: sql`excluded.images` } });
  await tx
    .insert(catalogueVariants)
    .values(
      ALL_PRODUCTS.flatMap((p) => {
        const regular = {
          id: regularVariantId(p.id),
          productId: p.id,
          title: REGULAR_TITLE,
          sku: `SF-${p.handle}-R`.toUpperCase(),
          pricePence: p.pricePence,
          isDouble: false,
          quantityAvailable: TRACKED_STOCK[regularVariantId(p.id)] ?? null,
        };
        if (p.doublePence === undefined) return [regular];
        return [
          regular,
          {
            id: doubleVariantId(p.id),
            productId: p.id,
            title: DOUBLE_TITLE,
            sku: `SF-${p.handle}-D`.toUpperCase(),
            pricePence: p.doublePence,
            isDouble: true,
            quantityAvailable: TRACKED_STOCK[doubleVariantId(p.id)] ?? null,
          },
        ];
      }),
    )
    .onConflictDoNothing();
  // Explicit ids leave the sequences behind; move them past the seeded rows.
  await tx.execute(
    sql`SELECT setval(pg_get_serial_sequence('catalogue_products', 'id'), (SELECT max(id) FROM catalogue_products))`,
  );
  await tx.execute(
    sql`SELECT setval(pg_get_serial_sequence('catalogue_variants', 'id'), (SELECT max(id) FROM catalogue_variants))`,
  );
  await tx
    .insert(allowedBundles)
    .values(ALLOWED_BUNDLE_IDS.map((productId) => ({ productId })))
    .onConflictDoNothing();

  const thisWeek = weekStart(today);
  for (let offset = MENU_WEEKS.from; offset <= MENU_WEEKS.to; offset += 1) {
    const week = addDays(thisWeek, offset * 7);
    const [menu] = await tx
      .insert(weeklyMenus)
      .values({
        handle: menuHandle(week),
        title: `Menu for the week of ${longDate.format(new Date(`${week}T00:00:00Z`))}`,
        weekStart: week,
      })
      .onConflictDoNothing()
      .returning({ id: weeklyMenus.id });
    if (!menu) continue;
    await tx
      .insert(weeklyMenuProducts)
      .values(
        productIdsForWeek(week).map((productId, position) => ({
          weeklyMenuId: menu.id,
          productId,
          position,
        })),
      )
      .onConflictDoNothing();
  }

  // Every delivery day (1 Monday .. 6 Saturday): £3.99, free from £40; Saturday £4.99, free from £50.
  await tx
    .insert(deliveryFeeConfig)
    .values([
      ...[1, 2, 3, 4, 5].map((weekDay) => ({ weekDay, pricePence: 399, thresholdPence: 4000 })),
      { weekDay: 6, pricePence: 499, thresholdPence: 5000 },
    ])
    .onConflictDoNothing();

  const todayIso = today.toISOString().slice(0, 10);
  const [ahead] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(deliveryUnavailableDates)
    .where(gte(deliveryUnavailableDates.date, todayIso));
  if ((ahead?.n ?? 0) > 0) return;
  const inTwoWeeks = addDays(thisWeek, 14);
  await tx
    .insert(deliveryUnavailableDates)
    .values([
      { date: addDays(inTwoWeeks, 2), reason: 'Courier depot closed for maintenance' },
      { date: addDays(inTwoWeeks, 12), reason: 'No Saturday round this week' },
    ])
    .onConflictDoNothing();
  // Cornish crab is not landed on these days: the lobster & crab ravioli cannot be delivered.
  await tx
    .insert(productUnavailableDates)
    .values(
      [regularVariantId(7), doubleVariantId(7)].flatMap((variantId) =>
        [3, 4].map((day) => ({ variantId, date: addDays(inTwoWeeks, day) })),
      ),
    )
    .onConflictDoNothing();
}
