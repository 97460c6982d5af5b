-- Product rule R10.35: a plan week planned on 25 or 26 December, with no order written yet,
-- moves to the nearest earlier open day of its week (24 December), else the nearest later one.
UPDATE "schedule_weeks" AS w
SET "delivery_date" = CASE
    WHEN to_char(w."delivery_date", 'MM-DD') = '12-25' AND extract(isodow FROM w."delivery_date") = 1
      THEN w."delivery_date" + 2
    WHEN to_char(w."delivery_date", 'MM-DD') = '12-25' THEN w."delivery_date" - 1
    WHEN extract(isodow FROM w."delivery_date") IN (1, 2) THEN w."delivery_date" + 1
    ELSE w."delivery_date" - 2
  END,
  "original_delivery_date" = CASE
    WHEN to_char(w."delivery_date", 'MM-DD') = '12-25' AND extract(isodow FROM w."delivery_date") = 1
      THEN w."delivery_date" + 2
    WHEN to_char(w."delivery_date", 'MM-DD') = '12-25' THEN w."delivery_date" - 1
    WHEN extract(isodow FROM w."delivery_date") IN (1, 2) THEN w."delivery_date" + 1
    ELSE w."delivery_date" - 2
  END
WHERE to_char(w."delivery_date", 'MM-DD') IN ('12-25', '12-26')
  AND NOT EXISTS (SELECT 1 FROM "orders" o WHERE o."schedule_week_id" = w."id");
