import type { components } from '../../openapi/schema';
import type { CheckoutAddress, SavedAddress } from '../../machines/kit-checkout/kit-checkout.types';
import { normaliseUkPhone } from '../../domain/phone';
import { parseUkPostcode } from '../../domain/postcode';
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
