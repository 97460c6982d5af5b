import { eq } from 'drizzle-orm';
import { isOpenAt, timeSlotDates, timeSlotsFor } from '../../../domain/time-slots';
import { restaurants } from '../../db/schema';
import type { OperationHandlers } from '../../http/handler';
import { ApiError, notFound } from '../../http/jsonapi';
import type { Deps } from '../../deps';

export function timeSlotHandlers({
  db,
  now,
}: Deps): OperationHandlers<'listTimeSlots' | 'listTimeSlotDates' | 'getEatInAvailability'> {
  const find = async (id: number, fulfillmentType?: string) => {
    const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, id));
    if (!restaurant) throw notFound('Restaurant');
    if (fulfillmentType && !restaurant.fulfillmentTypes.includes(fulfillmentType)) {
      throw new ApiError(400, 'fulfillment_type_unavailable', 'Not offered here', {
        detail: `${restaurant.site} does not offer ${fulfillmentType.replace('_', '-')} orders`,
        parameter: 'fulfillment_type',
      });
    }
    return restaurant;
  };
  return {
    listTimeSlots: async (request) => {
      await find(request.params.id, request.query.fulfillment_type);
      return {
        data: timeSlotsFor(request.query.date, now()).map((slot) => ({
          type: 'time_slots' as const,
          id: `${slot.date}T${slot.start}`,
          attributes: slot,
        })),
      };
    },
    listTimeSlotDates: async (request) => {
      await find(request.params.id, request.query.fulfillment_type);
      return { data: timeSlotDates(now()) };
    },
    getEatInAvailability: async (request) => {
      const restaurant = await find(request.params.id);
      const available = restaurant.fulfillmentTypes.includes('eat_in') && isOpenAt(now());
      return {
        data: {
          type: 'eat_in_availability' as const,
          id: String(restaurant.id),
          attributes: { available },
        },
      };
    },
  };
}
