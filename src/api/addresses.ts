import type { components } from '../../openapi/schema';
import type { CheckoutAddress, SavedAddress } from '../../machines/kit-checkout/kit-checkout.types';
import { normaliseUkPhone } from '../../domain/phone';
import { parseUkPostcode } from '../../domain/postcode';
import type {
  AddressesData,
  AddressesFailure,
  SaveAddressInput,
} from '../../machines/saved-addresses/saved-addresses.types';
import { isApiRequestError } from './api-error';
import { api, unwrap, type ApiClient } from './client';

type Schemas = components['schemas'];

/** A saved address resource as the checkouts use it. */
const toSavedAddress = ({ id, attributes: a }: Schemas['AddressResource']): SavedAddress => ({
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

/** A form's address as the contract takes it: trimmed, the phone and postcode in their UK forms. */
const toAddressInput = (address: CheckoutAddress) =>
  ({
    first_name: address.firstName.trim(),
    last_name: address.lastName.trim(),
    phone: normaliseUkPhone(address.phone) ?? address.phone,
    address1: address.address1.trim(),
    address2: address.address2.trim() || null,
    city: address.city.trim(),
    zip: parseUkPostcode(address.zip) ?? address.zip,
    country_code: 'GB',
  }) satisfies Schemas['AddressInput'];

/** GET addresses: the signed-in customer's saved addresses. */
export async function listAddresses(client: ApiClient = api): Promise<SavedAddress[]> {
  return (await unwrap(client.GET('/addresses'))).data.map(toSavedAddress);
}

/** POST addresses: saves a form's address; the delivery address becomes the default. */
export async function createAddress(
  address: CheckoutAddress,
  options: { isDefault?: boolean } = {},
  client: ApiClient = api,
): Promise<SavedAddress> {
  const body = {
    ...toAddressInput(address),
    ...(options.isDefault !== undefined && { is_default: options.isDefault }),
  };
  return toSavedAddress((await unwrap(client.POST('/addresses', { body }))).data);
}

/** GET addresses and GET subscriptions: what the saved-addresses section shows (R3.14). */
export async function loadSavedAddresses(client: ApiClient = api): Promise<AddressesData> {
  const [addresses, subscriptions] = await Promise.all([
    unwrap(client.GET('/addresses')),
    unwrap(client.GET('/subscriptions')),
  ]);
  return {
    addresses: addresses.data.map(toSavedAddress),
    plans: subscriptions.data.map(({ id, attributes: a }) => ({
      id,
      state: a.state,
      shippingAddressId: a.shipping_address_id,
      billingAddressId: a.billing_address_id,
    })),
  };
}

/** The form field a 400's pointer names (`/zip` → `zip`), as the form's field ids. */
const FIELD_OF_POINTER: Record<string, string> = {
  '/first_name': 'firstName',
  '/last_name': 'lastName',
  '/phone': 'phone',
  '/address1': 'address1',
  '/address2': 'address2',
  '/city': 'city',
  '/zip': 'zip',
};

/** A call, then the list read again; a failure as the machine reads it (the server's words). */
async function thenReload(work: () => Promise<unknown>, client: ApiClient): Promise<AddressesData> {
  try {
    await work();
  } catch (error) {
    throw (
      isApiRequestError(error)
        ? {
            status: error.status,
            message: error.serverMessage ?? error.message,
            field: FIELD_OF_POINTER[error.errors[0]?.source?.pointer ?? ''] ?? null,
          }
        : { status: 0, message: null, field: null }
    ) satisfies AddressesFailure;
  }
  return loadSavedAddresses(client);
}

/** POST addresses (a new one) or PUT addresses/{id}, then the list. */
export const saveAddress = ({ addressId, draft }: SaveAddressInput, client: ApiClient = api) =>
  thenReload(() => {
    const body = toAddressInput({ ...draft, lat: null, lon: null });
    return addressId
      ? unwrap(client.PUT('/addresses/{id}', { params: { path: { id: addressId } }, body }))
      : unwrap(client.POST('/addresses', { body }));
  }, client);

/** DELETE addresses/{id}, then the list. */
export const deleteAddress = (addressId: string, client: ApiClient = api) =>
  thenReload(
    () => unwrap(client.DELETE('/addresses/{id}', { params: { path: { id: addressId } } })),
    client,
  );

/** POST addresses/{id}/default, then the list. */
export const makeDefaultAddress = (addressId: string, client: ApiClient = api) =>
  thenReload(
    () => unwrap(client.POST('/addresses/{id}/default', { params: { path: { id: addressId } } })),
    client,
  );
