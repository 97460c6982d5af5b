import type { FormError } from '../../domain/account-forms';

/** The types every checkout and the order payment page share (checkout-shared.md). */

/** Who the order is for and, for delivery, where it goes. */
export interface CheckoutAddress {
  firstName: string;
  lastName: string;
  phone: string;
  address1: string;
  address2: string;
  city: string;
  zip: string;
  lat: number | null;
  lon: number | null;
}

export interface SavedPaymentMethod {
  id: string;
  type: 'CreditCard' | 'PaypalAccount';
  brand: string | null;
  last4: string | null;
  email: string | null;
  isDefault: boolean;
}

/** An order written from the basket; it waits for its payment. */
export interface PlacedOrder {
  id: string;
  /** The reference the customer sees (product rule R9.8). */
  reference: string;
  totalPrice: number;
}

/** A line of the order summary: a dish with its extras (modifiers, portion), pounds. */
export interface OrderSummaryLine {
  id: string;
  title: string;
  quantity: number;
  total: number;
  extras: string[];
}

/**
 * What every checkout step shows of the order (product rule R5.8): its lines, fees, discount and
 * total, pounds, as the basket the checkout loaded says.
 */
export interface OrderSummary {
  lines: OrderSummaryLine[];
  subtotal: number;
  delivery: number;
  discount: number;
  total: number;
}

/** Card details as typed into the sandbox gateway's card form. */
export interface TypedCard {
  number: string;
  expiry: string;
  cvc: string;
}

/** A card held by Stripe Elements: it confirms a setup intent's client secret itself. */
export interface ElementsCard {
  confirmSetup: (clientSecret: string) => Promise<void>;
}

export type NewCard = TypedCard | ElementsCard;

/** The payment gateway the server uses, and so the card form the browser shows. */
export type PaymentGateway = { name: 'sandbox' } | { name: 'stripe'; publishableKey: string };

export interface PaymentOptions {
  methods: SavedPaymentMethod[];
  gateway: PaymentGateway;
}

export type PaymentChoice =
  | { kind: 'saved'; methodId: string }
  | { kind: 'newCard'; card: NewCard }
  /** Pay by the wallet's own page (redirect). */
  | { kind: 'wallet' }
  /** Save the wallet for this and later payments (redirect to its set-up page). */
  | { kind: 'walletSetup' };

export type PaymentOutcome =
  { status: 'succeeded'; order: PlacedOrder } | { status: 'requires_action'; actionUrl: string };

/** What a return from a bank challenge or a wallet page tells the checkout. */
export interface ReturnedPayment {
  status: 'succeeded' | 'failed' | 'pending';
  order: PlacedOrder;
  message: string | null;
}

export interface SavedWallet {
  order: PlacedOrder;
  method: SavedPaymentMethod | null;
  /** The customer cancelled at the wallet's page. */
  cancelled: boolean;
}

/** A failed call as the actors report it: the HTTP status and what the server said. */
export interface CheckoutFailure {
  status: number;
  message?: string;
  code?: string;
  /** The form field the server blamed. */
  field?: string;
  hardDecline?: boolean;
  /** The card paid with was not kept (its first payment was declined, product rule R11.5). */
  methodRemoved?: boolean;
}

export type { FormError };
