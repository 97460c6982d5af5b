import { and, asc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { weekOfMenuHandle } from '../../../domain/weeks';
import type { Database, Queryable } from '../../db/database';
import {
  allowedBundles,
  catalogueProducts,
  catalogueVariants,
  weeklyMenuProducts,
  weeklyMenus,
} from '../../db/schema';
import type {
  Catalogue,
  CatalogueProduct,
  CatalogueVariant,
  StockLine,
  VariantDetails,
  WeeklyMenu,
} from './catalogue';
import { executeStorefront, type StorefrontSource } from './storefront-schema';

type VariantRow = typeof catalogueVariants.$inferSelect;
type ProductRow = typeof catalogueProducts.$inferSelect;

const toVariant = (row: VariantRow): CatalogueVariant => ({
  id: row.id,
  productId: row.productId,
  title: row.title,
  sku: row.sku,
  pricePence: row.pricePence,
  isDouble: row.isDouble,
  // Sold out when its tracked stock is gone.
  availableForSale: row.availableForSale && row.quantityAvailable !== 0,
  quantityAvailable: row.quantityAvailable,
});

const toProduct = (row: ProductRow, variants: CatalogueVariant[]): CatalogueProduct => ({
  id: row.id,
  handle: row.handle,
  title: row.title,
  descriptionHtml: row.descriptionHtml,
  tags: row.tags,
  productType: row.productType,
  availableForSale: row.availableForSale,
  allergens: row.allergenCodes,
  images: row.images.map((url) => ({ url, altText: row.title })),
  variants,
});

/** Products with their variants (Regular first), keyed by id. */
async function loadProducts(db: Queryable, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, CatalogueProduct>();
  const [products, variants] = await Promise.all([
    db
      .select()
      .from(catalogueProducts)
      .where(inArray(catalogueProducts.id, [...ids])),
    db
      .select()
      .from(catalogueVariants)
      .where(inArray(catalogueVariants.productId, [...ids]))
      .orderBy(asc(catalogueVariants.isDouble), asc(catalogueVariants.id)),
  ]);
  return new Map(
    products.map((row) => [
      row.id,
      toProduct(row, variants.filter((v) => v.productId === row.id).map(toVariant)),
    ]),
  );
}

async function loadMenus(db: Queryable, rows: (typeof weeklyMenus.$inferSelect)[]) {
  if (rows.length === 0) return [];
  const links = await db
    .select()
    .from(weeklyMenuProducts)
    .where(
      inArray(
        weeklyMenuProducts.weeklyMenuId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(weeklyMenuProducts.position));
  const products = await loadProducts(db, [...new Set(links.map((link) => link.productId))]);
  return rows.map((row): WeeklyMenu => ({
    id: row.id,
    handle: row.handle,
    title: row.title,
    weekStart: row.weekStart,
    products: links
      .filter((link) => link.weeklyMenuId === row.id)
      .flatMap((link) => products.get(link.productId) ?? []),
  }));
}

/** A menu key is its handle or its week's Monday. */
const handleOf = (key: string) => (weekOfMenuHandle(key) ? key : `menu-${key}`);

export function embeddedCatalogue(
  db: Database,
  options: { introspection: boolean } = { introspection: true },
): Catalogue {
  const source: StorefrontSource = {
    collections: async (handles, first) => {
      if (first === 0 || handles?.length === 0) return [];
      const query = db.select().from(weeklyMenus);
      const rows = await (handles ? query.where(inArray(weeklyMenus.handle, [...handles])) : query)
        .orderBy(asc(weeklyMenus.weekStart))
        .limit(first);
      return loadMenus(db, rows);
    },
    product: async (id) => (await loadProducts(db, [id])).get(id),
  };

  const weeklyMenusByKeys = async (keys: readonly string[]) => {
    const handles = keys.map(handleOf);
    const menus = await source.collections(handles, handles.length);
    return handles.flatMap((handle) => menus.find((menu) => menu.handle === handle) ?? []);
  };

  return {
    kind: 'embedded',
    weeklyMenus: weeklyMenusByKeys,
    weeklyMenu: async (key) => (await weeklyMenusByKeys([key]))[0],
    variants: async (ids) => {
      const numeric = [...new Set(ids.map(Number))].filter(
        (id) => Number.isInteger(id) && id > 0 && id < 2 ** 31,
      );
      if (numeric.length === 0) return [];
      const rows = await db
        .select({ variant: catalogueVariants, product: catalogueProducts })
        .from(catalogueVariants)
        .innerJoin(catalogueProducts, eq(catalogueProducts.id, catalogueVariants.productId))
        .where(inArray(catalogueVariants.id, numeric));
      return rows.map(({ variant, product }): VariantDetails => ({
        ...toVariant(variant),
        productHandle: product.handle,
        productTitle: product.title,
        productType: product.productType,
        tags: product.tags,
        allergens: product.allergenCodes,
        imageUrl: product.images[0] ?? null,
      }));
    },
    allowedBundleIds: async () =>
      (
        await db
          .select({ id: allowedBundles.productId })
          .from(allowedBundles)
          .orderBy(asc(allowedBundles.productId))
      ).map((row) => row.id),
    decrementStock: async (tx: Queryable, lines: readonly StockLine[]) => {
      const short: number[] = [];
      for (const line of lines) {
        // Conditional on the stock left, so two orders racing for the last box cannot both take it.
        const taken = await tx
          .update(catalogueVariants)
          .set({
            quantityAvailable: sql`${catalogueVariants.quantityAvailable} - ${line.quantity}`,
          })
          .where(
            and(
              eq(catalogueVariants.id, line.variantId),
              isNotNull(catalogueVariants.quantityAvailable),
              gte(catalogueVariants.quantityAvailable, line.quantity),
            ),
          )
          .returning({ id: catalogueVariants.id });
        if (taken.length > 0) continue;
        const [tracked] = await tx
          .select({ quantity: catalogueVariants.quantityAvailable })
          .from(catalogueVariants)
          .where(eq(catalogueVariants.id, line.variantId));
        if (!tracked || tracked.quantity !== null) short.push(line.variantId);
      }
      return short;
    },
    storefront: (request, context) => executeStorefront(source, request, context, options),
  };
}
