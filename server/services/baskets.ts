import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database, Queryable } from '../db/database';
import {
  basketItems,
  basketVouchers,
  baskets,
  catalogueProducts,
  catalogueVariants,
  vouchers,
  weeklyMenuProducts,
  weeklyMenus,
} from '../db/schema';
import { notFound } from '../http/jsonapi';
import { currentSession, startSession } from './sessions';

export type BasketRow = typeof baskets.$inferSelect;
export type BasketItemRow = typeof basketItems.$inferSelect;

/** Who a basket belongs to: the signed-in customer, or this browser's session before sign-in. */
export type BasketOwner = { customerId: number } | { sessionTokenHash: string };

export async function findOwner(
  request: FastifyRequest,
  db: Database,
  now: Date,
): Promise<BasketOwner | undefined> {
  const session = await currentSession(request, db, now);
  if (!session) return undefined;
  return session.customerId
    ? { customerId: session.customerId }
    : { sessionTokenHash: session.tokenHash };
}

/** The owner, starting a visitor session (cookie) for a signed-out browser. */
export async function ensureOwner(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Database,
  config: Config,
  now: Date,
): Promise<BasketOwner> {
  return (
    (await findOwner(request, db, now)) ?? {
      sessionTokenHash: await startSession(db, reply, config, { kind: 'visitor' }, now),
    }
  );
}

export const ownedBy = (owner: BasketOwner) =>
  'customerId' in owner
    ? eq(baskets.customerId, owner.customerId)
    : eq(baskets.sessionTokenHash, owner.sessionTokenHash);

/** Another owner's basket is a 404, never a 403: ids tell nothing about other customers. */
export async function requireBasket(
  db: Queryable,
  owner: BasketOwner | undefined,
  id: string,
): Promise<BasketRow> {
  if (!owner) throw notFound('Basket');
  const [basket] = await db
    .select()
    .from(baskets)
    .where(and(eq(baskets.id, id), ownedBy(owner)));
  if (!basket) throw notFound('Basket');
  return basket;
}

/** requireBasket with the basket's voucher (left-joined): a basket document's reads in one query. */
export async function requireBasketWithVoucher(
  db: Queryable,
  owner: BasketOwner | undefined,
  id: string,
): Promise<{ basket: BasketRow; voucher: typeof vouchers.$inferSelect | null }> {
  if (!owner) throw notFound('Basket');
  const [row] = await db
    .select({ basket: baskets, voucher: vouchers })
    .from(baskets)
    .leftJoin(basketVouchers, eq(basketVouchers.basketId, baskets.id))
    .leftJoin(vouchers, eq(vouchers.id, basketVouchers.voucherId))
    .where(and(eq(baskets.id, id), ownedBy(owner)));
  if (!row) throw notFound('Basket');
  return row;
}

export async function itemsOf(db: Queryable, basketIds: string[]): Promise<BasketItemRow[]> {
  if (basketIds.length === 0) return [];
  return db
    .select()
    .from(basketItems)
    .where(inArray(basketItems.basketId, basketIds))
    .orderBy(asc(basketItems.id));
}

/**
 * At sign-in the visitor's baskets become the customer's. Where the customer already has a basket
 * of that type with items, theirs is kept and the visitor's is dropped.
 */
export async function adoptVisitorBaskets(
  tx: Queryable,
  sessionTokenHash: string,
  customerId: number,
): Promise<void> {
  const visitorBaskets = await tx
    .select()
    .from(baskets)
    .where(eq(baskets.sessionTokenHash, sessionTokenHash));
  for (const basket of visitorBaskets) {
    const [existing] = await tx
      .select()
      .from(baskets)
      .where(and(eq(baskets.customerId, customerId), eq(baskets.type, basket.type)));
    if (existing) {
      const [existingItem] = await tx
        .select({ id: basketItems.id })
        .from(basketItems)
        .where(eq(basketItems.basketId, existing.id))
        .limit(1);
      if (existingItem) {
        await tx.delete(baskets).where(eq(baskets.id, basket.id));
        continue;
      }
      await tx.delete(baskets).where(eq(baskets.id, existing.id));
    }
    await tx
      .update(baskets)
      .set({ customerId, sessionTokenHash: null })
      .where(eq(baskets.id, basket.id));
  }
}

/** Top-level items with their sub-items (modifiers) folded in. */
export function lineTotals(items: BasketItemRow[]) {
  const topLevel = items.filter((item) => item.parentId === null);
  return topLevel.map((item) => {
    const subItems = items.filter((sub) => sub.parentId === item.id);
    const unitPence =
      item.unitPricePence + subItems.reduce((sum, sub) => sum + sub.unitPricePence, 0);
    return { item, subItems, unitPence, totalPence: unitPence * item.quantity };
  });
}

export const isNullParent = isNull(basketItems.parentId);

export interface KitVariant {
  variantId: number;
  productId: number;
  productTitle: string;
  variantTitle: string;
  productType: string;
  pricePence: number;
  availableForSale: boolean;
  quantityAvailable: number | null;
}

/** A catalogue variant on the weekly menu of the week starting `mealWeek`, or undefined. */
export async function kitVariantOnMenu(
  db: Queryable,
  variantId: number,
  mealWeek: string,
): Promise<KitVariant | undefined> {
  const [row] = await db
    .select({
      variantId: catalogueVariants.id,
      productId: catalogueProducts.id,
      productTitle: catalogueProducts.title,
      variantTitle: catalogueVariants.title,
      productType: catalogueProducts.productType,
      pricePence: catalogueVariants.pricePence,
      productAvailable: catalogueProducts.availableForSale,
      variantAvailable: catalogueVariants.availableForSale,
      quantityAvailable: catalogueVariants.quantityAvailable,
    })
    .from(catalogueVariants)
    .innerJoin(catalogueProducts, eq(catalogueProducts.id, catalogueVariants.productId))
    .innerJoin(weeklyMenuProducts, eq(weeklyMenuProducts.productId, catalogueProducts.id))
    .innerJoin(weeklyMenus, eq(weeklyMenus.id, weeklyMenuProducts.weeklyMenuId))
    .where(and(eq(catalogueVariants.id, variantId), eq(weeklyMenus.weekStart, mealWeek)));
  if (!row) return undefined;
  const { productAvailable, variantAvailable, ...variant } = row;
  return { ...variant, availableForSale: productAvailable && variantAvailable };
}
