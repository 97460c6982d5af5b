import type { components } from '../../openapi/schema';
import type { CheckoutCustomer } from '../../machines/checkout-shared/checkout-shared';
import type { CheckoutAddress } from '../../machines/checkout-shared/checkout-shared.types';
import type {
  DeliveryInstructions,
  KitBasket,
} from '../../machines/kit-checkout/kit-checkout.types';
import type { TakeawayCheckoutBasket } from '../../machines/takeaway-checkout/takeaway-checkout.types';
import { withAccountContact } from '../../domain/checkout';
import { normaliseUkPhone } from '../../domain/phone';
import { parseUkPostcode } from '../../domain/postcode';
import { api, unwrap, type ApiClient } from './client';

type Schemas = components['schemas'];
type BasketResource = Schemas['BasketResource'];

/** The customer's open basket of a type (GET baskets), or undefined. */
async function findBasket(
  type: Schemas['BasketType'],
  client: ApiClient,
): Promise<BasketResource | undefined> {
  const list = await unwrap(client.GET('/baskets'));
  return list.data.find((basket) => basket.attributes.basket_type === type);
}

/** The recipe-kit basket with its variants, and whether it meets its minimums (validate). */
export async function currentKitBasket(client: ApiClient = api): Promise<KitBasket | null> {
  const found = await findBasket('RecipeKitBasket', client);
  if (!found) return null;
  const { data, included, meta } = await unwrap(
    client.GET('/baskets/{id}', { params: { path: { id: found.id } } }),
  );
  const valid = await client
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

function toTakeawayCheckoutBasket({ id, attributes: a }: BasketResource): TakeawayCheckoutBasket {
  const address = a.address;
  return {
    id,
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
  const found = await findBasket('TakeawayBasket', client);
  return found ? toTakeawayCheckoutBasket(found) : null;
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
  }) satisfies Schemas['BasketAddress'];

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
  return toTakeawayCheckoutBasket(saved.data);
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
  return toTakeawayCheckoutBasket(saved.data);
}
