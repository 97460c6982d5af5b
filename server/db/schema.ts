import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
    /** Product rule R12.11: the customer whose referral link this customer signed up through. */
    referredById: integer('referred_by_id').references((): AnyPgColumn => customers.id, {
      onDelete: 'set null',
    }),
    /** The Stripe customer this customer's cards are saved on (Stripe gateway only). */
    stripeCustomerId: text('stripe_customer_id'),
    /** When the customer opened the link of a verification email; null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
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
  kind: text('kind', {
    enum: ['login', 'password_reset', 'guest', 'email_verification'],
  }).notNull(),
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
    /** The nonce of a valid device cookie the attempt carried for this account; null when untrusted. */
    device: text('device'),
    ...timestamps,
  },
  (t) => [
    index('sign_in_attempts_email_idx').on(t.email, t.createdAt),
    index('sign_in_attempts_ip_idx').on(t.ip, t.createdAt),
    index('sign_in_attempts_device_idx').on(t.device, t.createdAt),
  ],
);

/** Requests counted against a rate limit (password resets, sign-ups), in the database so every instance agrees. */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: serial('id').primaryKey(),
    /** Which limit: 'password_reset.address', 'password_reset.email', 'sign_up.address'. */
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    ...timestamps,
  },
  (t) => [index('rate_limit_events_bucket_idx').on(t.bucket, t.key, t.createdAt)],
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
  /** The site's shop-front artwork (product rule R14.8), served from public/. */
  imageUrl: text('image_url'),
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

/** A product a kitchen has run out of, until a time (product rule R4.9: snoozed products). */
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
    /** Recipe kits: recipes a week (2 to 12) for a subscription. */
    numberOfRecipes: integer('number_of_recipes'),
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
    /** Recipe kits: the Monday of the week the dish is delivered in. */
    mealWeek: date('meal_week'),
    isAddon: boolean('is_addon').notNull().default(false),
    isDouble: boolean('is_double').notNull().default(false),
    ...timestamps,
  },
  (t) => [index('basket_items_basket_idx').on(t.basketId)],
);

/**
 * Vouchers (product rule R12.1). Codes are stored upper-cased. `propositions` says where a code
 * applies: TW takeaway, RK recipe kit, OO one-off (product rule R12.2).
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    type: text('type', { enum: ['DiscountVoucher', 'AddonVoucher', 'CreditVoucher'] }).notNull(),
    valueType: text('value_type', { enum: ['fixed_amount', 'percentage'] }).notNull(),
    /** Pence for fixed_amount, whole percent for percentage. */
    value: integer('value').notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    productVariantIds: text('product_variant_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    singleOrder: boolean('single_order').notNull().default(false),
    minimumSpendPerOrderPence: integer('minimum_spend_per_order_pence'),
    propositions: text('propositions')
      .array()
      .notNull()
      .default(sql`'{TW,RK,OO}'::text[]`),
    /** An add-on voucher's free add-on. */
    addonProductVariantId: text('addon_product_variant_id'),
    /** A new-customer credit voucher: verified email, once per household and card. */
    newCustomer: boolean('new_customer').notNull().default(false),
    /** Product rule R12.10: a marketing offer's headline; null for a code that is not offered. */
    offerTitle: text('offer_title'),
    /** A reward voucher's one owner (product rule R12.9); null: anyone may use the code. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** Why a reward was issued (`loyalty:<plan>:<n>`): unique, so it is issued once. */
    rewardKey: text('reward_key'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('vouchers_code_key').on(t.code),
    uniqueIndex('vouchers_reward_key').on(t.rewardKey),
  ],
);

/** The voucher applied to a basket (one at a time). */
export const basketVouchers = pgTable('basket_vouchers', {
  basketId: text('basket_id')
    .primaryKey()
    .references(() => baskets.id, { onDelete: 'cascade' }),
  voucherId: integer('voucher_id')
    .notNull()
    .references(() => vouchers.id, { onDelete: 'cascade' }),
  ...timestamps,
});

export type OrderAddress = BasketAddress;

/**
 * Orders. A takeaway order is written from the basket in one transaction (the basket is then
 * emptied), once per basket: `sourceBasketKey` makes a retried create answer the same order.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    customerEmail: text('customer_email'),
    type: text('type', { enum: ['takeaway', 'recipe_kit', 'one_off'] }).notNull(),
    /**
     * The order's reference for people (product rule R9.8): computed by the database from the id
     * (`order_reference`, migration 0009), so every order has one from its insert on, unique.
     */
    reference: text('reference')
      .notNull()
      .generatedAlwaysAs(sql`order_reference(id)`),
    state: text('state').notNull().default('payment_pending'),
    source: text('source').notNull().default('web'),
    /** The basket and its version the order was made from: one order per checkout attempt. */
    sourceBasketKey: text('source_basket_key'),
    restaurantId: integer('restaurant_id').references(() => restaurants.id),
    fulfillmentType: text('fulfillment_type', { enum: ['delivery', 'pickup', 'eat_in'] }),
    deliveryDate: date('delivery_date'),
    timeSlot: text('time_slot').notNull().default('asap'),
    timeSlotEndTime: text('time_slot_end_time'),
    address: jsonb('address').$type<OrderAddress>(),
    /** The address the order is billed to (a plan's billing address, product rule R10.22). */
    billingAddress: jsonb('billing_address').$type<OrderAddress>(),
    deliveryNote: text('delivery_note'),
    tableNumber: text('table_number'),
    voucherCode: text('voucher_code'),
    subtotalPence: integer('subtotal_pence').notNull(),
    deliveryPence: integer('delivery_pence').notNull().default(0),
    /** Store credit spent on this order (product rule R8.7: applied before the card). */
    storeCreditPence: integer('store_credit_pence').notNull().default(0),
    subscriptionId: integer('subscription_id'),
    /** A subscription week's order: one per week, so the billing job can run twice safely. */
    scheduleWeekId: integer('schedule_week_id'),
    /** Recipe kits: the chef picked the dishes (the customer did not). */
    chefSelected: boolean('chef_selected').notNull().default(false),
    discountPence: integer('discount_pence').notNull().default(0),
    totalPence: integer('total_pence').notNull(),
    /** Kitchen estimate (minutes) at acceptance; the ETA shown is prep + delay + 15 to 30. */
    prepMinutes: integer('prep_minutes').notNull().default(15),
    etaDelayMinutes: integer('eta_delay_minutes').notNull().default(0),
    driverLat: doublePrecision('driver_lat'),
    driverLon: doublePrecision('driver_lon'),
    driverUpdatedAt: timestamp('driver_updated_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the order confirmation email was queued: once per order (product rule R9.9). */
    confirmationEmailedAt: timestamp('confirmation_emailed_at', { withTimezone: true }),
    /** Product rule R10.30: when the plan charge's "payment failed" email was queued (once). */
    paymentFailedEmailedAt: timestamp('payment_failed_emailed_at', { withTimezone: true }),
    /** When the customer last had the invoice emailed (product rule R9.17: once per 10 minutes). */
    invoiceEmailedAt: timestamp('invoice_emailed_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    // GET orders pages a customer's orders by delivery date (R9.5): the index walks them in order.
    index('orders_customer_delivery_idx').on(t.customerId, t.deliveryDate),
    index('orders_state_idx').on(t.state),
    uniqueIndex('orders_source_basket_key').on(t.sourceBasketKey),
    uniqueIndex('orders_schedule_week_key').on(t.scheduleWeekId),
    uniqueIndex('orders_reference_key').on(t.reference),
  ],
);

export const orderLineItems = pgTable(
  'order_line_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** A modifier's dish. */
    parentId: integer('parent_id'),
    productId: integer('product_id').notNull(),
    productVariantId: text('product_variant_id').notNull(),
    title: text('title').notNull(),
    variantTitle: text('variant_title'),
    quantity: integer('quantity').notNull(),
    unitPricePence: integer('unit_price_pence').notNull(),
    discountPence: integer('discount_pence').notNull().default(0),
    isAddon: boolean('is_addon').notNull().default(false),
  },
  (t) => [index('order_line_items_order_idx').on(t.orderId)],
);

/** A customer's saved cards and wallets; `processorId` is the gateway's payment-method id. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['CreditCard', 'PaypalAccount'] }).notNull(),
    processor: text('processor', { enum: ['sandbox', 'stripe'] }).notNull(),
    processorId: text('processor_id').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    last4: text('last4'),
    brand: text('brand'),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    email: text('email'),
    /** The gateway's card fingerprint: the same card number saved by anyone gives the same one. */
    fingerprint: text('fingerprint'),
    /**
     * Product rule R11.5: listed as the customer's. A card whose first payment is declined is not
     * kept (false): its payments still name it, but it is neither listed nor the default.
     */
    saved: boolean('saved').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('payment_methods_processor_key').on(t.processor, t.processorId),
    index('payment_methods_customer_idx').on(t.customerId),
  ],
);

/**
 * Payment attempts on an order. At most one succeeds (partial unique index), and a request
 * retried with the same idempotency key answers the first attempt: nothing is charged twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    paymentMethodType: text('payment_method_type', {
      enum: ['CreditCard', 'PaypalAccount'],
    }).notNull(),
    processor: text('processor', { enum: ['sandbox', 'stripe'] }).notNull(),
    processorPaymentId: text('processor_payment_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    amountPence: integer('amount_pence').notNull(),
    state: text('state', {
      enum: ['processing', 'requires_action', 'succeeded', 'failed'],
    }).notNull(),
    declineCode: text('decline_code'),
    failureMessage: text('failure_message'),
    /** Where the customer completes a 3-D Secure challenge or a wallet approval. */
    actionUrl: text('action_url'),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('payments_one_success_per_order')
      .on(t.orderId)
      .where(sql`state = 'succeeded'`),
    index('payments_order_idx').on(t.orderId),
    // reconcilePayments looks for payments in flight for too long.
    index('payments_state_updated_idx').on(t.state, t.updatedAt),
  ],
);

/**
 * The embedded sandbox gateway's own records, standing in for Stripe's: setup intents (`seti_`),
 * payment methods (`pm_`) and payment intents (`pi_`). A real gateway keeps these itself.
 */
export const sandboxIntents = pgTable('sandbox_intents', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['setup_intent', 'payment_method', 'payment_intent'] }).notNull(),
  status: text('status').notNull(),
  data: jsonb('data').$type<Record<string, unknown>>().notNull(),
  ...timestamps,
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Gateway webhook events already handled: a duplicate delivery is acknowledged and ignored. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  ...timestamps,
});

/** The customer's rating of a takeaway order (one per order), and of its dishes. */
export const ratings = pgTable(
  'ratings',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    reason: text('reason'),
    notes: text('notes'),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ratings_order_key').on(t.orderId)],
);

/**
 * The customer's feedback on an order (npsRating, reason, notes):
 * one per order, sending it again replaces it (product rule R9.16).
 */
export const orderFeedback = pgTable(
  'order_feedback',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** How likely the customer is to recommend us, 0 to 10. */
    npsRating: integer('nps_rating').notNull(),
    reason: text('reason'),
    notes: text('notes'),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_feedback_order_key').on(t.orderId)],
);

export const productRatings = pgTable(
  'product_ratings',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineItemId: integer('line_item_id')
      .notNull()
      .references(() => orderLineItems.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('product_ratings_line_key').on(t.lineItemId),
    // An order's dish ratings: the rewards join and the cascade from a deleted order read by order.
    index('product_ratings_order_idx').on(t.orderId),
  ],
);

/**
 * The weekly-menu catalogue (product rule R7.16, Weekly menu product), served in the shape of a
 * storefront GraphQL API by the embedded catalogue.
 */
export const catalogueProducts = pgTable(
  'catalogue_products',
  {
    id: serial('id').primaryKey(),
    handle: text('handle').notNull(),
    title: text('title').notNull(),
    descriptionHtml: text('description_html').notNull().default(''),
    /** Recipe Kit, Add-on, Bundle, Gift Box. */
    productType: text('product_type').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Product rule R7.8: codes 100 (celery) to 134 (sources of gluten). */
    allergenCodes: integer('allergen_codes')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    availableForSale: boolean('available_for_sale').notNull().default(true),
    /** Image URLs, the featured one first (served from public/). */
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [uniqueIndex('catalogue_products_handle_key').on(t.handle)],
);

export const catalogueVariants = pgTable(
  'catalogue_variants',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => catalogueProducts.id, { onDelete: 'cascade' }),
    /** 'Regular' or 'Double Portion, Serves 2'. */
    title: text('title').notNull(),
    sku: text('sku').notNull(),
    pricePence: integer('price_pence').notNull(),
    isDouble: boolean('is_double').notNull().default(false),
    availableForSale: boolean('available_for_sale').notNull().default(true),
    /** Stock that can run out; null is not tracked. */
    quantityAvailable: integer('quantity_available'),
  },
  (t) => [
    uniqueIndex('catalogue_variants_sku_key').on(t.sku),
    index('catalogue_variants_product_idx').on(t.productId),
  ],
);

/** A week's menu: a collection, by handle (menu-YYYY-MM-DD, its Monday). */
export const weeklyMenus = pgTable(
  'weekly_menus',
  {
    id: serial('id').primaryKey(),
    handle: text('handle').notNull(),
    title: text('title').notNull(),
    weekStart: date('week_start').notNull(),
  },
  (t) => [
    uniqueIndex('weekly_menus_handle_key').on(t.handle),
    uniqueIndex('weekly_menus_week_key').on(t.weekStart),
  ],
);

export const weeklyMenuProducts = pgTable(
  'weekly_menu_products',
  {
    weeklyMenuId: integer('weekly_menu_id')
      .notNull()
      .references(() => weeklyMenus.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => catalogueProducts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('weekly_menu_products_key').on(t.weeklyMenuId, t.productId)],
);

/**
 * Product rule R7.3: a bundle shows on the menu only when it is in this allowed list (GET bundles).
 */
export const allowedBundles = pgTable('allowed_bundles', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => catalogueProducts.id, { onDelete: 'cascade' }),
});

/** Delivery fee by weekday (0 Sunday .. 6 Saturday), free from a threshold (product rule R8.6). */
export const deliveryFeeConfig = pgTable('delivery_fee_config', {
  weekDay: integer('week_day').primaryKey(),
  pricePence: integer('price_pence').notNull(),
  thresholdPence: integer('threshold_pence'),
});

/** Dates the courier does not deliver, and products that cannot be delivered on a date. */
export const deliveryUnavailableDates = pgTable('delivery_unavailable_dates', {
  date: date('date').primaryKey(),
  reason: text('reason').notNull(),
});

export const productUnavailableDates = pgTable(
  'product_unavailable_dates',
  {
    variantId: integer('variant_id')
      .notNull()
      .references(() => catalogueVariants.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
  },
  (t) => [uniqueIndex('product_unavailable_dates_key').on(t.variantId, t.date)],
);

export const SUBSCRIPTION_STATES = ['created', 'active', 'paused', 'failed', 'cancelled'] as const;

/** A recipe-kit subscription (product rules R10.1 and R7.15), with the customer's dietary flags. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    state: text('state', { enum: SUBSCRIPTION_STATES }).notNull().default('created'),
    numberOfRecipes: integer('number_of_recipes').notNull(),
    numberOfCocktails: integer('number_of_cocktails').notNull().default(0),
    deliveryNote: text('delivery_note'),
    /** Dietary flags: beef, cocktails, crustaceans, doublePortion, fish, game, glutenFree, lamb, nuts, pork, vegan, vegetarian, molluscs. */
    dietary: jsonb('dietary').$type<Record<string, boolean>>().notNull().default({}),
    shippingAddressId: integer('shipping_address_id').references(() => addresses.id, {
      onDelete: 'set null',
    }),
    billingAddressId: integer('billing_address_id').references(() => addresses.id, {
      onDelete: 'set null',
    }),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    /** A paused plan's first delivery again (product rule R10.8); null: paused indefinitely. */
    resumeOn: date('resume_on'),
    /** Product rule R10.13: why the customer cancelled, and their words for "other". */
    cancellationReason: text('cancellation_reason'),
    cancellationNote: text('cancellation_note'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Product rule R10.21: ingredients the customer avoids (ids of `domain/plan-settings.ts`). */
    avoidedIngredients: text('avoided_ingredients')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_customer_idx').on(t.customerId)],
);

export const schedules = pgTable('schedules', {
  id: serial('id').primaryKey(),
  subscriptionId: integer('subscription_id')
    .notNull()
    .unique()
    .references(() => subscriptions.id, { onDelete: 'cascade' }),
  /** 1 Monday .. 6 Saturday: never Sunday. */
  deliveryDay: integer('delivery_day').notNull(),
  firstDelivery: date('first_delivery').notNull(),
  /** Every 1 to 4 weeks. */
  frequency: integer('frequency').notNull(),
});

/** One delivery week of a schedule: billed at the week's cut-off, active or skipped. */
export const scheduleWeeks = pgTable(
  'schedule_weeks',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    /** The Monday the week starts. */
    startDate: date('start_date').notNull(),
    deliveryDate: date('delivery_date').notNull(),
    originalDeliveryDate: date('original_delivery_date').notNull(),
    /** The cut-off: Friday 12:00 UTC before the week. */
    billingDate: timestamp('billing_date', { withTimezone: true }).notNull(),
    state: text('state', { enum: ['active', 'skipped'] })
      .notNull()
      .default('active'),
    /** Product rule R10.29: when the pick-your-dishes reminder was queued (once per week). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** Product rule R10.26: this week's address; null: the plan's. */
    shippingAddressId: integer('shipping_address_id').references(() => addresses.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [uniqueIndex('schedule_weeks_key').on(t.scheduleId, t.startDate)],
);

/** The dishes a customer picked for a coming week; without picks the chef chooses. */
export const scheduleWeekPicks = pgTable(
  'schedule_week_picks',
  {
    id: serial('id').primaryKey(),
    scheduleWeekId: integer('schedule_week_id')
      .notNull()
      .references(() => scheduleWeeks.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id')
      .notNull()
      .references(() => catalogueVariants.id),
    quantity: integer('quantity').notNull(),
    isAddon: boolean('is_addon').notNull().default(false),
  },
  (t) => [uniqueIndex('schedule_week_picks_key').on(t.scheduleWeekId, t.variantId)],
);

/** Store credit given and spent (GET store_credit_transactions); the balance is on the customer. */
export const storeCreditTransactions = pgTable(
  'store_credit_transactions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    amountPence: integer('amount_pence').notNull(),
    reason: text('reason').notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The credit voucher redeemed (POST customers/credit_voucher): once per customer. */
    voucherId: integer('voucher_id').references(() => vouchers.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    index('store_credit_transactions_customer_idx').on(t.customerId),
    uniqueIndex('store_credit_transactions_voucher_key').on(t.customerId, t.voucherId),
  ],
);

/**
 * Each household (normalised postcode + first address line) and each card (gateway fingerprint)
 * that an order spending new-customer credit used, with the customer it went to. The primary key
 * makes a second customer's claim fail however many checkouts race; a deleted account keeps its
 * claims (customer set null), so closing it frees nothing.
 */
export const newCustomerClaims = pgTable(
  'new_customer_claims',
  {
    kind: text('kind', { enum: ['household', 'card'] }).notNull(),
    key: text('key').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.kind, t.key] })],
);

/**
 * Messages sent with the support form (product rule R1.16), from a signed-in customer
 * (customer_id) or a visitor; the team's copy and the acknowledgement go through the outbox in
 * the same transaction.
 */
export const supportRequests = pgTable('support_requests', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  topic: text('topic').notNull(),
  orderReference: text('order_reference'),
  message: text('message').notNull(),
  ...timestamps,
});

/**
 * Changes to a recipe-kit order before its cut-off (product rules R9.19 to R9.24), one row per
 * change that moved its price or its money: the totals before and after, what the card was
 * charged for an increase (its idempotency key, unique, so a retried change charges once), the
 * store credit spent on it, and the store credit given back for a decrease.
 */
export const orderEdits = pgTable(
  'order_edits',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** items, delivery_date, shipping_address, chef_selections, voucher, remove_voucher. */
    change: text('change').notNull(),
    previousTotalPence: integer('previous_total_pence').notNull(),
    totalPence: integer('total_pence').notNull(),
    chargedPence: integer('charged_pence').notNull().default(0),
    storeCreditSpentPence: integer('store_credit_spent_pence').notNull().default(0),
    storeCreditRefundPence: integer('store_credit_refund_pence').notNull().default(0),
    paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, {
      onDelete: 'set null',
    }),
    processorPaymentId: text('processor_payment_id'),
    idempotencyKey: text('idempotency_key'),
    ...timestamps,
  },
  (t) => [
    index('order_edits_order_idx').on(t.orderId),
    uniqueIndex('order_edits_idempotency_key').on(t.idempotencyKey),
  ],
);

/**
 * Product rule R12.11: a referred friend's first paid order rewards the friend and the referrer
 * once: the primary key on the friend makes a second grant (a retry, a race) insert nothing.
 */
export const referralRewards = pgTable('referral_rewards', {
  friendId: integer('friend_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  referrerId: integer('referrer_id')
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  ...timestamps,
});
