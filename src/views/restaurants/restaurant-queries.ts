import { useQuery } from '@tanstack/react-query';
import type { paths } from '../../../openapi/schema';
import { api, unwrap } from '../../api/client';
import { toEntity } from '../../api/json-api';
import { queryDataFromPage as fromPage } from '../../api/settings-in-page';
import type { Restaurant } from '../../api/types';

type RestaurantsBody =
  paths['/restaurants/all']['get']['responses'][200]['content']['application/json'];
type RestaurantBody =
  paths['/restaurants/{id}']['get']['responses'][200]['content']['application/json'];

const restaurantsOf = (body: RestaurantsBody) =>
  body.data.map((resource) => toEntity(resource) as Restaurant);
const restaurantOf = (body: RestaurantBody) => toEntity(body.data) as Restaurant;

export function useRestaurants() {
  return useQuery({
    queryKey: ['restaurants'],
    queryFn: async () => restaurantsOf(await unwrap(api.GET('/restaurants/all'))),
    ...fromPage('/restaurants/all', restaurantsOf),
  });
}

export function useRestaurant(id: number) {
  return useQuery({
    queryKey: ['restaurants', id],
    queryFn: async () =>
      restaurantOf(await unwrap(api.GET('/restaurants/{id}', { params: { path: { id } } }))),
    enabled: Number.isInteger(id) && id > 0,
    ...fromPage(`/restaurants/${id}`, restaurantOf),
  });
}

const SERVICE_LABELS = { delivery: 'Delivery', pickup: 'Pickup', eat_in: 'Eat in' } as const;

export function servicesOf(restaurant: Restaurant): string {
  return restaurant.fulfillmentTypes.map((type) => SERVICE_LABELS[type]).join(', ');
}
