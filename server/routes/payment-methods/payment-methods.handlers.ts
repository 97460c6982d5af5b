import { and, count, eq, ne } from 'drizzle-orm';
import { isSetupIntentId } from '../../../domain/payment';
import { safeReturnTo } from '../../../domain/return-to';
import { paymentMethods } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { ApiError } from '../../http/jsonapi';
import { GatewayUnavailableError, type PaymentGateway } from '../../services/payments/gateway';
import { gatewayCustomer, gatewayUnavailable } from '../../services/payments/payment-service';
import { requireCustomer } from '../../services/sessions';
import type { Deps } from '../../deps';
import { lockCustomer, ownedMethod, savedMethodsOf } from './owned-payment-methods';
import { paymentMethodResource, setupIntentResource } from './payment-method-resource';
import { removePaymentMethod } from './remove-payment-method';

/** Where the sandbox or Stripe sends the customer back after approving a wallet. */
export const DEFAULT_WALLET_SETUP_RETURN = '/paypal-setup-confirmation';

const invalid = (code: string, title: string, detail: string, pointer: string) =>
  new ApiError(400, code, title, { detail, pointer });

function assertProcessor(gateway: PaymentGateway, name: string) {
  if (name !== gateway.name)
    throw invalid(
      'payment_processor_unavailable',
      'Payment provider unavailable',
      `Payments here go through ${gateway.name}, not ${name}`,
      '/payment_processor_name',
    );
}

async function gatewayCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayUnavailableError) throw gatewayUnavailable();
    throw error;
  }
}

export function paymentMethodHandlers({
  db,
  now,
  paymentGateway,
}: Deps): OperationHandlers<
  | 'listPaymentMethods'
  | 'createPaymentMethodSetup'
  | 'createPaymentMethod'
  | 'setDefaultPaymentMethod'
  | 'deletePaymentMethod'
> {
  return {
    listPaymentMethods: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      return { data: (await savedMethodsOf(db, customer.id)).map(paymentMethodResource) };
    },

    createPaymentMethodSetup: async (request, reply) => {
      const { customer } = await requireCustomer(request, db, now());
      const body = request.body;
      assertProcessor(paymentGateway, body.payment_processor_name);
      const intent = await gatewayCall(() =>
        paymentGateway.createSetupIntent({
          customer: gatewayCustomer(customer),
          type: body.type,
          returnUrl: safeReturnTo(body.return_url, DEFAULT_WALLET_SETUP_RETURN),
        }),
      );
      reply.code(201);
      return { data: setupIntentResource(intent) };
    },

    createPaymentMethod: async (request, reply) => {
      const { customer } = await requireCustomer(request, db, now());
      const body = request.body;
      if (!isSetupIntentId(body.setup_intent_id))
        throw invalid(
          'invalid_setup_intent',
          'Invalid setup intent',
          'setup_intent_id must be a setup intent id (it starts with seti_)',
          '/setup_intent_id',
        );
      assertProcessor(paymentGateway, body.payment_processor_name);
      const intent = await gatewayCall(() =>
        paymentGateway.retrieveSetupIntent(body.setup_intent_id),
      );
      if (!intent || intent.customerId !== customer.id)
        throw invalid(
          'setup_intent_not_found',
          'Setup intent not found',
          "We couldn't find this payment method setup. Please add your payment method again.",
          '/setup_intent_id',
        );
      if (intent.status !== 'succeeded' || !intent.paymentMethod)
        throw invalid(
          'setup_intent_incomplete',
          'Setup not complete',
          'This payment method setup has not succeeded yet. Confirm it, then try again.',
          '/setup_intent_id',
        );
      const method = intent.paymentMethod;
      if (method.type !== body.type)
        throw invalid(
          'payment_method_type_mismatch',
          'Wrong payment method type',
          `This setup saved a ${method.type === 'CreditCard' ? 'card' : 'wallet'}, not a ${body.type === 'CreditCard' ? 'card' : 'wallet'}`,
          '/type',
        );

      const saved = await db.transaction(async (tx) => {
        await lockCustomer(tx, customer.id);
        const [existing] = await tx
          .select({ n: count() })
          .from(paymentMethods)
          .where(and(eq(paymentMethods.customerId, customer.id), eq(paymentMethods.saved, true)));
        // One row per gateway method: the same seti_ (hence pm_) answers the same method.
        await tx
          .insert(paymentMethods)
          .values({
            customerId: customer.id,
            type: method.type,
            processor: paymentGateway.name,
            processorId: method.id,
            isDefault: (existing?.n ?? 0) === 0,
            last4: method.last4,
            brand: method.brand,
            expMonth: method.expMonth,
            expYear: method.expYear,
            email: method.email,
            fingerprint: method.fingerprint,
          })
          .onConflictDoNothing();
        const [row] = await tx
          .select()
          .from(paymentMethods)
          .where(
            and(
              eq(paymentMethods.processor, paymentGateway.name),
              eq(paymentMethods.processorId, method.id),
            ),
          );
        return row;
      });
      if (!saved || saved.customerId !== customer.id) throw new Error('payment method vanished');
      reply.code(201);
      return { data: paymentMethodResource(saved) };
    },

    setDefaultPaymentMethod: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const rows = await db.transaction(async (tx) => {
        await lockCustomer(tx, customer.id);
        const method = await ownedMethod(tx, customer.id, request.params.id);
        await tx
          .update(paymentMethods)
          .set({ isDefault: false })
          .where(and(eq(paymentMethods.customerId, customer.id), ne(paymentMethods.id, method.id)));
        await tx
          .update(paymentMethods)
          .set({ isDefault: true })
          .where(eq(paymentMethods.id, method.id));
        return savedMethodsOf(tx, customer.id);
      });
      return { data: rows.map(paymentMethodResource) };
    },

    deletePaymentMethod: async (request, reply) => {
      const { customer } = await requireCustomer(request, db, now());
      await removePaymentMethod(db, customer.id, request.params.id, now());
      reply.code(204);
      return undefined;
    },
  };
}
