/** Spec section 9: the default takeaway ETA text. */
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
