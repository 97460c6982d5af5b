import { and, asc, count, eq, ne } from 'drizzle-orm';
import { isSetupIntentId } from '../../../domain/payment';
import { safeReturnTo } from '../../../domain/return-to';
import type { Queryable } from '../../db/database';
import { customers, paymentMethods } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { ApiError, notFound } from '../../http/jsonapi';
import { GatewayUnavailableError, type PaymentGateway } from '../../services/payments/gateway';
import {
  gatewayCustomer,
  gatewayUnavailable,
  type PaymentMethodRow,
} from '../../services/payments/payment-service';
import { requireCustomer } from '../../services/sessions';
import type { Deps } from '../../deps';
import { paymentMethodResource, setupIntentResource } from './payment-method-resource';

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

const listOf = (db: Queryable, customerId: number) =>
  db
    .select()
    .from(paymentMethods)
    // Product rule R11.5: a card not kept after a declined first payment is not listed.
    .where(and(eq(paymentMethods.customerId, customerId), eq(paymentMethods.saved, true)))
    .orderBy(asc(paymentMethods.id));

/** Locks the customer's row: changes to their methods (and which is default) happen one at a time. */
async function lockCustomer(tx: Queryable, customerId: number) {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
}

async function ownedMethod(
  tx: Queryable,
  customerId: number,
  id: string,
): Promise<PaymentMethodRow> {
  const methodId = Number(id);
  if (!Number.isSafeInteger(methodId) || methodId < 1) throw notFound('Payment method');
  const [row] = await tx
    .select()
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, methodId),
        eq(paymentMethods.customerId, customerId),
        eq(paymentMethods.saved, true),
      ),
    );
  if (!row) throw notFound('Payment method');
  return row;
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
      return { data: (await listOf(db, customer.id)).map(paymentMethodResource) };
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
        return listOf(tx, customer.id);
      });
      return { data: rows.map(paymentMethodResource) };
    },

    deletePaymentMethod: async (request, reply) => {
      const { customer } = await requireCustomer(request, db, now());
      await db.transaction(async (tx) => {
        await lockCustomer(tx, customer.id);
        const method = await ownedMethod(tx, customer.id, request.params.id);
        if (method.isDefault) {
          const [others] = await tx
            .select({ n: count() })
            .from(paymentMethods)
            .where(
              and(
                eq(paymentMethods.customerId, customer.id),
                ne(paymentMethods.id, method.id),
                eq(paymentMethods.saved, true),
              ),
            );
          // Product rule R11.4: the default stays while others exist.
          if ((others?.n ?? 0) > 0)
            throw new ApiError(400, 'default_payment_method', 'Default payment method', {
              detail:
                'You cannot remove your default payment method while you have others. Make another one the default first.',
            });
        }
        await tx.delete(paymentMethods).where(eq(paymentMethods.id, method.id));
      });
      reply.code(204);
      return undefined;
    },
  };
}
