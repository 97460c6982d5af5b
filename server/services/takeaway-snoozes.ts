import { and, eq } from 'drizzle-orm';
import { takeawaySnoozes } from '../db/schema';
import type { Deps } from '../deps';

/**
 * The kitchen has run out of a dish until `until`: a write that changes a public read, so it drops
 * the restaurant's cached snoozed products once committed (R13.4). Idempotent: snoozing twice
 * keeps the later time given.
 */
export async function snoozeProduct(
  { db, publicReads }: Pick<Deps, 'db' | 'publicReads'>,
  snooze: { restaurantId: number; productId: number; until: Date },
): Promise<void> {
  await db
    .insert(takeawaySnoozes)
    .values(snooze)
    .onConflictDoUpdate({
      target: [takeawaySnoozes.restaurantId, takeawaySnoozes.productId],
      set: { until: snooze.until },
    });
  publicReads.invalidate(`snoozes:${snooze.restaurantId}`);
}

/** The dish is back before its snooze ran out. */
export async function unsnoozeProduct(
  { db, publicReads }: Pick<Deps, 'db' | 'publicReads'>,
  snooze: { restaurantId: number; productId: number },
): Promise<void> {
  await db
    .delete(takeawaySnoozes)
    .where(
      and(
        eq(takeawaySnoozes.restaurantId, snooze.restaurantId),
        eq(takeawaySnoozes.productId, snooze.productId),
      ),
    );
  publicReads.invalidate(`snoozes:${snooze.restaurantId}`);
}
