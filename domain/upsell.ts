export type FulfillmentType = 'delivery' | 'pickup' | 'eat_in';

/**
 * Product rule R4.8: upsell categories; eat-in's list, and delivery also adds Desserts and Gelato.
 */
export const EAT_IN_UPSELL_CATEGORIES = [
  'Starters & Sides',
  'Alcoholic Drinks',
  'Alcohol',
  'Drinks',
  'Sides',
] as const;
export const DELIVERY_EXTRA_UPSELL_CATEGORIES = ['Desserts', 'Gelato'] as const;

export function upsellCategories(fulfillmentType: FulfillmentType): string[] {
  return fulfillmentType === 'delivery'
    ? [...EAT_IN_UPSELL_CATEGORIES, ...DELIVERY_EXTRA_UPSELL_CATEGORIES]
    : [...EAT_IN_UPSELL_CATEGORIES];
}
