/**
 * The payment provider behind one small interface (DESIGN.md section 3): the embedded sandbox by
 * default, Stripe when `STRIPE_SECRET_KEY` is set. Amounts are pence in GBP.
 */

export type GatewayName = 'sandbox' | 'stripe';
export type PaymentMethodType = 'CreditCard' | 'PaypalAccount';

export interface GatewayCustomer {
  id: number;
  email: string;
  name: string;
}

export interface SetupIntent {
  id: string;
  /** Stripe's statuses: requires_payment_method, requires_action, succeeded, canceled, ... */
  status: string;
  clientSecret: string;
  paymentMethodType: PaymentMethodType;
  /** Our customer the intent was made for (from its metadata). */
  customerId: number | null;
  /** Where the customer approves a wallet; null for cards (the card form confirms). */
  actionUrl: string | null;
  paymentMethod: GatewayPaymentMethod | null;
}

export interface GatewayPaymentMethod {
  id: string;
  type: PaymentMethodType;
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  email: string | null;
  /** The same card number gives the same fingerprint whoever saves it (Stripe's `card.fingerprint`). */
  fingerprint: string | null;
}

export type PaymentOutcome =
  | { status: 'succeeded'; id: string }
  | { status: 'requires_action'; id: string; actionUrl: string }
  | { status: 'failed'; id: string | null; declineCode: string; message: string };

export interface ChargeRequest {
  customer: GatewayCustomer;
  /** The gateway's payment-method id (`pm_...`). */
  paymentMethodId: string;
  amountPence: number;
  idempotencyKey: string;
  /** Absolute or same-site URL the customer comes back to after a 3-D Secure challenge. */
  returnUrl: string;
}

export interface WalletPaymentRequest {
  customer: GatewayCustomer;
  amountPence: number;
  idempotencyKey: string;
  returnUrl: string;
}

/** What identifies one of our charges at the gateway, even when its answer was never recorded. */
export interface PaymentLookup {
  /** The gateway's payment id, when we recorded one. */
  id: string | null;
  /** The key the charge was sent with: finds a charge made just before a crash. */
  idempotencyKey: string;
  customer: GatewayCustomer;
  /** When we claimed the attempt: the charge cannot be older. */
  createdAt: Date;
}

export interface PaymentGateway {
  readonly name: GatewayName;
  /** Card: the browser's form confirms it. Wallet: `actionUrl` is the approval page. */
  createSetupIntent(input: {
    customer: GatewayCustomer;
    type: PaymentMethodType;
    returnUrl: string;
  }): Promise<SetupIntent>;
  /** The setup intent with its payment method's card or wallet details; undefined when unknown. */
  retrieveSetupIntent(id: string): Promise<SetupIntent | undefined>;
  /** Charges a saved method. Declines are outcomes, not errors; errors mean the gateway failed. */
  charge(input: ChargeRequest): Promise<PaymentOutcome>;
  /** Starts a wallet payment: always `requires_action` with the wallet's approval page. */
  startWalletPayment(input: WalletPaymentRequest): Promise<PaymentOutcome>;
  /** The payment's state now (after a challenge or an approval). */
  retrievePayment(id: string): Promise<PaymentOutcome>;
  /** The charge's state now, by id or by idempotency key; null when the gateway never got it. */
  retrieve(lookup: PaymentLookup): Promise<PaymentOutcome | null>;
  /**
   * Cancels a payment still waiting for the customer (3-D Secure, a wallet). Answers its state
   * after: failed `payment_abandoned`, or whatever it reached first (succeeded stays succeeded).
   */
  cancel(id: string): Promise<PaymentOutcome>;
}

/** Raised when the gateway cannot be reached or answers an unexpected error (not a decline). */
export class GatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailableError';
  }
}

/** Stripe's customer-facing messages for its decline codes. */
export function declineMessage(declineCode: string): string {
  switch (declineCode) {
    case 'insufficient_funds':
      return 'Your card has insufficient funds.';
    case 'expired_card':
      return 'Your card has expired.';
    case 'incorrect_cvc':
      return "Your card's security code is incorrect.";
    case 'processing_error':
      return 'An error occurred while processing your card. Try again in a little bit.';
    case 'authentication_required':
      return 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
    case 'wallet_cancelled':
      return 'The wallet payment was cancelled.';
    case 'payment_interrupted':
      return 'Your payment did not go through and you have not been charged. Please pay again.';
    case 'payment_abandoned':
      return 'This payment was not completed in time, so it was cancelled. Please pay again.';
    default:
      return 'Your card was declined.';
  }
}

/** Appends query parameters to a same-site path or an absolute URL. */
export function withQuery(url: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
