import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import { canEstimateDelivery } from '../../../domain/address';
import { distanceInMiles } from '../../../domain/distance';
import { etaDelayMinutes, prepMinutes } from '../../../domain/eta';
import { orders, restaurants } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { ApiError } from '../../http/jsonapi';
import type { Deps } from '../../deps';

/** Orders the kitchen is still working on: each one ahead delays a new order. */
const IN_PROGRESS_STATES = ['paid', 'accepted'];

/**
 * POST /delivery_estimation: prep time from the number of items, delay from the restaurant's
 * orders in progress and the distance. Refuses the inputs the browser would not send (product
 * rule R4.6), with the same rule function.
 */
export function deliveryEstimationHandlers({
  db,
}: Deps): OperationHandlers<'createDeliveryEstimation'> {
  return {
    createDeliveryEstimation: async (request) => {
      const body = request.body;
      if (
        !canEstimateDelivery({
          ...body,
          timeSlot: body.time_slot,
          restaurantId: body.restaurant_id,
        })
      ) {
        throw new ApiError(400, 'estimation_inputs_incomplete', 'Cannot estimate delivery', {
          detail:
            'A delivery estimate needs a time slot, restaurant, postcode, coordinates, country, street and city, with a UK postcode or a street',
        });
      }
      const [restaurant] = await db
        .select()
        .from(restaurants)
        .where(eq(restaurants.id, Number(body.restaurant_id)));
      if (!restaurant)
        throw new ApiError(400, 'unknown_restaurant', 'Unknown restaurant', {
          detail: 'Choose one of our restaurants',
          pointer: '/restaurant_id',
        });
      const [inProgress] = await db
        .select({ value: count() })
        .from(orders)
        .where(
          and(eq(orders.restaurantId, restaurant.id), inArray(orders.state, IN_PROGRESS_STATES)),
        );
      const prep = prepMinutes(body.number_of_items ?? 1);
      const delay = etaDelayMinutes(
        inProgress?.value ?? 0,
        distanceInMiles({ lat: body.lat!, lon: body.lon! }, restaurant),
      );
      return {
        data: {
          type: 'delivery_estimations' as const,
          id: randomUUID(),
          attributes: {
            min_time_to_deliver: prep + delay + 15,
            max_time_to_deliver: prep + delay + 30,
            prep_time: prep,
            eta_delay: delay,
          },
        },
      };
    },
  };
}
