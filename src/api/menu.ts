import type { components } from '../../openapi/schema';
import { api, unwrap } from './client';
import { toEntity } from './json-api';
import type { FulfillmentType, MenuCategory, MenuProduct } from './types';

export interface TakeawayMenu {
  categories: MenuCategory[];
  productsById: Record<string, MenuProduct>;
}

export async function fetchTakeawayMenu(
  restaurantId: number,
  fulfillmentType: FulfillmentType,
): Promise<TakeawayMenu> {
  const body = await unwrap(
    api.GET('/restaurants/{id}/menu', {
      params: { path: { id: restaurantId }, query: { fulfillment_type: fulfillmentType } },
    }),
    "Couldn't fetch menu",
  );
  const categories = body.data
    .map((resource) => toEntity(resource) as MenuCategory)
    .sort((a, b) => a.position - b.position);
  const productsById = Object.fromEntries(
    body.included.map((resource) => [resource.id, toEntity(resource) as MenuProduct]),
  );
  return { categories, productsById };
}

export async function fetchSnoozedProductIds(
  restaurantId: number,
  fulfillmentType: FulfillmentType,
): Promise<Set<string>> {
  const body = await unwrap(
    api.GET('/restaurants/{id}/snoozed_products', {
      params: { path: { id: restaurantId }, query: { fulfillment_type: fulfillmentType } },
    }),
  );
  return new Set(body.data.map((snoozed) => snoozed.id));
}

type EstimationBody = components['schemas']['DeliveryEstimationRequest'];

/** POST /delivery_estimation, camelCased for etaText. */
export async function estimateDelivery(body: EstimationBody) {
  const response = await unwrap(
    api.POST('/delivery_estimation', { body }),
    "Couldn't get delivery time estimation",
  );
  return toEntity(response.data);
}
