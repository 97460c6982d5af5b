import type { OperationHandlers } from '../../http/handler';
import { editOrder, type EditResult, type OrderChange } from '../../services/orders/order-edit';
import { orderView } from '../../services/orders/order-views';
import { requireCustomer } from '../../services/sessions';
import type { Deps } from '../../deps';
import { orderDocument } from './order-document';

const pounds = (pence: number) => pence / 100;

type EditOperation =
  | 'updateOrderItems'
  | 'changeOrderDeliveryDate'
  | 'changeOrderShippingAddress'
  | 'chooseOrderChefSelections'
  | 'applyOrderVoucher'
  | 'removeOrderVoucher';

/**
 * Changes to a recipe-kit order before its cut-off (product rules R9.19 to R9.24): each call
 * prices its change (`preview=true` stops there) and writes it in one locked transaction.
 */
export function orderEditHandlers(deps: Deps): OperationHandlers<EditOperation> {
  const { db, now } = deps;

  const run = async (
    request: Parameters<typeof requireCustomer>[0] & {
      params: { id: number };
      query: { preview?: boolean; expected_total_pence?: number };
    },
    change: OrderChange,
  ) => {
    const { customer } = await requireCustomer(request, db, now());
    const result = await editOrder(deps, customer, request.params.id, change, {
      preview: request.query.preview ?? false,
      expectedTotalPence: request.query.expected_total_pence,
    });
    return document(result, customer.id);
  };

  const document = async (result: EditResult, customerId: number) => ({
    ...orderDocument(await orderView(db, customerId, result.orderId)),
    meta: {
      preview: result.preview,
      changed: result.changed,
      previous_total: pounds(result.previousTotalPence),
      subtotal: pounds(result.price.subtotalPence),
      delivery_price: pounds(result.price.deliveryPence),
      total_discounts: pounds(result.price.discountPence),
      total_price: pounds(result.price.totalPence),
      voucher_code: result.price.voucherCode,
      difference: pounds(result.money.differencePence),
      card_charge: pounds(result.money.cardPence),
      store_credit_spent: pounds(result.money.storeCreditSpentPence),
      store_credit_refund: pounds(result.money.storeCreditRefundPence),
    },
  });

  return {
    updateOrderItems: (request) =>
      run(request, {
        kind: 'items',
        items: request.body.items.map((item) => ({
          variantId: Number(item.product_variant_id),
          quantity: item.quantity,
        })),
      }),
    changeOrderDeliveryDate: (request) =>
      run(request, {
        kind: 'delivery_date',
        deliveryDate: request.body.delivery_date,
        deliveryNote: request.body.delivery_note,
      }),
    changeOrderShippingAddress: (request) =>
      run(request, { kind: 'shipping_address', addressId: request.params.addressId }),
    chooseOrderChefSelections: (request) => run(request, { kind: 'chef_selections' }),
    applyOrderVoucher: (request) => run(request, { kind: 'voucher', code: request.body.code }),
    removeOrderVoucher: (request) => run(request, { kind: 'remove_voucher' }),
  };
}
