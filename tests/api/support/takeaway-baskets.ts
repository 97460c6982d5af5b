import type { ApiClient } from '../../../src/api/client';

/** A delivery basket at restaurant 16 holding Cacio e Pepe with a modifier, through the API. */
export async function takeawayBasketWithDish(client: ApiClient): Promise<string> {
  const created = await client.POST('/baskets', {
    body: { type: 'TakeawayBasket', restaurant_id: 16, fulfillment_type: 'delivery' },
  });
  if (!created.data) throw new Error(`basket failed: ${created.response.status}`);
  const id = created.data.data.id;
  const added = await client.POST('/baskets/{id}/items', {
    params: { path: { id } },
    body: { product_variant_id: '102', quantity: 2, sub_items: [{ product_variant_id: '901' }] },
  });
  if (!added.data) throw new Error(`item failed: ${added.response.status}`);
  return id;
}
