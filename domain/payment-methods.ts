/** Saved payment methods as the account shows them, and the rules for removing one. */

export interface ListedPaymentMethod {
  id: string;
  type: 'CreditCard' | 'PaypalAccount';
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
  email: string | null;
  isDefault: boolean;
}

/** A subscription as far as its payment method goes. */
export interface PlanPayment {
  id: string;
  name: string;
  state: 'created' | 'active' | 'paused' | 'failed' | 'cancelled';
  paymentMethodId: string | null;
}

export const PAYMENT_METHOD_MESSAGES = {
  defaultWithOthers:
    'You cannot remove your default payment method while you have others. Make another one the default first.',
  onlyOneInUse:
    'You cannot remove your only payment method while your pasta plan uses it. Add another payment method first.',
  cancelledPlan: 'This pasta plan is cancelled, so its payment method cannot be changed.',
  /** The spec's words when setting up a payment method fails. */
  setupFailed: 'Request failed',
  actionFailed: 'Something went wrong',
  removed: 'Payment method removed',
  madeDefault: 'Default payment method changed',
  added: 'Card added',
  planMethodChanged: 'Your pasta plan’s payment method has been changed',
} as const;

/**
 * Why this method cannot be removed, or null when it can (product rules R11.4 and R11.7): not the
 * default while others exist; not the only one while a plan that is not cancelled uses it.
 */
export function removalRefusal(
  methodId: string,
  methods: readonly ListedPaymentMethod[],
  plans: readonly PlanPayment[],
): string | null {
  const method = methods.find((m) => m.id === methodId);
  if (!method) return null;
  const others = methods.filter((m) => m.id !== methodId);
  if (method.isDefault && others.length > 0) return PAYMENT_METHOD_MESSAGES.defaultWithOthers;
  if (
    others.length === 0 &&
    plans.some((plan) => plan.paymentMethodId === methodId && plan.state !== 'cancelled')
  )
    return PAYMENT_METHOD_MESSAGES.onlyOneInUse;
  return null;
}

/**
 * The list with the method removed, and the plans that used it moved to the default (product rule
 * R11.8): what the server will hold if the removal succeeds.
 */
export function withoutMethod(
  methodId: string,
  methods: readonly ListedPaymentMethod[],
  plans: readonly PlanPayment[],
): { methods: ListedPaymentMethod[]; plans: PlanPayment[] } {
  const remaining = methods.filter((m) => m.id !== methodId);
  const fallback = remaining.find((m) => m.isDefault) ?? remaining[0] ?? null;
  return {
    methods: remaining,
    plans: plans.map((plan) =>
      plan.paymentMethodId === methodId ? { ...plan, paymentMethodId: fallback?.id ?? null } : plan,
    ),
  };
}

/** "Visa ending 4242", or the wallet's email: how a method is named on screen. */
export function methodLabel(method: ListedPaymentMethod): string {
  if (method.type === 'PaypalAccount') return `PayPal ${method.email ?? ''}`.trim();
  const brand = method.brand ? method.brand[0]!.toUpperCase() + method.brand.slice(1) : 'Card';
  return `${brand} ending ${method.last4 ?? '····'}`;
}

/** "Expires 12/27". */
export function methodExpiry(method: ListedPaymentMethod): string | null {
  if (method.expMonth === null || method.expYear === null) return null;
  return `Expires ${String(method.expMonth).padStart(2, '0')}/${String(method.expYear % 100).padStart(2, '0')}`;
}
