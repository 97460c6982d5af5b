import type { NewCard, PaymentOptions } from '../checkout-shared/checkout-shared.types';

// Paying here takes the checkouts' cards, methods, gateways and failures as they are.
export type {
  CheckoutFailure,
  FormError,
  NewCard,
  PaymentGateway,
  SavedPaymentMethod,
} from '../checkout-shared/checkout-shared.types';

/** A line of the order, as its summary shows it. */
export interface PayableOrderLine {
  id: string;
  title: string;
  variantTitle: string | null;
  quantity: number;
  total: number;
}

/** The order to pay (GET orders/{id}), pounds. */
export interface PayableOrder {
  id: string;
  /** The reference the customer sees (product rule R9.8). */
  reference: string;
  state: string;
  deliveryDate: string | null;
  totalPrice: number;
  /** Store credit already spent on it (recipe kits). */
  storeCredit: number;
  /** What the card pays: the total less the store credit. */
  amountToCharge: number;
  paidAt: string | null;
  /** Product rule R9.28: a payment of it failed; false while it awaits its first. */
  paymentFailed: boolean;
  lines: PayableOrderLine[];
}

/** What the page loads at once: the order, the saved methods and the gateway's card form. */
export interface OrderPaymentOptions extends PaymentOptions {
  order: PayableOrder;
}

export type OrderPaymentChoice =
  { kind: 'saved'; methodId: string } | { kind: 'newCard'; card: NewCard };

/** POST payments: paid, or the bank wants the customer (3-D Secure). */
export type OrderPaymentOutcome =
  { status: 'succeeded' } | { status: 'requires_action'; actionUrl: string };

/** GET payment_details/{id} after the bank's page. */
export interface ReturnedOrderPayment {
  status: 'succeeded' | 'failed' | 'pending';
  /** The order the payment is for: a payment of another order pays nothing here. */
  orderId: string;
  /** Pounds. */
  amount: number;
  message: string | null;
}

export interface PayOrderInput {
  orderId: string;
  methodId: string;
  /** Each new attempt (after a decline) is a new idempotency key; a retried request is not. */
  attempt: number;
}
