import { and, eq, inArray } from 'drizzle-orm';
import { isDeliveryDay } from '../../domain/delivery-dates';
import type { Queryable } from '../db/database';
import { deliveryUnavailableDates, productUnavailableDates } from '../db/schema';

/** Why a box cannot be delivered on a day, or null when it can (product rule R8.4). */
export type DeliveryDayClosure = { kind: 'closed' } | { kind: 'products'; variantIds: number[] };

/**
 * Product rule R8.4 on the server: Sundays, 25 and 26 December and the couriers' closed days
 * are closed to every box; a day a box's dish cannot be delivered is closed to that box. The
 * day steps only offer open days: this is the same rule where an order is written, so a stale
 * page or a hand-made request cannot book a closed day.
 */
export async function deliveryDayClosure(
  db: Queryable,
  date: string,
  variantIds: readonly number[],
): Promise<DeliveryDayClosure | null> {
  if (!isDeliveryDay(date)) return { kind: 'closed' };
  const [closed] = await db
    .select({ date: deliveryUnavailableDates.date })
    .from(deliveryUnavailableDates)
    .where(eq(deliveryUnavailableDates.date, date))
    .limit(1);
  if (closed) return { kind: 'closed' };
  const ids = variantIds.filter(Number.isSafeInteger);
  if (ids.length === 0) return null;
  const blocked = await db
    .select({ id: productUnavailableDates.variantId })
    .from(productUnavailableDates)
    .where(
      and(
        inArray(productUnavailableDates.variantId, [...new Set(ids)]),
        eq(productUnavailableDates.date, date),
      ),
    );
  return blocked.length ? { kind: 'products', variantIds: blocked.map((row) => row.id) } : null;
}
