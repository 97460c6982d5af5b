import type {
  ListedPaymentMethod,
  MethodsData,
  MethodsFailure,
  SaveCardInput,
} from '../../machines/payment-methods/payment-methods.types';
import type { components } from '../../openapi/schema';
import { PAYMENT_METHOD_MESSAGES } from '../../domain/payment-methods';
import { api, unwrap } from './client';
import { isApiRequestError } from './api-error';
import { paymentGateway, saveNewCard } from './payments';

type Schemas = components['schemas'];

const methodOf = ({
  id,
  attributes: a,
}: Schemas['PaymentMethodResource']): ListedPaymentMethod => ({
  id,
  type: a.payment_method_type,
  brand: a.brand,
  last4: a.last4,
  expMonth: a.exp_month,
  expYear: a.exp_year,
  email: a.email,
  isDefault: a.default,
});

/** GET payment_methods, GET subscriptions and the gateway: what the machine shows. */
export async function loadPaymentMethods(): Promise<MethodsData> {
  const [methods, subscriptions, gateway] = await Promise.all([
    unwrap(api.GET('/payment_methods')),
    unwrap(api.GET('/subscriptions')),
    paymentGateway(),
  ]);
  return {
    methods: methods.data.map(methodOf),
    plans: subscriptions.data.map(({ id, attributes: a }) => ({
      id,
      name: a.name,
      state: a.state,
      paymentMethodId: a.payment_method_id,
    })),
    gateway,
  };
}

/** A call, then everything read again; a failure as the machine reads it (the server's words). */
async function thenReload(work: () => Promise<unknown>): Promise<MethodsData> {
  try {
    await work();
  } catch (error) {
    throw (
      isApiRequestError(error)
        ? { status: error.status, message: error.serverMessage ?? error.message }
        : { status: 0, message: null }
    ) satisfies MethodsFailure;
  }
  return loadPaymentMethods();
}

export const deletePaymentMethod = (methodId: string) =>
  thenReload(() =>
    unwrap(api.DELETE('/payment_methods/{id}', { params: { path: { id: methodId } } })),
  );

export const makeDefaultPaymentMethod = (methodId: string) =>
  thenReload(() =>
    unwrap(api.POST('/payment_methods/{id}/default', { params: { path: { id: methodId } } })),
  );

/** The gateway's setup flow; 'Request failed' when it fails (spec). */
export const saveCard = ({ card, gateway }: SaveCardInput) =>
  thenReload(async () => {
    if (!card) throw new Error(PAYMENT_METHOD_MESSAGES.setupFailed);
    await saveNewCard(card, gateway);
  });

export const changePlanPaymentMethod = (planId: string, methodId: string) =>
  thenReload(() =>
    unwrap(
      api.POST('/subscriptions/change_payment_method', {
        body: { subscription_id: planId, payment_method_id: methodId },
      }),
    ),
  );
