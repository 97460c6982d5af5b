import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased: one account per address whatever its case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    /** Pence, so money never passes through floating point. */
    storeCreditPence: integer('store_credit_pence').notNull().default(0),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    acceptsEmails: boolean('accepts_emails').notNull().default(false),
    acceptsSms: boolean('accepts_sms').notNull().default(false),
    acceptsMail: boolean('accepts_mail').notNull().default(false),
    dateOfBirth: date('date_of_birth'),
    extId: text('ext_id'),
    socialLogin: text('social_login'),
    referralToken: text('referral_token').notNull(),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_email_key').on(t.email),
    uniqueIndex('customers_referral_token_key').on(t.referralToken),
  ],
);

/** Server-side sessions: the cookie holds a random token, the table its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    kind: text('kind', { enum: ['customer', 'guest', 'visitor'] }).notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    guestEmail: text('guest_email'),
    /** Set when the session came from a password-reset link: allows a new password without the old one. */
    passwordResetAt: timestamp('password_reset_at', { withTimezone: true }),
    ...timestamps,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId)],
);

/** One-time tokens behind email links (sign-in, password reset) and guest sessions. */
export const accessTokens = pgTable('access_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  kind: text('kind', { enum: ['login', 'password_reset', 'guest'] }).notNull(),
  customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
  guestEmail: text('guest_email'),
  ...timestamps,
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    ...timestamps,
  },
  (t) => [
    index('sign_in_attempts_email_idx').on(t.email, t.createdAt),
    index('sign_in_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    zip: text('zip').notNull(),
    company: text('company'),
    region: text('region'),
    regionCode: text('region_code'),
    country: text('country').notNull().default('United Kingdom'),
    countryCode: text('country_code').notNull().default('GB'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    isDefault: boolean('is_default').notNull().default(false),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    ...timestamps,
  },
  (t) => [index('addresses_customer_idx').on(t.customerId)],
);

export const restaurants = pgTable('restaurants', {
  id: integer('id').primaryKey(),
  site: text('site').notNull(),
  address1: text('address1').notNull(),
  address2: text('address2'),
  city: text('city').notNull(),
  postcode: text('postcode').notNull(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
  phone: text('phone').notNull(),
  tableNumberPrompt: text('table_number_prompt'),
  openTabCheckouts: boolean('open_tab_checkouts').notNull().default(false),
  hasTableNumbers: boolean('has_table_numbers').notNull().default(false),
  deliveryRadiusMiles: doublePrecision('delivery_radius_miles').notNull(),
  fulfillmentTypes: text('fulfillment_types').array().notNull(),
});

/** The embedded postcode directory (DESIGN.md section 3): real UK postcodes around the restaurants. */
export const postcodes = pgTable('postcodes', {
  postcode: text('postcode').primaryKey(),
  lat: doublePrecision('lat').notNull(),
  lon: doublePrecision('lon').notNull(),
});

export const postcodeAddresses = pgTable(
  'postcode_addresses',
  {
    id: serial('id').primaryKey(),
    postcode: text('postcode')
      .notNull()
      .references(() => postcodes.postcode, { onDelete: 'cascade' }),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
  },
  (t) => [uniqueIndex('postcode_addresses_line_key').on(t.postcode, t.address1)],
);

export const emailOutbox = pgTable('email_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  ...timestamps,
  sentAt: timestamp('sent_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
});

/** Takeaway products: dishes, and the modifiers (sub-products) that go with them. */
export const takeawayProducts = pgTable('takeaway_products', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  pricePence: integer('price_pence').notNull(),
  imageUrl: text('image_url'),
  kind: text('kind', { enum: ['dish', 'modifier'] }).notNull(),
  /** A recipe kit on the takeaway menu: ordered before 5:00pm, delivered next day. */
  isKit: boolean('is_kit').notNull().default(false),
  allergenCodes: integer('allergen_codes')
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
});

export const takeawayCategories = pgTable('takeaway_categories', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull(),
});

/** What a restaurant offers for one fulfilment type, by category and position. */
export const takeawayMenuItems = pgTable(
  'takeaway_menu_items',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    fulfillmentType: text('fulfillment_type', { enum: ['delivery', 'pickup', 'eat_in'] }).notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => takeawayCategories.id),
    productId: integer('product_id')
      .notNull()
      .references(() => takeawayProducts.id),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('takeaway_menu_items_key').on(t.restaurantId, t.fulfillmentType, t.productId),
  ],
);

export const takeawayModifiers = pgTable(
  'takeaway_modifiers',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => takeawayProducts.id, { onDelete: 'cascade' }),
    subProductId: integer('sub_product_id')
      .notNull()
      .references(() => takeawayProducts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('takeaway_modifiers_key').on(t.productId, t.subProductId)],
);

/** A product a kitchen has run out of, until a time (spec: snoozed products). */
export const takeawaySnoozes = pgTable(
  'takeaway_snoozes',
  {
    restaurantId: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => takeawayProducts.id, { onDelete: 'cascade' }),
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('takeaway_snoozes_key').on(t.restaurantId, t.productId)],
);

/**
 * Baskets, one per type per owner: a signed-in customer, or a visitor's session before sign-in
 * (adopted by the customer at sign-in).
 */
export const baskets = pgTable(
  'baskets',
  {
    id: text('id')
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    type: text('type', { enum: ['TakeawayBasket', 'RecipeKitBasket'] }).notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    sessionTokenHash: text('session_token_hash'),
    restaurantId: integer('restaurant_id').references(() => restaurants.id),
    fulfillmentType: text('fulfillment_type', { enum: ['delivery', 'pickup', 'eat_in'] })
      .notNull()
      .default('delivery'),
    deliveryDate: date('delivery_date'),
    timeSlot: text('time_slot').notNull().default('asap'),
    timeSlotEndTime: text('time_slot_end_time'),
    address: jsonb('address').$type<BasketAddress>(),
    deliveryNote: text('delivery_note'),
    customerEmail: text('customer_email'),
    tableNumber: text('table_number'),
    isOpenTab: boolean('is_open_tab').notNull().default(false),
    isCateringOrder: boolean('is_catering_order').notNull().default(false),
    frequency: integer('frequency'),
    startSubscription: boolean('start_subscription').notNull().default(false),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('baskets_customer_type_key')
      .on(t.customerId, t.type)
      .where(sql`customer_id is not null`),
    uniqueIndex('baskets_session_type_key')
      .on(t.sessionTokenHash, t.type)
      .where(sql`session_token_hash is not null`),
  ],
);

export interface BasketAddress {
  address1: string;
  address2?: string | null;
  city: string;
  zip: string;
  phone?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  lat?: number | null;
  lon?: number | null;
  company?: string | null;
  country?: string | null;
  country_code?: string | null;
  region?: string | null;
  region_code?: string | null;
}

export const basketItems = pgTable(
  'basket_items',
  {
    id: serial('id').primaryKey(),
    basketId: text('basket_id')
      .notNull()
      .references(() => baskets.id, { onDelete: 'cascade' }),
    /** A modifier's parent dish: sub-items go and come with it. */
    parentId: integer('parent_id'),
    productId: integer('product_id').notNull(),
    productVariantId: text('product_variant_id').notNull(),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    /** The unit price when added, in pence. */
    unitPricePence: integer('unit_price_pence').notNull(),
    ...timestamps,
  },
  (t) => [index('basket_items_basket_idx').on(t.basketId)],
);
