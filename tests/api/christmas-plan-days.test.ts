import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { plannedDeliveryDate } from '../../domain/delivery-dates';
import { orders, scheduleWeeks, schedules, subscriptions } from '../../server/db/schema';
import { addDays, billingDateFor } from '../../server/services/subscriptions/schedule-dates';
import { signUp } from './support/payments';
import { ApiClient, useTestApp } from './support/test-app';

// Product rule R10.35: weeks planned on 25 or 26 December before the rule move, once, by the
// migration; a week whose order is written keeps its day.
const getApp = useTestApp();
const MIGRATION = readFileSync(
  new URL('../../server/db/migrations/0022_christmas_plan_days.sql', import.meta.url),
  'utf8',
);

describe('migration 0022: plan weeks off the Christmas closures', () => {
  it('moves each open week as plannedDeliveryDate would, leaves other weeks and ordered ones', async () => {
    const { app, database } = getApp();
    const { db } = database;
    const customerId = await signUp(new ApiClient(app));
    /** A plan (one schedule each) with one week delivered on `deliveryDate`. */
    const planWeek = async (week: string, day: number, deliveryDate: string) => {
      const [plan] = await db
        .insert(subscriptions)
        .values({ customerId, name: 'Pasta plan', state: 'active', numberOfRecipes: 2 })
        .returning();
      const [schedule] = await db
        .insert(schedules)
        .values({ subscriptionId: plan!.id, deliveryDay: day, firstDelivery: week, frequency: 1 })
        .returning();
      const [row] = await db
        .insert(scheduleWeeks)
        .values({
          scheduleId: schedule!.id,
          startDate: week,
          deliveryDate,
          originalDeliveryDate: deliveryDate,
          billingDate: billingDateFor(week),
        })
        .returning();
      return { planId: plan!.id, weekId: row!.id };
    };
    // 2026: Friday 25, Saturday 26; 2028: Monday 25, Tuesday 26; 2029: Tuesday 25, Wednesday 26;
    // 2022: Monday 26 (25 a Sunday); and a week clear of Christmas.
    const cases = [
      { week: '2026-12-21', day: 5 },
      { week: '2026-12-21', day: 6 },
      { week: '2028-12-25', day: 1 },
      { week: '2028-12-25', day: 2 },
      { week: '2029-12-24', day: 2 },
      { week: '2029-12-24', day: 3 },
      { week: '2022-12-26', day: 1 },
      { week: '2026-12-14', day: 5 },
    ];
    const rows = [];
    for (const { week, day } of cases) {
      const { weekId } = await planWeek(week, day, addDays(week, day - 1));
      rows.push({ weekId, expected: plannedDeliveryDate(week, day) });
    }
    // An ordered week on Christmas Day keeps it: its order says that day.
    const ordered = await planWeek('2026-12-21', 5, '2026-12-25');
    await db.insert(orders).values({
      customerId,
      type: 'recipe_kit',
      state: 'paid',
      deliveryDate: '2026-12-25',
      subtotalPence: 1300,
      totalPence: 1300,
      subscriptionId: ordered.planId,
      scheduleWeekId: ordered.weekId,
    });

    await db.execute(sql.raw(MIGRATION));
    await db.execute(sql.raw(MIGRATION));

    for (const { weekId, expected } of rows) {
      const [week] = await db.select().from(scheduleWeeks).where(eq(scheduleWeeks.id, weekId));
      expect(week).toMatchObject({ deliveryDate: expected, originalDeliveryDate: expected });
    }
    const [kept] = await db
      .select()
      .from(scheduleWeeks)
      .where(eq(scheduleWeeks.id, ordered.weekId));
    expect(kept!.deliveryDate).toBe('2026-12-25');
  });
});
