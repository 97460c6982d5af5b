CREATE TABLE "allowed_bundles" (
	"product_id" integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"title" text NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"product_type" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"allergen_codes" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"available_for_sale" boolean DEFAULT true NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"title" text NOT NULL,
	"sku" text NOT NULL,
	"price_pence" integer NOT NULL,
	"is_double" boolean DEFAULT false NOT NULL,
	"available_for_sale" boolean DEFAULT true NOT NULL,
	"quantity_available" integer
);
--> statement-breakpoint
CREATE TABLE "delivery_fee_config" (
	"week_day" integer PRIMARY KEY NOT NULL,
	"price_pence" integer NOT NULL,
	"threshold_pence" integer
);
--> statement-breakpoint
CREATE TABLE "delivery_unavailable_dates" (
	"date" date PRIMARY KEY NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_unavailable_dates" (
	"variant_id" integer NOT NULL,
	"date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_week_picks" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_week_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"is_addon" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_weeks" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"delivery_date" date NOT NULL,
	"original_delivery_date" date NOT NULL,
	"billing_date" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'active' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"delivery_day" integer NOT NULL,
	"first_delivery" date NOT NULL,
	"frequency" integer NOT NULL,
	CONSTRAINT "schedules_subscription_id_unique" UNIQUE("subscription_id")
);
--> statement-breakpoint
CREATE TABLE "store_credit_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"number_of_recipes" integer NOT NULL,
	"number_of_cocktails" integer DEFAULT 0 NOT NULL,
	"delivery_note" text,
	"dietary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"shipping_address_id" integer,
	"billing_address_id" integer,
	"payment_method_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_menu_products" (
	"weekly_menu_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"handle" text NOT NULL,
	"title" text NOT NULL,
	"week_start" date NOT NULL
);
--> statement-breakpoint
ALTER TABLE "basket_items" ADD COLUMN "meal_week" date;--> statement-breakpoint
ALTER TABLE "basket_items" ADD COLUMN "is_addon" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "basket_items" ADD COLUMN "is_double" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "baskets" ADD COLUMN "number_of_recipes" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_credit_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subscription_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "schedule_week_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "chef_selected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "allowed_bundles" ADD CONSTRAINT "allowed_bundles_product_id_catalogue_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalogue_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_variants" ADD CONSTRAINT "catalogue_variants_product_id_catalogue_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalogue_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_unavailable_dates" ADD CONSTRAINT "product_unavailable_dates_variant_id_catalogue_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."catalogue_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_week_picks" ADD CONSTRAINT "schedule_week_picks_schedule_week_id_schedule_weeks_id_fk" FOREIGN KEY ("schedule_week_id") REFERENCES "public"."schedule_weeks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_week_picks" ADD CONSTRAINT "schedule_week_picks_variant_id_catalogue_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."catalogue_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_weeks" ADD CONSTRAINT "schedule_weeks_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_transactions" ADD CONSTRAINT "store_credit_transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_transactions" ADD CONSTRAINT "store_credit_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_shipping_address_id_addresses_id_fk" FOREIGN KEY ("shipping_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_billing_address_id_addresses_id_fk" FOREIGN KEY ("billing_address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_menu_products" ADD CONSTRAINT "weekly_menu_products_weekly_menu_id_weekly_menus_id_fk" FOREIGN KEY ("weekly_menu_id") REFERENCES "public"."weekly_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_menu_products" ADD CONSTRAINT "weekly_menu_products_product_id_catalogue_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."catalogue_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_products_handle_key" ON "catalogue_products" USING btree ("handle");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_variants_sku_key" ON "catalogue_variants" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "catalogue_variants_product_idx" ON "catalogue_variants" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_unavailable_dates_key" ON "product_unavailable_dates" USING btree ("variant_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_week_picks_key" ON "schedule_week_picks" USING btree ("schedule_week_id","variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_weeks_key" ON "schedule_weeks" USING btree ("schedule_id","start_date");--> statement-breakpoint
CREATE INDEX "store_credit_transactions_customer_idx" ON "store_credit_transactions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "subscriptions_customer_idx" ON "subscriptions" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_menu_products_key" ON "weekly_menu_products" USING btree ("weekly_menu_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_menus_handle_key" ON "weekly_menus" USING btree ("handle");--> statement-breakpoint
CREATE UNIQUE INDEX "weekly_menus_week_key" ON "weekly_menus" USING btree ("week_start");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_schedule_week_key" ON "orders" USING btree ("schedule_week_id");