import type { CheckoutAddress, OrderSummary } from '../checkout-shared/checkout-shared.types';

export type FulfillmentType = 'delivery' | 'pickup' | 'eat_in';

/** The takeaway basket as the checkout needs it. */
export interface TakeawayCheckoutBasket {
  id: string;
  fulfillmentType: FulfillmentType;
  itemCount: number;
  totalPrice: number;
  address: Partial<CheckoutAddress> | null;
  deliveryNote: string | null;
  /** The lines and totals every step shows (product rule R5.8). */
  summary?: OrderSummary;
}
