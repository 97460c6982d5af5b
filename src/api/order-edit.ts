import type { components } from '../../openapi/schema';
import { weekStart } from '../../domain/weeks';
import type {
  AddressDraft,
  EditableOrder,
  EditData,
  EditFailure,
  EditPreview,
  MenuChoice,
  NewAddressFailure,
  OrderEditChange,
  SavedAddress,
} from '../../machines/order-edit/order-edit.types';
import { createAddress, listAddresses } from './addresses';
import { isApiRequestError } from './api-error';
import { camelize } from './case';
import { fetchWeeklyMenus } from './catalogue';
import { api, unwrap, type ApiClient } from './client';
import { ORDER_FETCH_FAILED } from './orders';

type Schemas = components['schemas'];
type EditDocument = Schemas['OrderEditDocument'];

const addressLine = (address: { address1: string; city: string; zip: string } | null) =>
  address ? `${address.address1}, ${address.city} ${address.zip}` : null;

function toEditableOrder(
  data: Schemas['OrderResource'],
  included: Schemas['LineItemResource'][],
): EditableOrder {
  const a = data.attributes;
  const byId = new Map(included.map((line) => [line.id, line.attributes]));
  return {
    id: data.id,
    reference: a.reference,
    orderType: a.order_type,
    state: a.state,
    deliveryDate: a.delivery_date,
    deliveryNote: a.delivery_note,
    addressLine: addressLine(a.address),
    voucherCode: a.voucher_code,
    subtotal: a.subtotal_price,
    deliveryPrice: a.delivery_price,
    totalDiscounts: a.total_discounts,
    totalPrice: a.total_price,
    chefSelected: a.chef_selected ?? false,
    lines: a.line_item_ids.flatMap((id) => {
      const line = byId.get(id);
      return line
        ? [
            {
              variantId: line.product_variant_id,
              title: line.title,
              variantTitle: line.variant_title,
              quantity: line.quantity,
              price: line.price,
            },
          ]
        : [];
    }),
  };
}

/** The order, its week's menu (recipes and add-ons on sale) and the saved addresses. */
export async function loadOrderEdit(orderId: string, client: ApiClient = api): Promise<EditData> {
  const raw = await unwrap(
    client.GET('/orders/{id}', { params: { path: { id: Number(orderId) } } }),
    ORDER_FETCH_FAILED,
  );
  const editable = toEditableOrder(raw.data, raw.included);
  const deliveryDate = editable.deliveryDate;
  const isKit = editable.orderType !== 'takeaway' && deliveryDate !== null;
  const [menus, addresses] = isKit
    ? await Promise.all([fetchWeeklyMenus([weekStart(deliveryDate)]), listAddresses(client)])
    : [[], []];
  const menu: MenuChoice[] = (menus[0]?.products ?? [])
    .filter(
      (product) =>
        product.availableForSale &&
        !product.tags.includes('hide-from-menu') &&
        (product.productType === 'Recipe Kit' || product.productType === 'Add-on'),
    )
    .flatMap((product) =>
      product.variants
        .filter((variant) => variant.availableForSale)
        .map((variant) => ({
          variantId: variant.id,
          title: product.title,
          variantTitle: variant.title,
          price: variant.price,
          isAddon: product.productType !== 'Recipe Kit',
        })),
    );
  return {
    order: editable,
    menu,
    addresses: addresses.map((address) => ({
      id: address.id,
      line: addressLine(address)!,
    })),
    now: new Date().toISOString(),
  };
}

/** One change's call (product rules R9.20 to R9.24), previewed or made with the total seen. */
function changeCall(
  orderId: string,
  change: OrderEditChange,
  query: { preview?: boolean; expected_total_pence?: number },
  client: ApiClient,
) {
  const path = { id: Number(orderId) };
  switch (change.kind) {
    case 'items':
      return client.PUT('/orders/{id}', {
        params: { path, query },
        body: {
          items: change.items.map((item) => ({
            product_variant_id: item.variantId,
            quantity: item.quantity,
          })),
        },
      });
    case 'delivery_date':
      return client.POST('/orders/{id}/delivery_date', {
        params: { path, query },
        body: { delivery_date: change.deliveryDate, delivery_note: change.deliveryNote },
      });
    case 'shipping_address':
      return client.PUT('/orders/{id}/shipping_address/{addressId}', {
        params: { path: { ...path, addressId: Number(change.addressId) }, query },
      });
    case 'chef_selections':
      return client.POST('/orders/{id}/chef_selections', { params: { path, query } });
    case 'voucher':
      return client.POST('/orders/{id}/voucher', {
        params: { path, query },
        body: { code: change.code.trim().toUpperCase() },
      });
    case 'remove_voucher':
      return client.POST('/orders/{id}/remove_voucher', { params: { path, query } });
  }
}

/** A failed call as the machine reads it. */
export function editFailureOf(error: unknown): EditFailure {
  if (isApiRequestError(error))
    return {
      status: error.status,
      code: error.code ?? null,
      message:
        error.status === 404 && error.code === 'voucher_not_found'
          ? 'Invalid code'
          : (error.serverMessage ?? error.message),
    };
  return { status: 0, code: null, message: null };
}

const withFailure = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    throw editFailureOf(error);
  }
};

/** What the change would cost, nothing written. */
export function previewOrderChange(
  orderId: string,
  change: OrderEditChange,
  client: ApiClient = api,
): Promise<EditPreview> {
  return withFailure(async () => {
    const body: EditDocument = await unwrap(changeCall(orderId, change, { preview: true }, client));
    return camelize(body.meta) as EditPreview;
  });
}

/** Makes the change, refused when its total is no longer the one the customer saw. */
export function saveOrderChange(
  orderId: string,
  change: OrderEditChange,
  expectedTotal: number,
  client: ApiClient = api,
): Promise<EditableOrder> {
  return withFailure(async () => {
    const body: EditDocument = await unwrap(
      changeCall(
        orderId,
        change,
        { expected_total_pence: Math.round(expectedTotal * 100) },
        client,
      ),
    );
    return toEditableOrder(body.data, body.included);
  });
}

/**
 * POST addresses from the order edit's new address form (product rule R9.25): saved to the address
 * book, not made the default, and answered as the address step lists it. A 400 names its field.
 */
export async function addOrderAddress(
  draft: AddressDraft,
  client: ApiClient = api,
): Promise<SavedAddress> {
  try {
    const saved = await createAddress({ ...draft, lat: null, lon: null }, {}, client);
    return { id: saved.id, line: addressLine(saved)! };
  } catch (error) {
    throw (
      isApiRequestError(error)
        ? {
            status: error.status,
            message: error.serverMessage ?? error.message,
            // `/first_name` names the form's `firstName`.
            field:
              error.errors[0]?.source?.pointer
                ?.slice(1)
                .replace(/_(\w)/g, (_, c: string) => c.toUpperCase()) ?? null,
          }
        : { status: 0, message: null, field: null }
    ) satisfies NewAddressFailure;
  }
}
