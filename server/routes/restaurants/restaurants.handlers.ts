import { asc, eq } from 'drizzle-orm';
import { distanceInMiles } from '../../../domain/distance';
import type { OperationHandlers } from '../../http/handler';
import { notFound } from '../../http/jsonapi';
import { restaurants } from '../../db/schema';
import type { Deps } from '../../deps';

type RestaurantRow = typeof restaurants.$inferSelect;

export function restaurantResource(row: RestaurantRow, distanceMiles?: number) {
  return {
    type: 'restaurants' as const,
    id: String(row.id),
    attributes: {
      site: row.site,
      address1: row.address1,
      address2: row.address2,
      city: row.city,
      postcode: row.postcode,
      lat: row.lat,
      lon: row.lon,
      phone: row.phone,
      table_number_prompt: row.tableNumberPrompt,
      open_tab_checkouts: row.openTabCheckouts,
      has_table_numbers: row.hasTableNumbers,
      delivery_radius_miles: row.deliveryRadiusMiles,
      fulfillment_types: row.fulfillmentTypes as ('delivery' | 'pickup' | 'eat_in')[],
      image_url: row.imageUrl,
      ...(distanceMiles === undefined
        ? {}
        : { distance_miles: Math.round(distanceMiles * 100) / 100 }),
    },
  };
}

export function restaurantHandlers({
  db,
}: Deps): OperationHandlers<'listRestaurants' | 'getRestaurant' | 'listNearestRestaurants'> {
  return {
    listRestaurants: async () => {
      const rows = await db.select().from(restaurants).orderBy(asc(restaurants.site));
      return { data: rows.map((row) => restaurantResource(row)) };
    },
    getRestaurant: async (request) => {
      const [row] = await db
        .select()
        .from(restaurants)
        .where(eq(restaurants.id, request.params.id));
      if (!row) throw notFound('Restaurant');
      return { data: restaurantResource(row) };
    },
    listNearestRestaurants: async (request) => {
      const point = { lat: request.query.lat, lon: request.query.lon };
      const fulfillmentType = request.query.fulfillment_type ?? 'delivery';
      const rows = await db.select().from(restaurants);
      // A handful of sites: ranking in process is simpler than a geo index and as fast.
      const serving = rows
        .filter((row) => row.fulfillmentTypes.includes(fulfillmentType))
        .map((row) => ({ row, miles: distanceInMiles(point, row) }))
        .filter(
          ({ row, miles }) => fulfillmentType !== 'delivery' || miles <= row.deliveryRadiusMiles,
        )
        .sort((a, b) => a.miles - b.miles);
      return { data: serving.map(({ row, miles }) => restaurantResource(row, miles)) };
    },
  };
}
