import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { toEntity } from '../../api/json-api';
import type { Restaurant } from '../../api/types';

export function useRestaurants() {
  return useQuery({
    queryKey: ['restaurants'],
    queryFn: async () =>
      (await unwrap(api.GET('/restaurants/all'))).data.map(
        (resource) => toEntity(resource) as Restaurant,
      ),
  });
}

export function useRestaurant(id: number) {
  return useQuery({
    queryKey: ['restaurants', id],
    queryFn: async () =>
      toEntity(
        (await unwrap(api.GET('/restaurants/{id}', { params: { path: { id } } }))).data,
      ) as Restaurant,
    enabled: Number.isInteger(id) && id > 0,
  });
}

const SERVICE_LABELS = { delivery: 'Delivery', pickup: 'Pickup', eat_in: 'Eat in' } as const;

export function servicesOf(restaurant: Restaurant): string {
  return restaurant.fulfillmentTypes.map((type) => SERVICE_LABELS[type]).join(', ');
}
