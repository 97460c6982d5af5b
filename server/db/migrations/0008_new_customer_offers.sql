CREATE TABLE "new_customer_claims" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"customer_id" integer,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "new_customer_claims_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "new_customer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "new_customer_claims" ADD CONSTRAINT "new_customer_claims_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_customer_claims" ADD CONSTRAINT "new_customer_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Databases seeded before this migration: their WELCOME60 is the new-customer credit too.
UPDATE "vouchers" SET "new_customer" = true WHERE "code" = 'WELCOME60';
