import { describe, expect, it } from 'vitest';
import {
  PAYMENT_METHOD_MESSAGES,
  removalRefusal,
  withoutMethod,
  type ListedPaymentMethod,
  type PlanPayment,
} from '../../domain/payment-methods';

const card = (id: string, isDefault: boolean): ListedPaymentMethod => ({
  id,
  type: 'CreditCard',
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  email: null,
  isDefault,
});
const plan = (state: PlanPayment['state'], paymentMethodId: string | null): PlanPayment => ({
  id: 'p1',
  name: 'Pasta plan',
  state,
  paymentMethodId,
});

/** Product rules R11.4, R11.7 and R11.8. */
describe('removing a payment method', () => {
  it('keeps the default while others exist', () => {
    expect(removalRefusal('1', [card('1', true), card('2', false)], [])).toBe(
      PAYMENT_METHOD_MESSAGES.defaultWithOthers,
    );
    expect(removalRefusal('2', [card('1', true), card('2', false)], [])).toBeNull();
  });

  it('keeps the only method while a plan that is not cancelled pays with it', () => {
    expect(removalRefusal('1', [card('1', true)], [plan('paused', '1')])).toBe(
      PAYMENT_METHOD_MESSAGES.onlyOneInUse,
    );
    expect(removalRefusal('1', [card('1', true)], [plan('cancelled', '1')])).toBeNull();
    expect(removalRefusal('1', [card('1', true)], [])).toBeNull();
  });

  it('moves the plans on the removed card to the default', () => {
    const after = withoutMethod('2', [card('1', true), card('2', false)], [plan('active', '2')]);
    expect(after.methods.map((m) => m.id)).toEqual(['1']);
    expect(after.plans[0]!.paymentMethodId).toBe('1');
  });
});
