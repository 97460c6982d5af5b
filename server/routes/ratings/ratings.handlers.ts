import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { orderLineItems, productRatings, ratings } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { ApiError, notFound } from '../../http/jsonapi';
import { requireOrderRow } from '../../services/orders/takeaway-orders';
import { requireCustomer } from '../../services/sessions';
import type { Deps } from '../../deps';

type RatingRow = typeof ratings.$inferSelect;

/** Only an order that reached the customer can be rated. */
const FINISHED_STATES = new Set(['delivered', 'collected']);

function ratingDocument(row: RatingRow) {
  return {
    data: {
      type: 'ratings' as const,
      id: String(row.id),
      attributes: {
        order_id: String(row.orderId),
        rating: row.rating,
        reason: row.reason,
        notes: row.notes,
        created_at: row.createdAt.toISOString(),
        updated_at: row.updatedAt.toISOString(),
      },
    },
  };
}

async function requireFinishedOrder(db: Queryable, customerId: number, orderId: number) {
  const order = await requireOrderRow(db, customerId, orderId);
  if (!FINISHED_STATES.has(order.state)) {
    throw new ApiError(400, 'order_not_finished', 'Order not finished', {
      detail: 'You can rate your order once it has been delivered or collected',
      pointer: '/order_id',
    });
  }
  return order;
}

export function ratingHandlers({
  db,
  now,
}: Deps): OperationHandlers<'createRating' | 'getRating' | 'updateRating' | 'createProductRating'> {
  return {
    // Product rule R9.12: the rating page shows the rating as given, and a change replaces it.
    getRating: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const [row] = await db
        .select()
        .from(ratings)
        .where(and(eq(ratings.id, request.params.id), eq(ratings.customerId, customer.id)));
      if (!row) throw notFound('Rating');
      return ratingDocument(row);
    },

    createRating: async (request, reply) => {
      const { customer } = await requireCustomer(request, db, now());
      const body = request.body;
      const order = await requireFinishedOrder(db, customer.id, body.order_id);
      const [created] = await db
        .insert(ratings)
        .values({
          orderId: order.id,
          customerId: customer.id,
          rating: body.rating,
          reason: body.reason ?? null,
          notes: body.notes ?? null,
          createdAt: now(),
          updatedAt: now(),
        })
        .onConflictDoNothing()
        .returning();
      if (!created) {
        const [existing] = await db.select().from(ratings).where(eq(ratings.orderId, order.id));
        throw new ApiError(409, 'already_rated', 'Order already rated', {
          detail: `This order is already rated: change its rating with PUT /ratings/${existing?.id ?? '{id}'}`,
          pointer: '/order_id',
        });
      }
      reply.code(201);
      return ratingDocument(created);
    },

    updateRating: async (request) => {
      const { customer } = await requireCustomer(request, db, now());
      const body = request.body;
      const [updated] = await db
        .update(ratings)
        .set({
          ...(body.rating !== undefined && { rating: body.rating }),
          ...(body.reason !== undefined && { reason: body.reason }),
          ...(body.notes !== undefined && { notes: body.notes }),
          updatedAt: now(),
        })
        .where(and(eq(ratings.id, request.params.id), eq(ratings.customerId, customer.id)))
        .returning();
      if (!updated) throw notFound('Rating');
      return ratingDocument(updated);
    },

    createProductRating: async (request, reply) => {
      const { customer } = await requireCustomer(request, db, now());
      const body = request.body;
      const order = await requireFinishedOrder(db, customer.id, body.order_id);
      const [line] = await db
        .select({ id: orderLineItems.id })
        .from(orderLineItems)
        .where(and(eq(orderLineItems.id, body.line_item_id), eq(orderLineItems.orderId, order.id)));
      if (!line) {
        throw new ApiError(400, 'unknown_line_item', 'Unknown dish', {
          detail: 'Rate a dish of this order',
          pointer: '/line_item_id',
        });
      }
      const [row] = await db
        .insert(productRatings)
        .values({
          orderId: order.id,
          lineItemId: line.id,
          customerId: customer.id,
          rating: body.rating,
          createdAt: now(),
        })
        .onConflictDoUpdate({ target: productRatings.lineItemId, set: { rating: body.rating } })
        .returning();
      if (!row) throw new Error('product rating not written');
      reply.code(201);
      return {
        data: {
          type: 'product_ratings' as const,
          id: String(row.id),
          attributes: {
            order_id: String(row.orderId),
            line_item_id: String(row.lineItemId),
            rating: row.rating,
          },
        },
      };
    },
  };
}
