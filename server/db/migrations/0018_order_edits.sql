CREATE TABLE "order_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer,
	"change" text NOT NULL,
	"previous_total_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"charged_pence" integer DEFAULT 0 NOT NULL,
	"store_credit_spent_pence" integer DEFAULT 0 NOT NULL,
	"store_credit_refund_pence" integer DEFAULT 0 NOT NULL,
	"payment_method_id" integer,
	"processor_payment_id" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_edits" ADD CONSTRAINT "order_edits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_edits" ADD CONSTRAINT "order_edits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_edits" ADD CONSTRAINT "order_edits_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_edits_order_idx" ON "order_edits" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_edits_idempotency_key" ON "order_edits" USING btree ("idempotency_key");