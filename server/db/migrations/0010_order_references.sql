-- Product rule R9.8: an order's reference for people, six characters from an alphabet without
-- 0/O, 1/I/L, shown as "ABC-DEF". The id goes through a bijection of 0..31^6-1 (times a number
-- prime to 31, plus an offset, modulo 31^6), so references are unique for the first 887,503,681
-- orders and do not read as a count. Immutable, so it can compute a stored column: existing
-- rows get theirs when the column is added.
CREATE FUNCTION order_reference(order_id bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT left(code, 3) || '-' || right(code, 3)
  FROM (
    SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', ((n / d) % 31)::int + 1, 1), '' ORDER BY i) AS code
    FROM (SELECT (order_id * 387420489 + 123456789) % 887503681 AS n) AS scrambled,
      unnest(ARRAY[28629151, 923521, 29791, 961, 31, 1]::bigint[]) WITH ORDINALITY AS digits(d, i)
  ) AS encoded
$$;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reference" text GENERATED ALWAYS AS (order_reference(id)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_emailed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_key" ON "orders" USING btree ("reference");--> statement-breakpoint
-- Orders paid before this migration had no confirmation email to send (product rule R9.9).
UPDATE "orders" SET "confirmation_emailed_at" = "paid_at" WHERE "paid_at" IS NOT NULL;
