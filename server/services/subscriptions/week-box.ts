import { asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { scheduleWeekPicks, type scheduleWeeks, type subscriptions } from '../../db/schema';
import { chefPicks, type DietaryFlags, type MenuDish } from './chef-picks';
import { variantDetails, weeklyMenu } from './weekly-menu';

/** One dish of a week's box before it is ordered. */
export interface WeekLine {
  variantId: number;
  productId: number;
  title: string;
  variantTitle: string;
  pricePence: number;
  quantity: number;
  isAddon: boolean;
}

/**
 * A week's box before it is ordered: the customer's picks for the week, else the chef's picks
 * from the week's menu (honouring the plan's dietary flags and avoided ingredients). The billing
 * job packs it; /schedule-week shows it, so what is shown is what is billed. `menu` saves loading
 * the week's menu again where the caller has it.
 */
export async function weekLines(
  db: Queryable,
  week: typeof scheduleWeeks.$inferSelect,
  subscription: typeof subscriptions.$inferSelect,
  menu?: readonly MenuDish[],
): Promise<{ items: WeekLine[]; chefSelected: boolean }> {
  const picks = await db
    .select()
    .from(scheduleWeekPicks)
    .where(eq(scheduleWeekPicks.scheduleWeekId, week.id))
    .orderBy(asc(scheduleWeekPicks.id));
  if (picks.length > 0) {
    const details = await variantDetails(
      db,
      picks.map((pick) => pick.variantId),
    );
    return {
      chefSelected: false,
      items: picks.flatMap((pick) => {
        const detail = details.find((d) => d.id === pick.variantId);
        return detail
          ? [
              {
                variantId: detail.id,
                productId: detail.productId,
                title: detail.title,
                variantTitle: detail.variantTitle,
                pricePence: detail.pricePence,
                quantity: pick.quantity,
                isAddon: pick.isAddon,
              },
            ]
          : [];
      }),
    };
  }
  const chosen = chefPicks(
    menu ?? (await weeklyMenu(db, week.startDate)),
    subscription.numberOfRecipes,
    subscription.dietary as DietaryFlags,
    subscription.avoidedIngredients,
  );
  return {
    chefSelected: true,
    items: chosen.map(({ dish, variant }) => ({
      variantId: variant.id,
      productId: dish.productId,
      title: dish.title,
      variantTitle: variant.title,
      pricePence: variant.pricePence,
      quantity: 1,
      isAddon: false,
    })),
  };
}
