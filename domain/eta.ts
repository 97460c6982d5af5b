/** Product rule R4.7: the default takeaway ETA text. */
export const DEFAULT_ETA_TEXT = '15 - 30 mins';

export interface DeliveryEstimation {
  minTimeToDeliver?: number | null;
  maxTimeToDeliver?: number | null;
  prepTime: number;
  etaDelay: number;
}

/** prepTime plus etaDelay plus 15 to plus 30 minutes; the default without an estimation. */
export function etaText(estimation: DeliveryEstimation | null | undefined): string {
  if (!estimation) return DEFAULT_ETA_TEXT;
  const base = estimation.prepTime + estimation.etaDelay;
  return `${base + 15} - ${base + 30} mins`;
}

/** Kitchen minutes for an order: a base for the first dish and a little more for each other one. */
export const PREP_BASE_MINUTES = 10;
export const PREP_MINUTES_PER_EXTRA_ITEM = 2;
export const PREP_MAX_MINUTES = 45;

export function prepMinutes(numberOfItems: number): number {
  const extra = Math.max(0, Math.floor(numberOfItems) - 1);
  return Math.min(PREP_MAX_MINUTES, PREP_BASE_MINUTES + extra * PREP_MINUTES_PER_EXTRA_ITEM);
}

/** Each order ahead in the kitchen adds minutes; a rider covers about a mile every 4 minutes. */
export const MINUTES_PER_ORDER_AHEAD = 4;
export const RIDER_MINUTES_PER_MILE = 4;

export function etaDelayMinutes(ordersInProgress: number, distanceMiles: number): number {
  return (
    Math.max(0, ordersInProgress) * MINUTES_PER_ORDER_AHEAD +
    Math.round(Math.max(0, distanceMiles) * RIDER_MINUTES_PER_MILE)
  );
}
