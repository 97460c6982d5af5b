import type { components } from '../../openapi/schema';
import type { CheckoutCustomer } from '../../machines/checkout-shared/checkout-shared';
import type {
  CheckoutAddress,
  CheckoutFailure,
  PaymentChoice,
  PaymentGateway,
  PaymentOutcome,
  PlacedOrder,
  ReturnedPayment,
  SavedWallet,
} from '../../machines/checkout-shared/checkout-shared.types';
import type { TakeawayCheckoutBasket } from '../../machines/takeaway-checkout/takeaway-checkout.types';
import { withAccountContact } from '../../domain/checkout';
import { normaliseUkPhone } from '../../domain/phone';
import { parseUkPostcode } from '../../domain/postcode';
import { WALLET_PATHS } from '../flows/wallet-paths';
import type { BasketDocument } from './basket-calls';
import { api, unwrap, type ApiClient } from './client';
import { orderSummaryOf } from './order-summary';
import {
  createPayment,
  paymentAttemptKey,
  paymentDetails,
  saveWallet,
  startWalletSetup,
} from './payments';

function toTakeawayCheckoutBasket(
  document: Pick<BasketDocument, 'data' | 'included'>,
): TakeawayCheckoutBasket {
  const { id, attributes: a } = document.data;
  const address = a.address;
  return {
    id,
    summary: orderSummaryOf(document),
    fulfillmentType: a.fulfillment_type,
    itemCount: a.item_ids.length,
    totalPrice: a.total_price,
    address: address
      ? {
          firstName: address.first_name ?? '',
          lastName: address.last_name ?? '',
          phone: address.phone ?? '',
          address1: address.address1,
          address2: address.address2 ?? '',
          city: address.city,
          zip: address.zip,
          lat: address.lat ?? null,
          lon: address.lon ?? null,
        }
      : null,
    deliveryNote: a.delivery_note ?? null,
  };
}

/** The takeaway basket as the checkout needs it, or null when there is none. */
export async function currentTakeawayBasket(
  client: ApiClient = api,
): Promise<TakeawayCheckoutBasket | null> {
  const list = await unwrap(client.GET('/baskets'));
  const found = list.data.find((basket) => basket.attributes.basket_type === 'TakeawayBasket');
  if (!found) return null;
  // The list answers every basket with its items: the order summary (product rule R5.8) is built
  // from this basket's lines and their extras, with no second request (product rule R5.12).
  const lines = new Set(found.attributes.item_ids);
  const included = list.included.filter(
    (item) =>
      lines.has(item.id) || (item.attributes.parent !== null && lines.has(item.attributes.parent)),
  );
  return toTakeawayCheckoutBasket({ data: found, included });
}

/** The delivery address as the basket stores it: a UK address, for the rider. */
const toBasketAddress = (address: Partial<CheckoutAddress>) =>
  ({
    first_name: address.firstName ?? null,
    last_name: address.lastName ?? null,
    phone: address.phone ?? null,
    address1: address.address1 ?? '',
    address2: address.address2 || null,
    city: address.city ?? '',
    zip: address.zip ?? '',
    lat: address.lat ?? null,
    lon: address.lon ?? null,
    country: 'United Kingdom',
    country_code: 'GB',
  }) satisfies components['schemas']['BasketAddress'];

/** PUT the takeaway basket's delivery address, with the coordinates of a new postcode. */
export async function saveTakeawayAddress(
  basketId: string,
  address: CheckoutAddress,
  client: ApiClient = api,
): Promise<TakeawayCheckoutBasket> {
  const zip = parseUkPostcode(address.zip) ?? address.zip;
  const previous = await currentTakeawayBasket(client);
  let { lat, lon } = address;
  // A new postcode needs its coordinates, for the rider and the delivery estimate.
  if (previous?.address?.zip !== zip || lat === null || lon === null) {
    const found = await unwrap(
      client.GET('/postcodes/{postcode}', { params: { path: { postcode: zip } } }),
      `Can't find lat/long for postcode ${zip}`,
    );
    ({ lat, lon } = found.data.attributes);
  }
  const saved = await unwrap(
    client.PUT('/baskets/{id}', {
      params: { path: { id: basketId } },
      body: {
        address: toBasketAddress({
          firstName: address.firstName.trim(),
          lastName: address.lastName.trim(),
          phone: normaliseUkPhone(address.phone) ?? address.phone,
          address1: address.address1.trim(),
          address2: address.address2.trim(),
          city: address.city.trim(),
          zip,
          lat,
          lon,
        }),
      },
    }),
  );
  return toTakeawayCheckoutBasket(saved);
}

/** PUT the note (and, for delivery, the account's names on the address), then validate fully. */
export async function saveTakeawayInstructions(
  input: { basket: TakeawayCheckoutBasket; customer: CheckoutCustomer | null; note: string },
  client: ApiClient = api,
): Promise<TakeawayCheckoutBasket> {
  const { basket, customer, note } = input;
  // Names and phone known from the account go on the delivery address for the rider.
  const address =
    basket.fulfillmentType === 'delivery' ? withAccountContact(basket.address, customer) : null;
  const saved = await unwrap(
    client.PUT('/baskets/{id}', {
      params: { path: { id: basket.id } },
      body: {
        delivery_note: note.trim() || null,
        ...(address && { address: toBasketAddress(address) }),
      },
    }),
  );
  await unwrap(
    client.GET('/baskets/{id}/validate', {
      params: { path: { id: basket.id }, query: { validate_fully: true } },
    }),
    "Couldn't validate basket",
  );
  return toTakeawayCheckoutBasket(saved);
}

/** The bank's 3-D Secure page returns to the payment step (TAKEAWAY_CHECKOUT_PATHS.payment). */
const TAKEAWAY_PAYMENT_PATH = '/pasta-now-checkout/payment';

const toPlacedOrder = ({ data }: { data: components['schemas']['OrderResource'] }) =>
  ({
    id: data.id,
    reference: data.attributes.reference,
    totalPrice: data.attributes.total_price,
  }) satisfies PlacedOrder;

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
