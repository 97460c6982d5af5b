import { isHardDecline } from '../../../domain/payment';
import type { components } from '../../../openapi/schema';
import type { PaymentRow } from '../../services/payments/payment-service';

export function paymentResource(payment: PaymentRow): components['schemas']['PaymentResource'] {
  return {
    type: 'payments',
    id: String(payment.id),
    attributes: {
      state: payment.state,
      order_id: String(payment.orderId),
      amount: payment.amountPence / 100,
      payment_method_id: payment.paymentMethodId === null ? null : String(payment.paymentMethodId),
      payment_method_type: payment.paymentMethodType,
      decline_code: payment.declineCode,
      hard_decline: isHardDecline(payment.declineCode),
      failure_message: payment.failureMessage,
      action_url: payment.state === 'requires_action' ? payment.actionUrl : null,
      payment_processor_name: payment.processor,
      created_at: payment.createdAt.toISOString(),
    },
  };
}
