import { fromPromise } from 'xstate';
import { checkoutCall } from '../checkout-shared/checkout-call';
import { paymentGateway, saveNewCard, toPaymentMethod } from '../checkout-shared/payment-calls';
import { takeawayCheckoutMachine } from '../../../machines/takeaway-checkout/takeaway-checkout.machine';
import type {
  CheckoutFailure,
  PaymentChoice,
  PlacedOrder,
} from '../../../machines/checkout-shared/checkout-shared.types';
import type { TakeawayCheckoutBasket } from '../../../machines/takeaway-checkout/takeaway-checkout.types';
import { signInWithPassword, signUpCustomer } from '../../api/accounts';
import { api, unwrap } from '../../api/client';
import { toEntity } from '../../api/json-api';
import type { Basket } from '../../api/types';
import { withAccountContact } from '../../../domain/checkout';
import { WALLET_PATHS } from '../../flows/wallet-paths';
import { normaliseUkPhone } from '../../../domain/phone';
import { parseUkPostcode } from '../../../domain/postcode';

type BasketBody = { data: Parameters<typeof toEntity>[0] & { id: string } };

function toTakeawayCheckoutBasket(body: BasketBody): TakeawayCheckoutBasket {
  const basket = toEntity(body.data) as Basket;
  return {
    id: basket.id,
    fulfillmentType: basket.fulfillmentType,
    itemCount: basket.itemIds.length,
    totalPrice: basket.totalPrice,
    address: basket.address
      ? {
          firstName: basket.address.firstName ?? '',
          lastName: basket.address.lastName ?? '',
          phone: basket.address.phone ?? '',
          address1: basket.address.address1,
          address2: basket.address.address2 ?? '',
          city: basket.address.city,
          zip: basket.address.zip,
          lat: basket.address.lat ?? null,
          lon: basket.address.lon ?? null,
        }
      : null,
    deliveryNote: basket.deliveryNote ?? null,
  };
}

const toOrder = (body: { data: { id: string; attributes: { total_price: number } } }) =>
  ({ id: body.data.id, totalPrice: body.data.attributes.total_price }) satisfies PlacedOrder;

async function currentBasket(): Promise<TakeawayCheckoutBasket | null> {
  const list = await unwrap(api.GET('/baskets'));
  const resource = list.data.find((basket) => basket.attributes.basket_type === 'TakeawayBasket');
  return resource ? toTakeawayCheckoutBasket({ data: resource }) : null;
}

/**
 * A payment attempt's key: a retried request repeats it, a new attempt (after a decline) does not.
 * The page's own random part keeps keys unique at the gateway even when order ids repeat (a
 * database reset); the server also namespaces them by customer.
 */
const pageNonce = crypto.randomUUID();
const idempotencyKey = (orderId: string, choice: PaymentChoice | null, attempt: number) =>
  `takeaway-${orderId}-${pageNonce}-${choice?.kind === 'saved' ? choice.methodId : (choice?.kind ?? 'none')}-${attempt}`;

async function readOrder(orderId: string): Promise<PlacedOrder> {
  return toOrder(
    await unwrap(api.GET('/orders/{id}', { params: { path: { id: Number(orderId) } } })),
  );
}

/** The takeaway checkout wired to the real API; `openActionUrl` leaves for the bank or wallet page. */
export const liveTakeawayCheckoutMachine = takeawayCheckoutMachine.provide({
  actors: {
    loadBasket: fromPromise(() => checkoutCall(currentBasket)),
    // The whole customer, so the session can keep it (the machine reads the names).
    signIn: fromPromise(({ input }) => checkoutCall(() => signInWithPassword(input))),
    signUp: fromPromise(({ input }) => checkoutCall(() => signUpCustomer(input))),
    saveAddress: fromPromise(({ input }) =>
      checkoutCall(async () => {
        const { address } = input;
        const zip = parseUkPostcode(address.zip) ?? address.zip;
        const previous = await currentBasket();
        let { lat, lon } = address;
        // A new postcode needs its coordinates, for the rider and the delivery estimate.
        if (previous?.address?.zip !== zip || lat === null || lon === null) {
          const found = await unwrap(
            api.GET('/postcodes/{postcode}', { params: { path: { postcode: zip } } }),
            `Can't find lat/long for postcode ${zip}`,
          );
          ({ lat, lon } = found.data.attributes);
        }
        return toTakeawayCheckoutBasket(
          await unwrap(
            api.PUT('/baskets/{id}', {
              params: { path: { id: input.basketId } },
              body: {
                address: {
                  first_name: address.firstName.trim(),
                  last_name: address.lastName.trim(),
                  phone: normaliseUkPhone(address.phone) ?? address.phone,
                  address1: address.address1.trim(),
                  address2: address.address2.trim() || null,
                  city: address.city.trim(),
                  zip,
                  lat,
                  lon,
                  country: 'United Kingdom',
                  country_code: 'GB',
                },
              },
            }),
          ),
        );
      }),
    ),
    saveInstructions: fromPromise(({ input }) =>
      checkoutCall(async () => {
        const { basket, customer, note } = input;
        // Names and phone known from the account go on the delivery address for the rider.
        const address =
          basket.fulfillmentType === 'delivery'
            ? withAccountContact(basket.address, customer)
            : null;
        const saved = await unwrap(
          api.PUT('/baskets/{id}', {
            params: { path: { id: basket.id } },
            body: {
              delivery_note: note.trim() || null,
              ...(address && {
                address: {
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
                },
              }),
            },
          }),
        );
        await unwrap(
          api.GET('/baskets/{id}/validate', {
            params: { path: { id: basket.id }, query: { validate_fully: true } },
          }),
          "Couldn't validate basket",
        );
        return toTakeawayCheckoutBasket(saved);
      }),
    ),
    loadPaymentMethods: fromPromise(() =>
      checkoutCall(async () => {
        const [methods, gateway] = await Promise.all([
          unwrap(api.GET('/payment_methods')),
          paymentGateway(),
        ]);
        return { methods: methods.data.map(toPaymentMethod), gateway };
      }),
    ),
    saveCard: fromPromise(({ input }) =>
      checkoutCall(async () => {
        if (input.choice?.kind !== 'newCard') throw { status: 0 };
        return saveNewCard(input.choice.card, input.gateway);
      }),
    ),
    placeOrder: fromPromise(({ input }) =>
      checkoutCall(async () =>
        toOrder(
          await unwrap(
            api.POST('/orders/takeaway', { body: { basket_id: input.basketId } }),
            'Failed while trying to create order',
          ),
        ),
      ),
    ),
    pay: fromPromise(({ input }) =>
      checkoutCall(async () => {
        const { order, choice, attempt, gateway } = input;
        const body =
          choice?.kind === 'saved'
            ? { order_id: order.id, payment_method_id: choice.methodId }
            : {
                order_id: order.id,
                payment_method_type: 'PaypalAccount' as const,
                payment_processor_name: gateway.name,
                return_url: WALLET_PATHS.confirmation,
              };
        const payment = await unwrap(
          api.POST('/payments', {
            params: { header: { 'Idempotency-Key': idempotencyKey(order.id, choice, attempt) } },
            body: { return_url: '/pasta-now-checkout/payment', ...body },
          }),
        );
        const { state, action_url: actionUrl, failure_message: message } = payment.data.attributes;
        if (state === 'succeeded') return { status: 'succeeded' as const, order };
        if (state === 'requires_action' && actionUrl)
          return { status: 'requires_action' as const, actionUrl };
        throw { status: 402, message: message ?? undefined } satisfies CheckoutFailure;
      }),
    ),
    setupWallet: fromPromise(({ input }) =>
      checkoutCall(async () => {
        const setup = await unwrap(
          api.POST('/payment_methods/setup', {
            body: {
              type: 'PaypalAccount',
              payment_processor_name: input.gateway.name,
              return_url: `${WALLET_PATHS.setupConfirmation}?order_id=${input.order.id}`,
            },
          }),
          'Request failed',
        );
        const actionUrl = setup.data.attributes.action_url;
        if (!actionUrl) throw { status: 0 } satisfies CheckoutFailure;
        return { actionUrl };
      }),
    ),
    confirmPayment: fromPromise(({ input }) =>
      checkoutCall(async () => {
        const payment = await unwrap(
          api.GET('/payment_details/{id}', { params: { path: { id: input.paymentId } } }),
        );
        const { state, order_id: orderId, failure_message: message } = payment.data.attributes;
        return {
          status:
            state === 'succeeded'
              ? ('succeeded' as const)
              : state === 'failed'
                ? ('failed' as const)
                : ('pending' as const),
          order: await readOrder(orderId),
          message,
        };
      }),
    ),
    saveWallet: fromPromise(({ input }) =>
      checkoutCall(async () => {
        const order = await readOrder(input.orderId);
        if (input.cancelled) return { order, method: null, cancelled: true };
        const saved = await unwrap(
          api.POST('/payment_methods', {
            body: {
              setup_intent_id: input.setupIntentId,
              payment_processor_name: (await paymentGateway()).name,
              type: 'PaypalAccount',
            },
          }),
          'Request failed',
        );
        return { order, method: toPaymentMethod(saved.data), cancelled: false };
      }),
    ),
  },
  actions: {
    openActionUrl: (_, url: string) => window.location.assign(url),
  },
});
