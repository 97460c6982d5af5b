import type { components } from '../../../openapi/schema';
import type { PaymentMethodRow } from '../../services/payments/payment-service';
import type { SetupIntent } from '../../services/payments/gateway';

export function paymentMethodResource(
  row: PaymentMethodRow,
): components['schemas']['PaymentMethodResource'] {
  return {
    type: 'payment_methods',
    id: String(row.id),
    attributes: {
      payment_method_type: row.type,
      default: row.isDefault,
      last4: row.last4,
      brand: row.brand,
      exp_month: row.expMonth,
      exp_year: row.expYear,
      email: row.email,
      payment_processor_name: row.processor,
    },
  };
}

export function setupIntentResource(
  intent: SetupIntent,
): components['schemas']['SetupIntentResource'] {
  return {
    type: 'setup_intents',
    id: intent.id,
    attributes: {
      status: intent.status,
      client_secret: intent.clientSecret,
      payment_method_type: intent.paymentMethodType,
      action_url: intent.actionUrl,
    },
  };
}
