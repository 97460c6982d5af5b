import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import {
  restaurants,
  takeawayCategories,
  takeawayMenuItems,
  takeawayModifiers,
  takeawayProducts,
  takeawaySnoozes,
} from '../../db/schema';
import type { Database } from '../../db/database';
import type { OperationHandlers } from '../../http/handler';
import { ApiError, notFound } from '../../http/jsonapi';
import type { Deps } from '../../deps';

type FulfillmentType = 'delivery' | 'pickup' | 'eat_in';

async function findRestaurant(
  db: Database,
  id: number,
  fulfillmentType: FulfillmentType | undefined,
) {
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, id));
  if (!restaurant) throw notFound('Restaurant');
  if (fulfillmentType && !restaurant.fulfillmentTypes.includes(fulfillmentType)) {
    throw new ApiError(400, 'fulfillment_type_unavailable', 'Not offered here', {
      detail: `${restaurant.site} does not offer ${fulfillmentType.replace('_', '-')} orders`,
      parameter: 'fulfillment_type',
    });
  }
  return restaurant;
}

export function menuHandlers({
  db,
  now,
}: Deps): OperationHandlers<'getRestaurantMenu' | 'listSnoozedProducts'> {
  return {
    getRestaurantMenu: async (request) => {
      const { id } = request.params;
      const fulfillmentType = request.query.fulfillment_type;
      await findRestaurant(db, id, fulfillmentType);
      const items = await db
        .select({
          categoryId: takeawayMenuItems.categoryId,
          productId: takeawayMenuItems.productId,
          position: takeawayMenuItems.position,
        })
        .from(takeawayMenuItems)
        .where(
          and(
            eq(takeawayMenuItems.restaurantId, id),
            eq(takeawayMenuItems.fulfillmentType, fulfillmentType),
          ),
        )
        .orderBy(asc(takeawayMenuItems.position));
      const categoryIds = [...new Set(items.map((item) => item.categoryId))];
      const dishIds = [...new Set(items.map((item) => item.productId))];
      const [categories, modifiers] = await Promise.all([
        categoryIds.length
          ? db
              .select()
              .from(takeawayCategories)
              .where(inArray(takeawayCategories.id, categoryIds))
              .orderBy(asc(takeawayCategories.position))
          : [],
        dishIds.length
          ? db
              .select()
              .from(takeawayModifiers)
              .where(inArray(takeawayModifiers.productId, dishIds))
              .orderBy(asc(takeawayModifiers.position))
          : [],
      ]);
      const productIds = [...new Set([...dishIds, ...modifiers.map((m) => m.subProductId)])];
      const products = productIds.length
        ? await db.select().from(takeawayProducts).where(inArray(takeawayProducts.id, productIds))
        : [];
      return {
        data: categories.map((category) => ({
          type: 'menu_categories' as const,
          id: String(category.id),
          attributes: {
            name: category.name,
            position: category.position,
            product_ids: items
              .filter((item) => item.categoryId === category.id)
              .map((item) => String(item.productId)),
          },
        })),
        included: products.map((product) => ({
          type: 'menu_products' as const,
          id: String(product.id),
          attributes: {
            title: product.title,
            description: product.description,
            price: product.pricePence / 100,
            image_url: product.imageUrl,
            kind: product.kind,
            is_kit: product.isKit,
            allergen_codes: product.allergenCodes,
            sub_products: modifiers
              .filter((m) => m.productId === product.id)
              .map((m) => ({ product_id: String(m.subProductId), position: m.position })),
          },
        })),
      };
    },

    listSnoozedProducts: async (request) => {
      const { id } = request.params;
      await findRestaurant(db, id, request.query.fulfillment_type);
      const rows = await db
        .select()
        .from(takeawaySnoozes)
        .where(and(eq(takeawaySnoozes.restaurantId, id), gt(takeawaySnoozes.until, now())));
      return {
        data: rows.map((row) => ({
          type: 'snoozed_products' as const,
          id: String(row.productId),
          attributes: { until: row.until.toISOString() },
        })),
      };
    },
  };
}
