import { and, asc, desc, eq, inArray, isNotNull, isNull, like, ne, or, sql } from 'drizzle-orm';
import {
  LOYALTY_BOXES,
  LOYALTY_REWARD_PENCE,
  loyaltyProgress,
  REFERRAL_REWARD_PENCE,
} from '../../../domain/rewards';
import {
  orderLineItems,
  orders,
  productRatings,
  referralRewards,
  subscriptions,
  vouchers,
  weeklyMenuProducts,
  weeklyMenus,
} from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { notFound } from '../../http/jsonapi';
import { requireCustomer } from '../../services/sessions';
import { usableOffers } from '../../services/rewards/offers';
import type { Deps } from '../../deps';
import { voucherResource } from '../baskets/basket-document';

const pounds = (pence: number) => pence / 100;
const isoDate = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * Rewards (product rules R12.9-R12.13): the loyalty and referral blocks, the offers a customer can
 * use, a voucher's details and a weekly menu's dish ratings.
 */
export function rewardHandlers({
  db,
  now,
}: Deps): OperationHandlers<
  'listRewardBlocks' | 'listMarketingOffers' | 'getVoucher' | 'getWeeklyMenuReviewSummary'
> {
  return {
    listRewardBlocks: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const plans = await db
        .select({ id: subscriptions.id, name: subscriptions.name, state: subscriptions.state })
        .from(subscriptions)
        .where(eq(subscriptions.customerId, customer.id))
        .orderBy(asc(subscriptions.id));
      const paid = plans.length
        ? await db
            .select({
              subscriptionId: orders.subscriptionId,
              scheduleWeekId: orders.scheduleWeekId,
            })
            .from(orders)
            .where(
              and(
                inArray(
                  orders.subscriptionId,
                  plans.map((plan) => plan.id),
                ),
                isNotNull(orders.paidAt),
              ),
            )
            .orderBy(asc(orders.paidAt), asc(orders.id))
        : [];
      const earned = await db
        .select({ id: vouchers.id, rewardKey: vouchers.rewardKey })
        .from(vouchers)
        .where(and(eq(vouchers.customerId, customer.id), like(vouchers.rewardKey, 'loyalty:%')))
        .orderBy(desc(vouchers.id));
      const loyalty = plans.flatMap((plan) => {
        const boxes = paid.filter((order) => order.subscriptionId === plan.id);
        // A cancelled plan with nothing earned has nothing to show.
        if (plan.state === 'cancelled' && boxes.length < LOYALTY_BOXES) return [];
        const progress = loyaltyProgress(boxes.length);
        const counted = progress.boxesTowardsNext ? boxes.slice(-progress.boxesTowardsNext) : [];
        const last = earned.find((voucher) => voucher.rewardKey?.startsWith(`loyalty:${plan.id}:`));
        return [
          {
            type: 'reward_blocks' as const,
            id: `loyalty-${plan.id}`,
            attributes: {
              kind: 'loyalty' as const,
              title: plan.name,
              progress: progress.boxesTowardsNext,
              target: LOYALTY_BOXES,
              rewards_earned: progress.vouchersEarned,
              reward_value: pounds(LOYALTY_REWARD_PENCE),
              subscription_id: String(plan.id),
              week_ids: counted.flatMap((order) =>
                order.scheduleWeekId === null ? [] : [String(order.scheduleWeekId)],
              ),
              voucher_id: last ? String(last.id) : null,
            },
          },
        ];
      });
      const [referred] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(referralRewards)
        .where(eq(referralRewards.referrerId, customer.id));
      const friends = referred?.count ?? 0;
      return {
        data: [
          ...loyalty,
          {
            type: 'reward_blocks' as const,
            id: 'referral',
            attributes: {
              kind: 'referral' as const,
              title: 'Invite a friend',
              progress: friends,
              target: 0,
              rewards_earned: friends,
              reward_value: pounds(REFERRAL_REWARD_PENCE),
              subscription_id: null,
              week_ids: [],
              voucher_id: null,
            },
          },
        ],
      };
    },

    listMarketingOffers: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const offers = await usableOffers(db, customer.id, isoDate(now()));
      return {
        data: offers.map((voucher) => ({
          type: 'marketing_offers' as const,
          id: String(voucher.id),
          attributes: {
            title: voucher.offerTitle ?? voucher.code,
            code: voucher.code,
            value_type: voucher.valueType,
            value: voucher.valueType === 'fixed_amount' ? pounds(voucher.value) : voucher.value,
            end_date: voucher.endDate,
            propositions: voucher.propositions.filter(
              (proposition): proposition is 'TW' | 'RK' | 'OO' =>
                proposition === 'TW' || proposition === 'RK' || proposition === 'OO',
            ),
            reward: voucher.customerId !== null,
          },
        })),
      };
    },

    getVoucher: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const [voucher] = await db
        .select()
        .from(vouchers)
        .where(
          and(
            eq(vouchers.id, request.params.id),
            or(
              eq(vouchers.customerId, customer.id),
              and(
                isNull(vouchers.customerId),
                isNotNull(vouchers.offerTitle),
                ne(vouchers.type, 'CreditVoucher'),
              ),
            ),
          ),
        );
      if (!voucher) throw notFound('Voucher');
      return { data: voucherResource(voucher) };
    },

    getWeeklyMenuReviewSummary: async (request) => {
      const menuId = request.params.id;
      const [menu] = await db
        .select({ id: weeklyMenus.id })
        .from(weeklyMenus)
        .where(eq(weeklyMenus.id, menuId));
      if (!menu) throw notFound('Weekly menu');
      const rows = await db
        .select({
          productId: orderLineItems.productId,
          total: sql<number>`sum(${productRatings.rating})::int`,
          count: sql<number>`count(*)::int`,
        })
        .from(productRatings)
        .innerJoin(orderLineItems, eq(orderLineItems.id, productRatings.lineItemId))
        .innerJoin(orders, eq(orders.id, productRatings.orderId))
        .innerJoin(
          weeklyMenuProducts,
          and(
            eq(weeklyMenuProducts.productId, orderLineItems.productId),
            eq(weeklyMenuProducts.weeklyMenuId, menu.id),
          ),
        )
        .where(inArray(orders.type, ['recipe_kit', 'one_off']))
        .groupBy(orderLineItems.productId, weeklyMenuProducts.position)
        .orderBy(asc(weeklyMenuProducts.position));
      return {
        data: rows.map((row) => ({
          type: 'dish_review_summaries' as const,
          id: String(row.productId),
          attributes: {
            average_rating: Math.round((row.total / row.count) * 10) / 10,
            rating_count: row.count,
          },
        })),
        meta: { weekly_menu_id: String(menu.id) },
      };
    },
  };
}
