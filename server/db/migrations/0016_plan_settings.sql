ALTER TABLE "orders" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "avoided_ingredients" text[] DEFAULT '{}'::text[] NOT NULL;