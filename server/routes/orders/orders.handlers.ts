import { eq } from 'drizzle-orm';
import { restaurants } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { currentSession, requireCustomer, requireCustomerId } from '../../services/sessions';
import {
  LIVE_STATES,
  PENDING_PAYMENT_STATES,
  placeTakeawayOrder,
  requireOrderRow,
} from '../../services/orders/takeaway-orders';
import { customerOrderViews, orderView } from '../../services/orders/order-views';
import { listCustomerOrders } from '../../services/orders/order-list';
import { feedbackOf, giveFeedback, sendInvoice } from '../../services/orders/order-details';
import { latestPayment } from '../../services/orders/order-payment-summary';
import type { Deps } from '../../deps';
import {
  feedbackAttributes,
  lineItemResources,
  orderDetailDocument,
  orderDocument,
  orderResource,
} from './order-document';

/** Driver positions are shown from when the order leaves the kitchen. */
const DRIVER_VISIBLE = new Set(['shipped', 'delivered']);

export function orderHandlers({
  db,
  now,
  mailer,
  config,
}: Deps): OperationHandlers<
  | 'createTakeawayOrder'
  | 'listLiveOrders'
  | 'listPendingPaymentOrders'
  | 'getOrder'
  | 'getDriverLocation'
  | 'listOrders'
  | 'giveOrderFeedback'
  | 'sendOrderInvoice'
> {
  return {
    createTakeawayOrder: async (request, reply) => {
      const { customer } = await requireCustomer(request, db, now());
      const { orderId, created } = await placeTakeawayOrder(
        db,
        {
          customerId: customer.id,
          basketId: request.body.basket_id,
          deliveryNote: request.body.delivery_note,
        },
        now(),
      );
      reply.code(created ? 201 : 200);
      return orderDocument(await orderView(db, customer.id, orderId));
    },

    listOrders: async (request) => {
      const customerId = await requireCustomerId(request, db, now());
      const query = request.query;
      const page = await listCustomerOrders(
        db,
        customerId,
        {
          deliveryDate: query['filter[delivery_date]'],
          type: query['filter[type]'],
          subscriptionId: query['filter[subscription_id]'],
          excludeStates: (query['filter[exclude_states]'] ?? '')
            .split(',')
            .map((state) => state.trim())
            .filter(Boolean),
          page: query.page ?? 1,
          perPage: query.per_page,
        },
        now().toISOString().slice(0, 10),
      );
      return {
        data: page.views.map(orderResource),
        included: page.views.flatMap((view) =>
          lineItemResources(view.lineItems, view.productRatings),
        ),
        meta: { total: page.total, page: page.page, per_page: page.perPage },
      };
    },

    listLiveOrders: async (request) => {
      // Polled from every page, signed in or not: signed out is an empty list, not a 401.
      const session = await currentSession(request, db, now());
      if (!session?.customerId) return { data: [] };
      const views = await customerOrderViews(db, session.customerId, LIVE_STATES, 'takeaway');
      return { data: views.map(orderResource) };
    },

    listPendingPaymentOrders: async (request) => {
      const customerId = await requireCustomerId(request, db, now());
      const views = await customerOrderViews(db, customerId, PENDING_PAYMENT_STATES);
      return { data: views.map(orderResource) };
    },

    getOrder: async (request) => {
      const customerId = await requireCustomerId(request, db, now());
      const view = await orderView(db, customerId, request.params.id);
      const [payment, feedback] = await Promise.all([
        latestPayment(db, view.order.id),
        feedbackOf(db, view.order.id),
      ]);
      return orderDetailDocument(view, payment, feedback);
    },

    giveOrderFeedback: async (request, reply) => {
      const { customer } = await requireCustomer(request, db, now());
      const { feedback, created } = await giveFeedback(
        db,
        customer.id,
        request.params.id,
        {
          npsRating: request.body.nps_rating,
          reason: request.body.reason,
          notes: request.body.notes,
        },
        now(),
      );
      reply.code(created ? 201 : 200);
      return {
        data: {
          type: 'order_feedback' as const,
          id: String(feedback.id),
          attributes: feedbackAttributes(feedback),
        },
      };
    },

    sendOrderInvoice: async (request, reply) => {
      const { customer } = await requireCustomer(request, db, now());
      const result = await sendInvoice(
        { db, mailer, publicUrl: config.publicUrl },
        customer,
        request.params.id,
        now(),
      );
      reply.code(result.sent ? 202 : 200);
      return {
        meta: {
          message: result.message,
          sent: result.sent,
          email: customer.email,
          emailed_at: result.emailedAt.toISOString(),
        },
      };
    },

    getDriverLocation: async (request) => {
      const customerId = await requireCustomerId(request, db, now());
      const order = await requireOrderRow(db, customerId, request.params.id);
      const [restaurant] =
        order.restaurantId === null
          ? []
          : await db
              .select({ lat: restaurants.lat, lon: restaurants.lon })
              .from(restaurants)
              .where(eq(restaurants.id, order.restaurantId));
      const visible = DRIVER_VISIBLE.has(order.state);
      return {
        data: {
          type: 'driver_locations' as const,
          id: String(order.id),
          attributes: {
            lat: visible ? order.driverLat : null,
            lon: visible ? order.driverLon : null,
            updated_at:
              visible && order.driverUpdatedAt ? order.driverUpdatedAt.toISOString() : null,
            restaurant_lat: restaurant?.lat ?? null,
            restaurant_lon: restaurant?.lon ?? null,
            destination_lat: order.address?.lat ?? null,
            destination_lon: order.address?.lon ?? null,
          },
        },
      };
    },
  };
}
