import { and, eq, isNull } from 'drizzle-orm';
import { findMergeableLine, MAX_LINE_QUANTITY } from '../../../domain/takeaway-lines';
import type { Transaction } from '../../db/database';
import { basketItems, baskets } from '../../db/schema';
import { ApiError } from '../../http/jsonapi';

export interface TakeawayAdd {
  basketId: string;
  product: { id: number; title: string; pricePence: number };
  modifiers: { id: number; title: string; pricePence: number }[];
  quantity: number;
}

const tooMany = (title: string) =>
  new ApiError(400, 'quantity_limit', 'Too many', {
    detail: `You can have up to ${MAX_LINE_QUANTITY} ${title} in one basket`,
    pointer: '/quantity',
  });

/**
 * Adds a dish with its modifiers to a takeaway basket, inside the caller's transaction. Product
 * rule R4.10: the same dish with the same modifiers bumps the existing line's quantity; R4.11: a
 * line never goes above MAX_LINE_QUANTITY (400 `quantity_limit`, nothing written). The basket row
 * and its lines are locked first, so two identical adds at once end as one line.
 */
export async function addTakeawayLine(tx: Transaction, add: TakeawayAdd): Promise<void> {
  await tx
    .select({ id: baskets.id })
    .from(baskets)
    .where(eq(baskets.id, add.basketId))
    .for('update');
  const rows = await tx
    .select()
    .from(basketItems)
    .where(eq(basketItems.basketId, add.basketId))
    .for('update');
  const lines = rows
    .filter((row) => row.parentId === null)
    .map((row) => ({
      id: row.id,
      quantity: row.quantity,
      productId: row.productId,
      modifierProductIds: rows.filter((sub) => sub.parentId === row.id).map((sub) => sub.productId),
    }));
  const existing = findMergeableLine(
    lines,
    add.product.id,
    add.modifiers.map((modifier) => modifier.id),
  );
  if (existing) {
    const quantity = existing.quantity + add.quantity;
    if (quantity > MAX_LINE_QUANTITY) throw tooMany(add.product.title);
    await tx
      .update(basketItems)
      .set({ quantity })
      .where(and(eq(basketItems.id, existing.id), isNull(basketItems.parentId)));
    return;
  }
  const [line] = await tx
    .insert(basketItems)
    .values({
      basketId: add.basketId,
      productId: add.product.id,
      productVariantId: String(add.product.id),
      title: add.product.title,
      quantity: add.quantity,
      unitPricePence: add.product.pricePence,
    })
    .returning();
  if (!line) throw new Error('basket line not written');
  for (const modifier of add.modifiers) {
    await tx.insert(basketItems).values({
      basketId: add.basketId,
      parentId: line.id,
      productId: modifier.id,
      productVariantId: String(modifier.id),
      title: modifier.title,
      quantity: 1,
      unitPricePence: modifier.pricePence,
    });
  }
}
