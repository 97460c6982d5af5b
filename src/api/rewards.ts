import type { components } from '../../openapi/schema';
import { api, unwrap } from './client';
import { toEntity, type Entity } from './json-api';

export type RewardBlock = Entity<components['schemas']['RewardBlockResource']>;
export type MarketingOffer = Entity<components['schemas']['MarketingOfferResource']>;
export type DishReviewSummary = Entity<components['schemas']['DishReviewSummaryResource']>;

export const REWARDS_FAILED = "Couldn't get your rewards";
export const OFFERS_FAILED = "Couldn't get your offers";

export const REWARD_BLOCKS_QUERY_KEY = ['reward-blocks'] as const;
export const MARKETING_OFFERS_QUERY_KEY = ['marketing-offers'] as const;

/** GET reward_blocks: loyalty progress per plan, then the referral block (product rules R12.9, R12.11). */
export async function fetchRewardBlocks(client = api): Promise<RewardBlock[]> {
  const body = await unwrap(client.GET('/reward_blocks'), REWARDS_FAILED);
  return body.data.map((resource) => toEntity(resource) as RewardBlock);
}

/** GET marketing_offers: the offers the customer can use now (product rule R12.10). */
export async function fetchMarketingOffers(client = api): Promise<MarketingOffer[]> {
  const body = await unwrap(client.GET('/marketing_offers'), OFFERS_FAILED);
  return body.data.map((resource) => toEntity(resource) as MarketingOffer);
}

/** GET weekly_menus/{id}/review_summary: each rated dish's average, by product id (R12.13). */
export async function fetchReviewSummary(
  weeklyMenuId: number,
  client = api,
): Promise<Map<string, DishReviewSummary>> {
  return reviewSummaryOf(
    await unwrap(
      client.GET('/weekly_menus/{id}/review_summary', { params: { path: { id: weeklyMenuId } } }),
    ),
  );
}

/** A review summary's answer, as fetched or as the page carried it (R14.14), by dish id. */
export const reviewSummaryOf = (body: {
  data: components['schemas']['DishReviewSummaryResource'][];
}): Map<string, DishReviewSummary> =>
  new Map(body.data.map((resource) => [resource.id, toEntity(resource) as DishReviewSummary]));
