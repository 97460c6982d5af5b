CREATE TABLE "takeaway_categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takeaway_menu_items" (
	"restaurant_id" integer NOT NULL,
	"fulfillment_type" text NOT NULL,
	"category_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takeaway_modifiers" (
	"product_id" integer NOT NULL,
	"sub_product_id" integer NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takeaway_products" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_pence" integer NOT NULL,
	"image_url" text,
	"kind" text NOT NULL,
	"is_kit" boolean DEFAULT false NOT NULL,
	"allergen_codes" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "takeaway_snoozes" (
	"restaurant_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "takeaway_menu_items" ADD CONSTRAINT "takeaway_menu_items_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_menu_items" ADD CONSTRAINT "takeaway_menu_items_category_id_takeaway_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."takeaway_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_menu_items" ADD CONSTRAINT "takeaway_menu_items_product_id_takeaway_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."takeaway_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_modifiers" ADD CONSTRAINT "takeaway_modifiers_product_id_takeaway_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."takeaway_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_modifiers" ADD CONSTRAINT "takeaway_modifiers_sub_product_id_takeaway_products_id_fk" FOREIGN KEY ("sub_product_id") REFERENCES "public"."takeaway_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_snoozes" ADD CONSTRAINT "takeaway_snoozes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "takeaway_snoozes" ADD CONSTRAINT "takeaway_snoozes_product_id_takeaway_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."takeaway_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "takeaway_menu_items_key" ON "takeaway_menu_items" USING btree ("restaurant_id","fulfillment_type","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "takeaway_modifiers_key" ON "takeaway_modifiers" USING btree ("product_id","sub_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "takeaway_snoozes_key" ON "takeaway_snoozes" USING btree ("restaurant_id","product_id");