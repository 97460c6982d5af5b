import { and, asc, desc, eq, ne, or } from 'drizzle-orm';
import type { components } from '../../../openapi/schema';
import { deliveryDetailsErrors } from '../../../domain/checkout';
import { normaliseUkPhone } from '../../../domain/phone';
import { parseUkPostcode } from '../../../domain/postcode';
import type { Queryable } from '../../db/database';
import { addresses, customers, subscriptions } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { ApiError, notFound } from '../../http/jsonapi';
import type { PostcodeDirectory } from '../../services/postcode-directory/postcode-directory';
import { requireCustomer } from '../../services/sessions';
import type { Deps } from '../../deps';
import { addressResource, type AddressRow } from './address-resource';

type AddressInput = components['schemas']['AddressInput'];

/** The form's field names (domain/checkout.ts) as the body's JSON pointers. */
const POINTER_OF_FIELD: Record<string, string> = {
  firstName: '/first_name',
  lastName: '/last_name',
  phone: '/phone',
  address1: '/address1',
  city: '/city',
  zip: '/zip',
};

const blankToNull = (value: string | null | undefined) => value?.trim() || null;

/**
 * The business rules the contract cannot say (product rules R3.4, R3.5 and R5.4): names and a real
 * street, a valid GB phone, a UK postcode. The first fault is the answer, with its pointer; nothing
 * is written.
 */
async function addressValues(body: AddressInput, directory: PostcodeDirectory) {
  const [fault] = deliveryDetailsErrors({
    firstName: body.first_name,
    lastName: body.last_name,
    phone: body.phone,
    address1: body.address1,
    city: body.city,
    zip: body.zip,
  });
  if (fault)
    throw new ApiError(400, 'invalid_address', 'Invalid address', {
      detail: fault.message,
      pointer: POINTER_OF_FIELD[fault.field] ?? '',
    });
  const zip = parseUkPostcode(body.zip)!;
  // Kits go by courier anywhere in the UK: a postcode the directory does not know (or a
  // directory that is down) saves without coordinates rather than refusing the address.
  const place = await directory.lookup(zip).catch(() => undefined);
  return {
    firstName: body.first_name.trim(),
    lastName: body.last_name.trim(),
    phone: normaliseUkPhone(body.phone)!,
    address1: body.address1.trim(),
    address2: blankToNull(body.address2),
    city: body.city.trim(),
    zip,
    company: blankToNull(body.company),
    region: blankToNull(body.region),
    regionCode: blankToNull(body.region_code),
    country: blankToNull(body.country) ?? 'United Kingdom',
    // Product rule R3.6: UK or GB; stored as the ISO code.
    countryCode: 'GB',
    lat: place?.lat ?? null,
    lon: place?.lon ?? null,
  };
}

const listOf = (db: Queryable, customerId: number) =>
  db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(desc(addresses.isDefault), asc(addresses.id));

/** Locks the customer's row: which address is the default changes one request at a time. */
async function lockCustomer(tx: Queryable, customerId: number) {
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
}

async function ownedAddress(tx: Queryable, customerId: number, id: string): Promise<AddressRow> {
  const addressId = Number(id);
  if (!Number.isSafeInteger(addressId) || addressId < 1) throw notFound('Address');
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)));
  if (!row) throw notFound('Address');
  return row;
}

/** Makes one address the default and every other of the customer's not: one default each. */
async function makeDefault(tx: Queryable, customerId: number, addressId: number) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.customerId, customerId), ne(addresses.id, addressId)));
  await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, addressId));
}

export const ADDRESS_IN_USE_MESSAGE =
  'You cannot delete your only address while your pasta plan uses it. Add another address first.';

const addressInUse = () =>
  new ApiError(409, 'address_in_use', 'Address in use', { detail: ADDRESS_IN_USE_MESSAGE });

export function addressHandlers({
  db,
  now,
  postcodeDirectory,
}: Deps): OperationHandlers<
  'listAddresses' | 'createAddress' | 'updateAddress' | 'deleteAddress' | 'setDefaultAddress'
> {
  return {
    listAddresses: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      return { data: (await listOf(db, customer.id)).map(addressResource) };
    },

    createAddress: async (request, reply) => {
      const { customer } = await requireCustomer(request, db, now());
      const values = await addressValues(request.body, postcodeDirectory);
      const saved = await db.transaction(async (tx) => {
        await lockCustomer(tx, customer.id);
        const [existing] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(eq(addresses.customerId, customer.id))
          .limit(1);
        const [row] = await tx
          .insert(addresses)
          .values({ ...values, customerId: customer.id })
          .returning();
        if (!existing || request.body.is_default) await makeDefault(tx, customer.id, row!.id);
        return ownedAddress(tx, customer.id, String(row!.id));
      });
      reply.code(201);
      return { data: addressResource(saved) };
    },

    updateAddress: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const values = await addressValues(request.body, postcodeDirectory);
      const saved = await db.transaction(async (tx) => {
        await lockCustomer(tx, customer.id);
        const address = await ownedAddress(tx, customer.id, request.params.id);
        await tx.update(addresses).set(values).where(eq(addresses.id, address.id));
        if (request.body.is_default) await makeDefault(tx, customer.id, address.id);
        return ownedAddress(tx, customer.id, request.params.id);
      });
      return { data: addressResource(saved) };
    },

    deleteAddress: async (request, reply) => {
      const { customer } = await requireCustomer(request, db, now());
      await db.transaction(async (tx) => {
        await lockCustomer(tx, customer.id);
        const address = await ownedAddress(tx, customer.id, request.params.id);
        const [replacement] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(and(eq(addresses.customerId, customer.id), ne(addresses.id, address.id)))
          .orderBy(desc(addresses.isDefault), asc(addresses.id))
          .limit(1);
        // Product rule R3.14: a plan that is not cancelled keeps an address to ship and bill to.
        const plans = await tx
          .select({ id: subscriptions.id })
          .from(subscriptions)
          .where(
            and(
              eq(subscriptions.customerId, customer.id),
              ne(subscriptions.state, 'cancelled'),
              or(
                eq(subscriptions.shippingAddressId, address.id),
                eq(subscriptions.billingAddressId, address.id),
              ),
            ),
          )
          .for('update');
        if (plans.length > 0 && !replacement) throw addressInUse();
        if (replacement) {
          await tx
            .update(subscriptions)
            .set({ shippingAddressId: replacement.id, updatedAt: now() })
            .where(
              and(
                eq(subscriptions.customerId, customer.id),
                ne(subscriptions.state, 'cancelled'),
                eq(subscriptions.shippingAddressId, address.id),
              ),
            );
          await tx
            .update(subscriptions)
            .set({ billingAddressId: replacement.id, updatedAt: now() })
            .where(
              and(
                eq(subscriptions.customerId, customer.id),
                ne(subscriptions.state, 'cancelled'),
                eq(subscriptions.billingAddressId, address.id),
              ),
            );
        }
        await tx.delete(addresses).where(eq(addresses.id, address.id));
        if (address.isDefault && replacement) await makeDefault(tx, customer.id, replacement.id);
      });
      reply.code(204);
      return undefined;
    },

    setDefaultAddress: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const rows = await db.transaction(async (tx) => {
        await lockCustomer(tx, customer.id);
        const address = await ownedAddress(tx, customer.id, request.params.id);
        await makeDefault(tx, customer.id, address.id);
        return listOf(tx, customer.id);
      });
      return { data: rows.map(addressResource) };
    },
  };
}
