import { and, eq, gt, inArray, or } from 'drizzle-orm';
import {
  basketItems,
  baskets,
  restaurants,
  takeawayMenuItems,
  takeawayModifiers,
  takeawayProducts,
  takeawaySnoozes,
} from '../../db/schema';
import type { Queryable } from '../../db/database';
import type { OperationHandlers } from '../../http/handler';
import { ApiError, notFound } from '../../http/jsonapi';
import {
  ensureOwner,
  findOwner,
  itemsOf,
  ownedBy,
  requireBasket,
  requireBasketWithVoucher,
  type BasketRow,
} from '../../services/baskets';
import { assertBasketValid } from '../../services/orders/basket-checks';
import { basketVouchersOf, priceBasket } from '../../services/basket-pricing';
import type { Deps } from '../../deps';
import {
  basketDocument,
  basketItemResources,
  basketResource,
  kitItemDetails,
} from './basket-document';
import { addKitItem, assertKitBasketValid, assertKitQuantity } from './kit-items';
import { addTakeawayLine } from './takeaway-items';

const invalid = (code: string, title: string, detail: string, pointer?: string) =>
  new ApiError(400, code, title, pointer ? { detail, pointer } : { detail });

/** The restaurant exists and, when a fulfilment type is given, offers it. */
async function assertRestaurantOffers(
  db: Queryable,
  restaurantId: number,
  fulfillmentType: string | undefined,
) {
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  if (!restaurant)
    throw invalid(
      'unknown_restaurant',
      'Unknown restaurant',
      'Choose one of our restaurants',
      '/restaurant_id',
    );
  if (fulfillmentType && !restaurant.fulfillmentTypes.includes(fulfillmentType)) {
    throw invalid(
      'fulfillment_type_unavailable',
      'Not offered here',
      `${restaurant.site} does not offer ${fulfillmentType.replace('_', '-')} orders`,
      '/fulfillment_type',
    );
  }
}

const isoDate = (instant: Date) => instant.toISOString().slice(0, 10);

async function document(db: Queryable, basket: BasketRow, at: Date) {
  return basketDocument(db, basket, await itemsOf(db, [basket.id]), at);
}

export function basketHandlers({
  db,
  config,
  now,
}: Deps): OperationHandlers<
  | 'listBaskets'
  | 'createBasket'
  | 'getBasket'
  | 'updateBasket'
  | 'deleteBasket'
  | 'addBasketItem'
  | 'updateBasketItem'
  | 'deleteBasketItem'
  | 'deleteBasketItems'
  | 'validateBasket'
  | 'deleteBasketByType'
> {
  return {
    listBaskets: async (request) => {
      const owner = await findOwner(request, db, now());
      if (!owner) return { data: [], included: [] };
      const rows = await db.select().from(baskets).where(ownedBy(owner));
      const ids = rows.map((row) => row.id);
      const [items, vouchers] = await Promise.all([itemsOf(db, ids), basketVouchersOf(db, ids)]);
      const at = now();
      const data = await Promise.all(
        rows.map(async (row) => {
          const own = items.filter((item) => item.basketId === row.id);
          const voucher = vouchers.get(row.id);
          const price = await priceBasket(db, row, own, at, voucher ?? null);
          return basketResource(row, own, price, voucher);
        }),
      );
      return { data, included: basketItemResources(items, await kitItemDetails(db, items)) };
    },

    createBasket: async (request, reply) => {
      const body = request.body;
      const fulfillmentType = body.fulfillment_type ?? 'delivery';
      if (body.type === 'TakeawayBasket') {
        if (!body.restaurant_id)
          throw invalid(
            'restaurant_required',
            'Restaurant required',
            'A takeaway basket needs a restaurant',
            '/restaurant_id',
          );
        await assertRestaurantOffers(db, body.restaurant_id, fulfillmentType);
      } else if (body.restaurant_id !== undefined) {
        // Another basket may name a restaurant too: an unknown one is refused, not a foreign-key 500.
        await assertRestaurantOffers(db, body.restaurant_id, undefined);
      }
      const owner = await ensureOwner(request, reply, db, config, now());
      const today = now().toISOString().slice(0, 10);
      await db
        .insert(baskets)
        .values({
          type: body.type,
          ...('customerId' in owner
            ? { customerId: owner.customerId }
            : { sessionTokenHash: owner.sessionTokenHash }),
          startSubscription: body.start_subscription ?? false,
          fulfillmentType,
          deliveryDate: body.delivery_date ?? (body.type === 'TakeawayBasket' ? today : null),
          timeSlot: body.time_slot ?? 'asap',
          timeSlotEndTime: body.time_slot_end_time ?? null,
          restaurantId: body.restaurant_id ?? null,
          address: body.address ?? null,
        })
        .onConflictDoNothing();
      // One basket per type per owner: a retried or concurrent create answers the same basket.
      const [basket] = await db
        .select()
        .from(baskets)
        .where(and(ownedBy(owner), eq(baskets.type, body.type)));
      if (!basket) throw new Error('basket vanished after insert');
      reply.code(201);
      return document(db, basket, now());
    },

    getBasket: async (request) => {
      const owner = await findOwner(request, db, now());
      // The items are read beside the basket (in parallel on a server); another owner's are dropped.
      const [{ basket, voucher }, items] = await Promise.all([
        requireBasketWithVoucher(db, owner, request.params.id),
        owner ? itemsOf(db, [request.params.id]) : [],
      ]);
      return basketDocument(db, basket, items, now(), voucher);
    },

    updateBasket: async (request) => {
      const basket = await requireBasket(
        db,
        await findOwner(request, db, now()),
        request.params.id,
      );
      const body = request.body;
      const restaurantId = body.restaurant_id ?? basket.restaurantId;
      const fulfillmentType = body.fulfillment_type ?? basket.fulfillmentType;
      if (
        basket.type === 'TakeawayBasket' &&
        restaurantId !== null &&
        (body.restaurant_id || body.fulfillment_type)
      ) {
        await assertRestaurantOffers(db, restaurantId, fulfillmentType);
      } else if (body.restaurant_id !== undefined) {
        await assertRestaurantOffers(db, body.restaurant_id, undefined);
      }
      const [updated] = await db
        .update(baskets)
        .set({
          ...(body.delivery_date !== undefined && { deliveryDate: body.delivery_date }),
          ...(body.time_slot !== undefined && { timeSlot: body.time_slot }),
          ...(body.time_slot_end_time !== undefined && {
            timeSlotEndTime: body.time_slot_end_time,
          }),
          ...(body.restaurant_id !== undefined && { restaurantId: body.restaurant_id }),
          ...(body.fulfillment_type !== undefined && { fulfillmentType: body.fulfillment_type }),
          ...(body.address !== undefined && { address: body.address }),
          ...(body.delivery_note !== undefined && { deliveryNote: body.delivery_note }),
          ...(body.table_number !== undefined && { tableNumber: body.table_number }),
          ...(body.frequency !== undefined && { frequency: body.frequency }),
          ...(body.number_of_recipes !== undefined && { numberOfRecipes: body.number_of_recipes }),
          ...(body.start_subscription !== undefined && {
            startSubscription: body.start_subscription,
          }),
          updatedAt: now(),
        })
        .where(eq(baskets.id, basket.id))
        .returning();
      return document(db, updated ?? basket, now());
    },

    deleteBasket: async (request, reply) => {
      const basket = await requireBasket(
        db,
        await findOwner(request, db, now()),
        request.params.id,
      );
      await db.delete(baskets).where(eq(baskets.id, basket.id));
      reply.code(204);
      return undefined;
    },

    addBasketItem: async (request, reply) => {
      const basket = await requireBasket(
        db,
        await findOwner(request, db, now()),
        request.params.id,
      );
      const body = request.body;
      if (basket.type === 'RecipeKitBasket') {
        if (body.sub_items?.length)
          throw invalid(
            'unknown_modifier',
            'Unknown option',
            'Recipe kits have no options',
            '/sub_items',
          );
        await db.transaction((tx) => addKitItem(tx, basket, body, now()));
        reply.code(201);
        return document(db, basket, now());
      }
      if (body.meal_week !== undefined)
        throw invalid(
          'meal_week_not_allowed',
          'Not a recipe kit',
          'Only recipe-kit dishes have a meal week',
          '/meal_week',
        );
      const productId = Number(body.product_variant_id);
      if (
        basket.type !== 'TakeawayBasket' ||
        !Number.isInteger(productId) ||
        basket.restaurantId === null
      ) {
        throw invalid(
          'unknown_product',
          'Unknown product',
          'This product is not on the menu',
          '/product_variant_id',
        );
      }
      const [onMenu] = await db
        .select({ product: takeawayProducts })
        .from(takeawayMenuItems)
        .innerJoin(takeawayProducts, eq(takeawayProducts.id, takeawayMenuItems.productId))
        .where(
          and(
            eq(takeawayMenuItems.restaurantId, basket.restaurantId),
            eq(takeawayMenuItems.fulfillmentType, basket.fulfillmentType),
            eq(takeawayMenuItems.productId, productId),
          ),
        );
      if (!onMenu)
        throw invalid(
          'unknown_product',
          'Unknown product',
          'This product is not on the menu',
          '/product_variant_id',
        );
      const [snoozed] = await db
        .select()
        .from(takeawaySnoozes)
        .where(
          and(
            eq(takeawaySnoozes.restaurantId, basket.restaurantId),
            eq(takeawaySnoozes.productId, productId),
            gt(takeawaySnoozes.until, now()),
          ),
        );
      if (snoozed)
        throw invalid(
          'product_unavailable',
          'Sold out',
          `${onMenu.product.title} is sold out for now`,
          '/product_variant_id',
        );
      const subIds = (body.sub_items ?? []).map((sub) => Number(sub.product_variant_id));
      const allowed = subIds.length
        ? await db
            .select({ product: takeawayProducts })
            .from(takeawayModifiers)
            .innerJoin(takeawayProducts, eq(takeawayProducts.id, takeawayModifiers.subProductId))
            .where(
              and(
                eq(takeawayModifiers.productId, productId),
                inArray(takeawayModifiers.subProductId, subIds.filter(Number.isInteger)),
              ),
            )
        : [];
      if (allowed.length !== new Set(subIds).size || allowed.length !== subIds.length) {
        throw invalid(
          'unknown_modifier',
          'Unknown option',
          `An option chosen is not available for ${onMenu.product.title}`,
          '/sub_items',
        );
      }
      await db.transaction((tx) =>
        addTakeawayLine(tx, {
          basketId: basket.id,
          product: onMenu.product,
          modifiers: allowed.map(({ product }) => product),
          quantity: body.quantity,
        }),
      );
      reply.code(201);
      return document(db, basket, now());
    },

    updateBasketItem: async (request) => {
      const basket = await requireBasket(
        db,
        await findOwner(request, db, now()),
        request.params.id,
      );
      if (basket.type === 'RecipeKitBasket') {
        const [item] = await db
          .select()
          .from(basketItems)
          .where(
            and(eq(basketItems.id, request.params.itemId), eq(basketItems.basketId, basket.id)),
          );
        if (!item) throw notFound('Basket item');
        await assertKitQuantity(db, item, request.body.quantity, now());
      }
      const [updated] = await db
        .update(basketItems)
        .set({ quantity: request.body.quantity })
        .where(and(eq(basketItems.id, request.params.itemId), eq(basketItems.basketId, basket.id)))
        .returning();
      if (!updated || updated.parentId !== null) throw notFound('Basket item');
      return document(db, basket, now());
    },

    deleteBasketItem: async (request) => {
      const basket = await requireBasket(
        db,
        await findOwner(request, db, now()),
        request.params.id,
      );
      const { itemId } = request.params;
      const removed = await db
        .delete(basketItems)
        .where(
          and(
            eq(basketItems.basketId, basket.id),
            or(eq(basketItems.id, itemId), eq(basketItems.parentId, itemId)),
          ),
        )
        .returning();
      if (removed.length === 0) throw notFound('Basket item');
      return document(db, basket, now());
    },

    deleteBasketItems: async (request) => {
      const basket = await requireBasket(
        db,
        await findOwner(request, db, now()),
        request.params.id,
      );
      const ids = request.body.ids.map(Number).filter(Number.isInteger);
      if (ids.length !== request.body.ids.length)
        throw invalid('invalid_ids', 'Invalid ids', 'Item ids are numbers', '/ids');
      await db
        .delete(basketItems)
        .where(
          and(
            eq(basketItems.basketId, basket.id),
            or(inArray(basketItems.id, ids), inArray(basketItems.parentId, ids)),
          ),
        );
      return document(db, basket, now());
    },

    validateBasket: async (request) => {
      const basket = await requireBasket(
        db,
        await findOwner(request, db, now()),
        request.params.id,
      );
      const items = await itemsOf(db, [basket.id]);
      if (basket.type === 'RecipeKitBasket')
        await assertKitBasketValid(db, basket, items, isoDate(now()));
      else await assertBasketValid(db, basket, items, now());
      return basketDocument(db, basket, items, now());
    },

    deleteBasketByType: async (request, reply) => {
      const owner = await findOwner(request, db, now());
      if (owner)
        await db.delete(baskets).where(and(ownedBy(owner), eq(baskets.type, request.params.type)));
      reply.code(204);
      return undefined;
    },
  };
}
