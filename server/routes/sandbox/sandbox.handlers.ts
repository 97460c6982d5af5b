import type { OperationHandlers } from '../../http/handler';
import { notFound } from '../../http/jsonapi';
import { SandboxGateway } from '../../services/payments/sandbox-gateway';
import { requireCustomer } from '../../services/sessions';
import type { Deps } from '../../deps';
import { setupIntentResource } from '../payment-methods/payment-method-resource';

export function sandboxHandlers({
  db,
  now,
  paymentGateway,
}: Deps): OperationHandlers<'confirmSandboxSetupIntent'> {
  return {
    /** What Stripe.js does in the browser, for the sandbox's own card form. */
    confirmSandboxSetupIntent: async (request) => {
      if (!(paymentGateway instanceof SandboxGateway)) throw notFound('Setup intent');
      const { customer } = await requireCustomer(request, db, now());
      const existing = await paymentGateway.retrieveSetupIntent(request.params.id);
      if (!existing || existing.customerId !== customer.id) throw notFound('Setup intent');
      const body = request.body;
      const intent = await paymentGateway.confirmCardSetup(request.params.id, {
        clientSecret: body.client_secret,
        cardNumber: body.card_number,
        expMonth: body.exp_month,
        expYear: body.exp_year,
        cvc: body.cvc,
      });
      if (!intent) throw notFound('Setup intent');
      return { data: setupIntentResource(intent) };
    },
  };
}
