import type { components } from '../../openapi/schema';
import type {
  DeliveryInstructionOptions,
  DeliveryInstructions,
  KitBasket,
  KitOrderOutcome,
  KitPaymentOptions,
  PlaceKitOrderInput,
  PlacedKitOrder,
  ReturnedKitPayment,
  SavedAddress,
} from '../../machines/kit-checkout/kit-checkout.types';
import {
  boxWeekDateOptions,
  boxWeekDays,
  deliveryDateOptions,
  deliveryWindowEnd,
  firstDeliveryDate,
  resolveDeliveryDate,
} from '../../domain/delivery-dates';
import { boxTotalPence, deliveryFeePence } from '../../domain/delivery-fee';
import { api, unwrap, type ApiClient } from './client';
import { orderSummaryOf } from './order-summary';
import { paymentDetails, paymentOptions } from './payments';

type OrderDocument = components['schemas']['OrderDocument'];

/** The recipe-kit basket with its variants, and whether it meets its minimums (validate). */
export async function currentKitBasket(client: ApiClient = api): Promise<KitBasket | null> {
  const list = await unwrap(client.GET('/baskets'));
  const found = list.data.find((basket) => basket.attributes.basket_type === 'RecipeKitBasket');
  if (!found) return null;
  const document = await unwrap(
    client.GET('/baskets/{id}', { params: { path: { id: found.id } } }),
  );
  const valid = await client
    .GET('/baskets/{id}/validate', {
      params: { path: { id: found.id }, query: { validate_fully: true } },
    })
    .then(({ response }) => response.ok);
  const { data, included, meta } = document;
  const a = data.attributes;
  const firstWeek = meta.weeks?.[0];
  return {
    id: data.id,
    summary: orderSummaryOf(document),
    itemCount: a.item_ids.length,
    valid,
    totalPrice: a.total_price,
    startSubscription: a.start_subscription,
    frequency: a.frequency,
    deliveryDate: a.delivery_date,
    deliveryNote: a.delivery_note,
    variantIds: [...new Set(included.map((item) => item.attributes.product_variant_id))],
    requestCard: meta.request_card,
    firstBox: firstWeek
      ? {
          mealWeek: firstWeek.meal_week,
          subtotal: firstWeek.food_subtotal + firstWeek.addons_subtotal,
          discount: firstWeek.discount,
        }
      : null,
  };
}

/** PUT the kit basket's delivery date and note, then the basket as it now stands. */
export async function saveKitInstructions(
  basket: KitBasket,
  instructions: DeliveryInstructions,
  client: ApiClient = api,
): Promise<KitBasket> {
  await unwrap(
    client.PUT('/baskets/{id}', {
      params: { path: { id: basket.id } },
      body: {
        delivery_date: instructions.deliveryDate,
        delivery_note: instructions.note.trim() || null,
      },
    }),
  );
  return (await currentKitBasket(client)) ?? basket;
}

/**
 * The instructions step's choices for the box going to `address`: the courier's instructions
 * and the dates the courier and the box's products allow, from the first deliverable day.
 */
export async function loadDeliveryOptions(
  input: { basket: KitBasket; address: SavedAddress | null },
  client: ApiClient = api,
  now = new Date(),
): Promise<DeliveryInstructionOptions> {
  const postcode = input.address?.zip ?? '';
  const begin = firstDeliveryDate(now);
  const [instructions, dates, constraints, fees] = await Promise.all([
    unwrap(client.GET('/session_client/courier_delivery_instructions')),
    unwrap(
      client.POST('/session_client/delivery_dates', { body: { postcode, begin_date: begin } }),
    ),
    unwrap(
      client.POST('/session_client/constraints', {
        body: {
          postcode,
          begin_date: begin,
          end_date: deliveryWindowEnd(begin),
          product_variant_ids: input.basket.variantIds,
        },
      }),
    ),
    unwrap(client.GET('/delivery_fee_config')),
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
  const box = input.basket.firstBox;
  const options = boxWeekDateOptions(window, input.basket.deliveryDate ?? box?.mealWeek ?? null);
  const rules = fees.data.map(({ attributes: fee }) => ({
    weekDay: fee.week_day.index,
    pricePence: Math.round(fee.price * 100),
    thresholdPence: fee.threshold === null ? null : Math.round(fee.threshold * 100),
  }));
  const pence = (pounds: number) => Math.round(pounds * 100);
  // Product rule R8.9: the fee and total the payment step will show for the day, priced here.
  const days = boxWeekDays(options[0]?.weekStart ?? box?.mealWeek ?? '', options).map((day) => {
    const feePence = deliveryFeePence(rules, day.date, pence(box?.subtotal ?? 0));
    const totalPence = boxTotalPence(
      pence(box?.subtotal ?? 0),
      pence(box?.discount ?? 0),
      feePence,
    );
    return { ...day, fee: feePence / 100, total: totalPence / 100 };
  });
  return {
    courierInstructions: instructions.data.map((i) => i.attributes.label),
    dates: options,
    days,
    deliveryDate: resolveDeliveryDate(input.basket.deliveryDate, options) ?? null,
  };
}

/** The payment step: the order's preview (POST preview_order), saved methods and gateway. */
export async function loadKitPayment(
  basketId: string,
  client: ApiClient = api,
): Promise<KitPaymentOptions> {
  const [preview, options] = await Promise.all([
    unwrap(client.POST('/preview_order', { body: { basket_id: basketId } })),
    paymentOptions(client),
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
      recurring: p.recurring && {
        recipesPerBox: p.recurring.recipes_per_box,
        frequency: p.recurring.frequency,
        deliveryDay: p.recurring.delivery_day,
        pricePerBox: p.recurring.price_per_box,
        deliveryFee: p.recurring.delivery_fee,
        nextChargeAt: p.recurring.next_charge_at,
        nextDeliveryDate: p.recurring.next_delivery_date,
      },
    },
    ...options,
  };
}

/** An order as the kit checkout shows it; the frequency only for a subscription. */
function toKitOrder(
  { id, attributes: a }: OrderDocument['data'],
  subscriptionId: string | null,
  frequency: number | null,
): PlacedKitOrder {
  return {
    id,
    reference: a.reference,
    deliveryDate: a.delivery_date,
    totalPrice: a.total_price,
    storeCredit: a.store_credit ?? 0,
    amountCharged: a.amount_to_charge ?? a.total_price,
    subscriptionId,
    frequency: subscriptionId ? frequency : null,
  };
}

/**
 * POST orders/recipe_kits: the order, or the bank's page when the card needs the customer (202).
 * A decline is a 402 whose error says whether the card may be tried again.
 */
export async function placeKitOrder(
  input: PlaceKitOrderInput,
  client: ApiClient = api,
): Promise<KitOrderOutcome> {
  const call = client.POST('/orders/recipe_kits', {
    body: {
      basket_id: input.basketId,
      payment_method_id: input.paymentMethodId,
      shipping_address_id: input.shippingAddressId,
      billing_address_id: input.billingAddressId,
      delivery_note: input.deliveryNote,
      courier_instruction: input.courierInstruction,
    },
  });
  const body = await unwrap(call);
  const { response } = await call;
  const actionUrl = body.meta?.payment?.action_url;
  if (response.status === 202 && actionUrl) return { status: 'requires_action', actionUrl };
  const subscriptionId = body.meta?.subscription_id ?? null;
  return { status: 'succeeded', order: toKitOrder(body.data, subscriptionId, input.frequency) };
}

/** Back from the bank's page: how the payment ended and the order it paid for. */
export async function confirmKitPayment(
  paymentId: string,
  frequency: number | null,
  client: ApiClient = api,
): Promise<ReturnedKitPayment> {
  const { status, orderId, message } = await paymentDetails(paymentId, client);
  const body = await unwrap(
    client.GET('/orders/{id}', { params: { path: { id: Number(orderId) } } }),
  );
  // A subscription's first box names it on the order itself (GET has no meta).
  const order = toKitOrder(body.data, body.data.attributes.subscription_id || null, frequency);
  return { status, order, message };
}
