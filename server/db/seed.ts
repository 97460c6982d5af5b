import type { Database } from './database';
import { restaurants } from './schema';
import { RESTAURANTS } from './seed-data/restaurants';

export const DEMO_CUSTOMER = { email: 'demo@sfoglia.test', password: 'pasta-fresca-2026', firstName: 'Giulia', lastName: 'Rossi' };

/** Idempotent: safe on every start. */
export async function seedDatabase(db: Database) {
  await db.transaction(async (tx) => {
    await tx.insert(restaurants).values(RESTAURANTS).onConflictDoNothing();
  });
}
