CREATE TABLE "basket_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"basket_id" text NOT NULL,
	"parent_id" integer,
	"product_id" integer NOT NULL,
	"product_variant_id" text NOT NULL,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_pence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "baskets" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"type" text NOT NULL,
	"customer_id" integer,
	"session_token_hash" text,
	"restaurant_id" integer,
	"fulfillment_type" text DEFAULT 'delivery' NOT NULL,
	"delivery_date" date,
	"time_slot" text DEFAULT 'asap' NOT NULL,
	"time_slot_end_time" text,
	"address" jsonb,
	"delivery_note" text,
	"customer_email" text,
	"table_number" text,
	"is_open_tab" boolean DEFAULT false NOT NULL,
	"is_catering_order" boolean DEFAULT false NOT NULL,
	"frequency" integer,
	"start_subscription" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "basket_items" ADD CONSTRAINT "basket_items_basket_id_baskets_id_fk" FOREIGN KEY ("basket_id") REFERENCES "public"."baskets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baskets" ADD CONSTRAINT "baskets_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "basket_items_basket_idx" ON "basket_items" USING btree ("basket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "baskets_customer_type_key" ON "baskets" USING btree ("customer_id","type") WHERE customer_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "baskets_session_type_key" ON "baskets" USING btree ("session_token_hash","type") WHERE session_token_hash is not null;