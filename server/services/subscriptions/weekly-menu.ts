import { asc, eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import {
  catalogueProducts,
  catalogueVariants,
  weeklyMenuProducts,
  weeklyMenus,
} from '../../db/schema';
import type { MenuDish } from './chef-picks';

/**
 * A week's menu in menu order, read from the catalogue tables the embedded catalogue serves (the
 * billing job runs beside the database; an external catalogue is synced into the same tables).
 */
export async function weeklyMenu(db: Queryable, weekStart: string): Promise<MenuDish[]> {
  const rows = await db
    .select({ product: catalogueProducts })
    .from(weeklyMenus)
    .innerJoin(weeklyMenuProducts, eq(weeklyMenuProducts.weeklyMenuId, weeklyMenus.id))
    .innerJoin(catalogueProducts, eq(catalogueProducts.id, weeklyMenuProducts.productId))
    .where(eq(weeklyMenus.weekStart, weekStart))
    .orderBy(asc(weeklyMenuProducts.position), asc(catalogueProducts.id));
  if (rows.length === 0) return [];
  const variants = await db
    .select()
    .from(catalogueVariants)
    .where(
      inArray(
        catalogueVariants.productId,
        rows.map((row) => row.product.id),
      ),
    )
    .orderBy(asc(catalogueVariants.id));
  return rows.map(({ product }) => ({
    productId: product.id,
    title: product.title,
    description: product.descriptionHtml,
    productType: product.productType,
    tags: product.tags,
    allergenCodes: product.allergenCodes,
    availableForSale: product.availableForSale,
    variants: variants
      .filter((variant) => variant.productId === product.id)
      .map((variant) => ({
        id: variant.id,
        title: variant.title,
        pricePence: variant.pricePence,
        isDouble: variant.isDouble,
        availableForSale: variant.availableForSale,
        quantityAvailable: variant.quantityAvailable,
      })),
  }));
}

export type VariantDetails = Awaited<ReturnType<typeof variantDetails>>[number];

/** Catalogue variants by id with their product's title and type. */
export async function variantDetails(db: Queryable, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: catalogueVariants.id,
      productId: catalogueVariants.productId,
      title: catalogueProducts.title,
      variantTitle: catalogueVariants.title,
      pricePence: catalogueVariants.pricePence,
      productType: catalogueProducts.productType,
    })
    .from(catalogueVariants)
    .innerJoin(catalogueProducts, eq(catalogueProducts.id, catalogueVariants.productId))
    .where(inArray(catalogueVariants.id, ids));
}
