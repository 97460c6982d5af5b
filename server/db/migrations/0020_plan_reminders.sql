ALTER TABLE "orders" ADD COLUMN "payment_failed_emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedule_weeks" ADD COLUMN "reminder_sent_at" timestamp with time zone;