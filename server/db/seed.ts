import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../services/passwords';
import type { Database } from './database';
import {
  addresses,
  customers,
  postcodeAddresses,
  postcodes,
  restaurants,
  takeawayCategories,
  takeawayMenuItems,
  takeawayModifiers,
  takeawayProducts,
  takeawaySnoozes,
  vouchers,
} from './schema';
import {
  menuItemsFor,
  TAKEAWAY_CATEGORIES,
  TAKEAWAY_MODIFIERS,
  TAKEAWAY_PRODUCTS,
} from './seed-data/takeaway-menu';
import { POSTCODES } from './seed-data/postcodes';
import { RESTAURANTS } from './seed-data/restaurants';
import { VOUCHERS } from './seed-data/vouchers';
import { seedCatalogue } from './seed-data/catalogue';
import { seedDemoHistory } from './seed-data/demo-history';

export const DEMO_CUSTOMER = {
  email: 'demo@sfoglia.test',
  password: 'pasta-fresca-2026',
  firstName: 'Giulia',
  lastName: 'Rossi',
};

/**
 * Idempotent: runs on every start and adds only what is missing. The demo customer comes with a
 * history (orders, a plan, store credit: `seed-data/demo-history.ts`) unless `demoHistory` is
 * false, as for the API tests' template, whose billing and list tests own every order they count.
 */
export async function seedDatabase(db: Database, { demoHistory = true } = {}) {
  await db.transaction(async (tx) => {
    // Artwork follows the seed into a database seeded before it was drawn (product rule R14.6).
    const artwork = { imageUrl: sql`excluded.image_url` };
    await tx
      .insert(restaurants)
      .values(RESTAURANTS)
      .onConflictDoUpdate({ target: restaurants.id, set: artwork });
    await tx
      .insert(postcodes)
      .values(POSTCODES.map(({ postcode, lat, lon }) => ({ postcode, lat, lon })))
      .onConflictDoNothing();
    await tx
      .insert(postcodeAddresses)
      .values(
        POSTCODES.flatMap(({ postcode, city, streets }) =>
          streets.map((address1) => ({ postcode, address1, city })),
        ),
      )
      .onConflictDoNothing();
    await tx.insert(takeawayCategories).values(TAKEAWAY_CATEGORIES).onConflictDoNothing();
    await tx
      .insert(takeawayProducts)
      .values(TAKEAWAY_PRODUCTS)
      .onConflictDoUpdate({ target: takeawayProducts.id, set: artwork });
    await tx.insert(takeawayModifiers).values(TAKEAWAY_MODIFIERS).onConflictDoNothing();
    await tx
      .insert(takeawayMenuItems)
      .values(RESTAURANTS.flatMap((r) => menuItemsFor(r.id, r.fulfillmentTypes)))
      .onConflictDoNothing();
    await tx
      .insert(vouchers)
      .values(VOUCHERS)
      // Product rule R12.10: a database seeded before offers had headlines gets them.
      .onConflictDoUpdate({
        target: vouchers.code,
        set: { offerTitle: sql`excluded.offer_title` },
      });
    await seedCatalogue(tx, new Date());
    // Chiswick has run out of gnocchi for the day: the menu shows it unavailable.
    await tx
      .insert(takeawaySnoozes)
      .values({
        restaurantId: 16,
        productId: 106,
        until: new Date(Date.now() + 12 * 60 * 60 * 1000),
      })
      .onConflictDoNothing();
    const [existing] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, DEMO_CUSTOMER.email));
    if (existing) return;
    const [demo] = await tx
      .insert(customers)
      .values({
        email: DEMO_CUSTOMER.email,
        passwordHash: await hashPassword(DEMO_CUSTOMER.password),
        firstName: DEMO_CUSTOMER.firstName,
        lastName: DEMO_CUSTOMER.lastName,
        phone: '+447812345678',
        storeCreditPence: 500,
        tags: ['paperless'],
        acceptsEmails: true,
        referralToken: randomBytes(12).toString('base64url'),
        // The demo account's email counts as verified, so its credit works at once.
        emailVerifiedAt: new Date(),
      })
      .returning();
    if (!demo) return;
    const [home] = await tx
      .insert(addresses)
      .values({
        customerId: demo.id,
        address1: '12 Devonshire Road',
        city: 'London',
        zip: 'W4 2HD',
        firstName: DEMO_CUSTOMER.firstName,
        lastName: DEMO_CUSTOMER.lastName,
        phone: '+447812345678',
        isDefault: true,
        lat: 51.4916,
        lon: -0.2555,
      })
      .returning();
    if (home && demoHistory) await seedDemoHistory(tx, demo, home, new Date());
  });
}
