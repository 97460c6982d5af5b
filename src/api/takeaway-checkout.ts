import type { components } from '../../openapi/schema';
import type {
  CheckoutFailure,
  PaymentChoice,
  PaymentGateway,
  PaymentOutcome,
  PlacedOrder,
  ReturnedPayment,
  SavedWallet,
} from '../../machines/checkout-shared/checkout-shared.types';
import { WALLET_PATHS } from '../flows/wallet-paths';
import { api, unwrap, type ApiClient } from './client';
import {
  createPayment,
  paymentAttemptKey,
  paymentDetails,
  saveWallet,
  startWalletSetup,
} from './payments';

/** The bank's 3-D Secure page returns to the payment step (TAKEAWAY_CHECKOUT_PATHS.payment). */
const TAKEAWAY_PAYMENT_PATH = '/pasta-now-checkout/payment';

const toPlacedOrder = ({ data }: { data: components['schemas']['OrderResource'] }) =>
  ({ id: data.id, totalPrice: data.attributes.total_price }) satisfies PlacedOrder;

/** GET orders/{id}: the order waiting for its payment. */
async function fetchPlacedOrder(orderId: string, client: ApiClient): Promise<PlacedOrder> {
  return toPlacedOrder(
    await unwrap(client.GET('/orders/{id}', { params: { path: { id: Number(orderId) } } })),
  );
}

/** POST orders/takeaway: the basket becomes an order waiting for its payment. */
export async function placeTakeawayOrder(
  basketId: string,
  client: ApiClient = api,
): Promise<PlacedOrder> {
  return toPlacedOrder(
    await unwrap(
      client.POST('/orders/takeaway', { body: { basket_id: basketId } }),
      'Failed while trying to create order',
    ),
  );
}

/**
 * POST payments for the order: with a saved method, or by the wallet's own page. A payment that
 * neither succeeded nor needs the customer is a decline, in the gateway's words.
 */
export async function payTakeawayOrder(
  input: {
    order: PlacedOrder;
    choice: PaymentChoice | null;
    attempt: number;
    gateway: PaymentGateway;
  },
  client: ApiClient = api,
): Promise<PaymentOutcome> {
  const { order, choice, attempt, gateway } = input;
  const method = choice?.kind === 'saved' ? choice.methodId : (choice?.kind ?? 'none');
  const body =
    choice?.kind === 'saved'
      ? { order_id: order.id, payment_method_id: choice.methodId }
      : {
          order_id: order.id,
          payment_method_type: 'PaypalAccount' as const,
          payment_processor_name: gateway.name,
          return_url: WALLET_PATHS.confirmation,
        };
  const payment = await createPayment(
    { return_url: TAKEAWAY_PAYMENT_PATH, ...body },
    paymentAttemptKey('takeaway', order.id, method, attempt),
    client,
  );
  const { state, action_url: actionUrl, failure_message: message } = payment;
  if (state === 'succeeded') return { status: 'succeeded', order };
  if (state === 'requires_action' && actionUrl) return { status: 'requires_action', actionUrl };
  throw { status: 402, message: message ?? undefined } satisfies CheckoutFailure;
}

/** Sends the customer to save a wallet; its page returns to the order's set-up confirmation. */
export function setupTakeawayWallet(
  input: { order: PlacedOrder; gateway: PaymentGateway },
  client: ApiClient = api,
): Promise<{ actionUrl: string }> {
  return startWalletSetup(
    input.gateway,
    `${WALLET_PATHS.setupConfirmation}?order_id=${input.order.id}`,
    client,
  );
}

/** Back from the bank's or the wallet's page: how the payment ended and its order. */
export async function confirmTakeawayPayment(
  paymentId: string,
  client: ApiClient = api,
): Promise<ReturnedPayment> {
  const { status, orderId, message } = await paymentDetails(paymentId, client);
  return { status, order: await fetchPlacedOrder(orderId, client), message };
}

/** Back from the wallet's set-up page: the wallet saved, unless the customer cancelled there. */
export async function saveTakeawayWallet(
  input: { setupIntentId: string; orderId: string; cancelled: boolean },
  client: ApiClient = api,
): Promise<SavedWallet> {
  const order = await fetchPlacedOrder(input.orderId, client);
  if (input.cancelled) return { order, method: null, cancelled: true };
  return { order, method: await saveWallet(input.setupIntentId, client), cancelled: false };
}
