import type { OperationHandlers } from '../../http/handler';
import { reorderBox } from '../../services/orders/reorder';
import { orderView } from '../../services/orders/order-views';
import { requireCustomer } from '../../services/sessions';
import type { Deps } from '../../deps';
import { orderDocument } from './order-document';

/** POST orders: a past recipe-kit box ordered again (product rule R9.27). */
export function reorderHandlers({ db, now, catalogue }: Deps): OperationHandlers<'reorderBox'> {
  return {
    reorderBox: async (request, reply) => {
      const { customer } = await requireCustomer(request, db, now());
      const header = request.headers['idempotency-key'];
      const reordered = await reorderBox(
        db,
        catalogue,
        {
          customerId: customer.id,
          sourceOrderId: Number(request.body.source_order_id),
          idempotencyKey: typeof header === 'string' && header ? header : undefined,
        },
        now(),
      );
      reply.code(reordered.created ? 201 : 200);
      const { data, included } = orderDocument(await orderView(db, customer.id, reordered.orderId));
      return {
        data,
        included,
        meta: {
          source_order_id: request.body.source_order_id,
          left_out: reordered.leftOut.map((line) => ({
            product_variant_id: line.productVariantId,
            title: line.title,
            variant_title: line.variantTitle,
            quantity: line.quantity,
          })),
        },
      };
    },
  };
}
