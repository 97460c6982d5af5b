import { safeReturnTo } from '../../../domain/return-to';
import type { OperationHandlers } from '../../http/handler';
import { ApiError, notFound } from '../../http/jsonapi';
import {
  payOrder,
  refreshPayment,
  requirePayment,
  type PayMethod,
} from '../../services/payments/payment-service';
import { requireCustomer } from '../../services/sessions';
import type { Deps } from '../../deps';
import { withRetryAfter } from './retry-after';
import { paymentResource } from './payment-resource';

const invalid = (code: string, detail: string, pointer: string) =>
  new ApiError(400, code, 'Invalid payment', { detail, pointer });

/** Where the customer comes back after a wallet approval or a 3-D Secure challenge by default. */
const defaultReturnPath = (method: PayMethod, orderId: number) =>
  'wallet' in method ? '/paypal-confirmation' : `/payment/${orderId}`;

export function paymentHandlers({
  db,
  now,
  paymentGateway,
  config,
}: Deps): OperationHandlers<'createPayment' | 'getPaymentDetails'> {
  return {
    createPayment: async (request, reply) => {
      const { customer } = await requireCustomer(request, db, now());
      const body = request.body;
      const orderId = Number(body.order_id);
      if (!Number.isSafeInteger(orderId) || orderId < 1) throw notFound('Order');

      let method: PayMethod;
      if (body.payment_method_id !== undefined) {
        if (body.payment_method_type === 'PaypalAccount')
          throw invalid(
            'conflicting_payment_method',
            'Pay with a saved method or with a wallet, not both',
            '/payment_method_type',
          );
        const id = Number(body.payment_method_id);
        if (!Number.isSafeInteger(id) || id < 1) throw notFound('Payment method');
        method = { paymentMethodId: id };
      } else if (body.payment_method_type === 'PaypalAccount') {
        if (!body.payment_processor_name)
          throw invalid(
            'payment_processor_required',
            'payment_processor_name is required to pay with a wallet',
            '/payment_processor_name',
          );
        if (body.payment_processor_name !== paymentGateway.name)
          throw invalid(
            'payment_processor_unavailable',
            `Payments here go through ${paymentGateway.name}, not ${body.payment_processor_name}`,
            '/payment_processor_name',
          );
        method = { wallet: 'PaypalAccount' };
      } else {
        throw invalid(
          'payment_method_required',
          'Choose a saved card (payment_method_id) or a wallet to pay with',
          '/payment_method_id',
        );
      }

      const header = request.headers['idempotency-key'];
      const result = await withRetryAfter(reply, () =>
        payOrder(db, paymentGateway, now, {
          customer,
          orderId,
          method,
          returnPath: safeReturnTo(body.return_url, defaultReturnPath(method, orderId)),
          idempotencyKey: typeof header === 'string' && header ? header : undefined,
          limits: config.paymentAttemptLimits,
        }),
      );
      reply.code(result.status);
      return { data: paymentResource(result.payment) };
    },

    getPaymentDetails: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const payment = await requirePayment(db, customer.id, request.params.id);
      return { data: paymentResource(await refreshPayment(db, paymentGateway, now, payment)) };
    },
  };
}
