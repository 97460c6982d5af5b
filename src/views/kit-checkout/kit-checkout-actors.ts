import { fromPromise } from 'xstate';
import { checkoutCall } from '../checkout-shared/checkout-call';
import { paymentGateway, saveNewCard, toPaymentMethod } from '../checkout-shared/payment-calls';
import { kitCheckoutMachine } from '../../../machines/kit-checkout/kit-checkout.machine';
import type {
  CheckoutAddress,
  CheckoutFailure,
  KitBasket,
  PlacedKitOrder,
  SavedAddress,
} from '../../../machines/kit-checkout/kit-checkout.types';
import { signInWithPassword, signUpCustomer } from '../../api/accounts';
import { api, unwrap } from '../../api/client';
import { weekStart } from '../../../domain/weeks';
import { reportError } from '../../analytics/report-error';
import {
  deliveryDateOptions,
  deliveryWindowEnd,
  firstDeliveryDate,
  resolveDeliveryDate,
} from '../../../domain/delivery-dates';
import { normaliseUkPhone } from '../../../domain/phone';
import { parseUkPostcode } from '../../../domain/postcode';

type AddressResource = {
  id: string;
  attributes: {
    first_name: string;
    last_name: string;
    phone: string | null;
    address1: string;
    address2: string | null;
    city: string;
    zip: string;
    is_default: boolean;
  };
};
const toAddress = ({ id, attributes: a }: AddressResource): SavedAddress => ({
  id,
  firstName: a.first_name,
  lastName: a.last_name,
  phone: a.phone,
  address1: a.address1,
  address2: a.address2,
  city: a.city,
  zip: a.zip,
  isDefault: a.is_default,
});

const addressBody = (address: CheckoutAddress) => ({
  first_name: address.firstName.trim(),
  last_name: address.lastName.trim(),
  phone: normaliseUkPhone(address.phone) ?? address.phone,
  address1: address.address1.trim(),
  address2: address.address2.trim() || null,
  city: address.city.trim(),
  zip: parseUkPostcode(address.zip) ?? address.zip,
  country_code: 'GB' as const,
});

/** The recipe-kit basket with its variants, and whether it meets its minimums (validate). */
async function currentKitBasket(): Promise<KitBasket | null> {
  const list = await unwrap(api.GET('/baskets'));
  const found = list.data.find((basket) => basket.attributes.basket_type === 'RecipeKitBasket');
  if (!found) return null;
  const { data, included, meta } = await unwrap(
    api.GET('/baskets/{id}', { params: { path: { id: found.id } } }),
  );
  const valid = await api
    .GET('/baskets/{id}/validate', {
      params: { path: { id: data.id }, query: { validate_fully: true } },
    })
    .then(({ response }) => response.ok);
  const a = data.attributes;
  return {
    id: data.id,
    itemCount: a.item_ids.length,
    valid,
    totalPrice: a.total_price,
    startSubscription: a.start_subscription,
    frequency: a.frequency,
    deliveryDate: a.delivery_date,
    deliveryNote: a.delivery_note,
    variantIds: [...new Set(included.map((item) => item.attributes.product_variant_id))],
    requestCard: meta.request_card,
  };
}

type OrderBody = {
  data: {
    id: string;
    attributes: {
      delivery_date: string | null;
      total_price: number;
      store_credit?: number;
      amount_to_charge?: number;
    };
  };
  meta?: {
    subscription_id: string | null;
    payment: { id: string; state: string; action_url: string | null } | null;
  };
};
const toKitOrder = (body: OrderBody, frequency: number | null): PlacedKitOrder => ({
  id: body.data.id,
  deliveryDate: body.data.attributes.delivery_date,
  totalPrice: body.data.attributes.total_price,
  storeCredit: body.data.attributes.store_credit ?? 0,
  amountCharged: body.data.attributes.amount_to_charge ?? body.data.attributes.total_price,
  subscriptionId: body.meta?.subscription_id ?? null,
  frequency: body.meta?.subscription_id ? frequency : null,
});

/** Kept across the bank's 3-D Secure page, so the confirmation can name the frequency. */
const FREQUENCY_KEY = 'sfoglia.kit-checkout.frequency';

/** The kit checkout wired to the real API. */
export const liveKitCheckoutMachine = kitCheckoutMachine.provide({
  actors: {
    loadBasket: fromPromise(() => checkoutCall(currentKitBasket)),
    signIn: fromPromise(({ input }) => checkoutCall(() => signInWithPassword(input))),
    signUp: fromPromise(({ input }) => checkoutCall(() => signUpCustomer(input))),
    loadAddresses: fromPromise(() =>
      checkoutCall(async () => (await unwrap(api.GET('/addresses'))).data.map(toAddress)),
    ),
    saveAddress: fromPromise(({ input }) =>
      checkoutCall(async () =>
        toAddress(
          (
            await unwrap(
              api.POST('/addresses', { body: { ...addressBody(input), is_default: true } }),
            )
          ).data,
        ),
      ),
    ),
    saveBillingAddress: fromPromise(({ input }) =>
      checkoutCall(async () =>
        toAddress((await unwrap(api.POST('/addresses', { body: addressBody(input) }))).data),
      ),
    ),
    loadInstructions: fromPromise(({ input }) =>
      checkoutCall(async () => {
        const postcode = input.address?.zip ?? '';
        const begin = firstDeliveryDate(new Date());
        const [instructions, dates, constraints] = await Promise.all([
          unwrap(api.GET('/session_client/courier_delivery_instructions')),
          unwrap(
            api.POST('/session_client/delivery_dates', { body: { postcode, begin_date: begin } }),
          ),
          unwrap(
            api.POST('/session_client/constraints', {
              body: {
                postcode,
                begin_date: begin,
                end_date: deliveryWindowEnd(begin),
                product_variant_ids: input.basket.variantIds,
              },
            }),
          ),
        ]);
        const first = dates.data[0]?.attributes.date ?? begin;
        const unavailable = [
          ...constraints.data.attributes.unavailable_dates,
          ...dates.data.filter((d) => !d.attributes.available).map((d) => d.attributes.date),
        ];
        const window = deliveryDateOptions(
          first,
          unavailable,
          constraints.data.attributes.unavailable_products,
          input.basket.variantIds,
        );
        // The box's dishes are its week's menu: it is delivered within that week.
        const boxWeek = input.basket.deliveryDate && weekStart(input.basket.deliveryDate);
        const inBoxWeek = window.filter((option) => option.weekStart === boxWeek);
        const options = inBoxWeek.some((option) => !option.disabled) ? inBoxWeek : window;
        return {
          courierInstructions: instructions.data.map((i) => i.attributes.label),
          dates: options,
          deliveryDate: resolveDeliveryDate(input.basket.deliveryDate, options) ?? null,
        };
      }),
    ),
    saveInstructions: fromPromise(({ input }) =>
      checkoutCall(async () => {
        await unwrap(
          api.PUT('/baskets/{id}', {
            params: { path: { id: input.basket.id } },
            body: {
              delivery_date: input.instructions.deliveryDate,
              delivery_note: input.instructions.note.trim() || null,
            },
          }),
        );
        return (await currentKitBasket()) ?? input.basket;
      }),
    ),
    loadPayment: fromPromise(({ input }) =>
      checkoutCall(async () => {
        const [preview, methods, gateway] = await Promise.all([
          unwrap(api.POST('/preview_order', { body: { basket_id: input.basketId } })),
          unwrap(api.GET('/payment_methods')),
          paymentGateway(),
        ]);
        const p = preview.data.attributes;
        return {
          preview: {
            subtotal: p.subtotal,
            delivery: p.delivery,
            discount: p.discount,
            storeCredit: p.store_credit,
            total: p.total,
            amountToCharge: p.amount_to_charge,
            requestCard: p.request_card,
            likelyCardCharge: p.likely_card_charge,
          },
          methods: methods.data.map(toPaymentMethod),
          gateway,
        };
      }),
    ),
    saveCard: fromPromise(({ input }) =>
      checkoutCall(async () => {
        if (input.choice?.kind !== 'newCard') throw { status: 0 };
        return saveNewCard(input.choice.card, input.gateway);
      }),
    ),
    placeOrder: fromPromise(({ input }) =>
      checkoutCall(async () => {
        const { data, error, response } = await api.POST('/orders/recipe_kits', {
          body: {
            basket_id: input.basketId,
            payment_method_id: input.paymentMethodId,
            shipping_address_id: input.shippingAddressId,
            billing_address_id: input.billingAddressId,
            delivery_note: input.deliveryNote,
            courier_instruction: input.courierInstruction,
          },
        });
        if (!data) {
          // 402: the bank's words and whether the card may be tried again.
          const first = (
            error as
              | {
                  errors?: {
                    detail?: string;
                    title?: string;
                    meta?: { hard_decline?: boolean };
                  }[];
                }
              | undefined
          )?.errors?.[0];
          throw {
            status: response.status,
            message: first?.detail ?? first?.title,
            hardDecline: first?.meta?.hard_decline === true,
          } satisfies CheckoutFailure;
        }
        const order = toKitOrder(data as OrderBody, input.frequency);
        const payment = (data as OrderBody).meta?.payment;
        if (response.status === 202 && payment?.action_url) {
          sessionStorage.setItem(FREQUENCY_KEY, String(input.frequency ?? ''));
          return { status: 'requires_action' as const, actionUrl: payment.action_url };
        }
        return { status: 'succeeded' as const, order };
      }),
    ),
    confirmPayment: fromPromise(({ input }) =>
      checkoutCall(async () => {
        const payment = await unwrap(
          api.GET('/payment_details/{id}', { params: { path: { id: input.paymentId } } }),
        );
        const { state, order_id: orderId, failure_message: message } = payment.data.attributes;
        const body = await unwrap(
          api.GET('/orders/{id}', { params: { path: { id: Number(orderId) } } }),
        );
        const frequency = Number(sessionStorage.getItem(FREQUENCY_KEY)) || null;
        const subscriptionId = (
          body.data.attributes as { subscription_id?: string | number | null }
        ).subscription_id;
        return {
          status:
            state === 'succeeded'
              ? ('succeeded' as const)
              : state === 'failed'
                ? ('failed' as const)
                : ('pending' as const),
          order: {
            ...toKitOrder(body as OrderBody, frequency),
            subscriptionId: subscriptionId ? String(subscriptionId) : null,
            frequency: subscriptionId ? frequency : null,
          },
          message,
        };
      }),
    ),
  },
  actions: {
    openActionUrl: (_, url: string) => window.location.assign(url),
    // Spec section 8: a failed kit order is reported to error tracking.
    reportOrderFailure: (_, failure: CheckoutFailure) =>
      reportError('Something went wrong!', { status: failure.status, flow: 'kit-checkout' }),
  },
});
