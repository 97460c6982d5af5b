import { and, eq, gt, inArray } from 'drizzle-orm';
import { isAddressReady } from '../../../domain/address';
import { formatPrice, MINIMUM_SPEND_POUNDS } from '../../../domain/money';
import { amountLeftToMinimum, isTakeawayBasketValid } from '../../../domain/takeaway-basket';
import type { Queryable } from '../../db/database';
import { restaurants, takeawaySnoozes, type BasketAddress } from '../../db/schema';
import { ApiError } from '../../http/jsonapi';
import { lineTotals, type BasketItemRow, type BasketRow } from '../baskets';

const invalid = (code: string, title: string, detail: string) =>
  new ApiError(400, code, title, { detail });

/**
 * What GET baskets/{id}/validate and POST orders/takeaway both check, so their rules and messages
 * cannot drift: items, the restaurant's minimum (pre-discount subtotal), nothing sold out.
 */
export async function assertBasketValid(
  db: Queryable,
  basket: BasketRow,
  items: BasketItemRow[],
  now: Date,
): Promise<void> {
  const lines = lineTotals(items);
  const subtotal = lines.reduce((sum, line) => sum + line.totalPence, 0) / 100;
  if (lines.length === 0) throw invalid('basket_empty', 'Basket empty', 'Your basket is empty');
  if (basket.type !== 'TakeawayBasket') return;
  if (!isTakeawayBasketValid(lines.length, subtotal, MINIMUM_SPEND_POUNDS)) {
    throw invalid(
      'below_minimum',
      'Below the minimum order',
      `Add ${formatPrice(amountLeftToMinimum(subtotal, MINIMUM_SPEND_POUNDS))} more to reach the ${formatPrice(MINIMUM_SPEND_POUNDS)} minimum`,
    );
  }
  if (basket.restaurantId === null) return;
  const productIds = lines.map((line) => line.item.productId);
  const snoozed = await db
    .select({ productId: takeawaySnoozes.productId })
    .from(takeawaySnoozes)
    .where(
      and(
        eq(takeawaySnoozes.restaurantId, basket.restaurantId),
        inArray(takeawaySnoozes.productId, productIds),
        gt(takeawaySnoozes.until, now),
      ),
    );
  const soldOut = lines.filter((line) => snoozed.some((s) => s.productId === line.item.productId));
  if (soldOut.length) {
    throw invalid(
      'product_unavailable',
      'Sold out',
      `${soldOut.map((line) => line.item.title).join(', ')} sold out for now: remove it to continue`,
    );
  }
}

export interface Recipient {
  firstName: string;
  lastName: string;
  phone: string | null;
}

/**
 * What an order needs beyond a valid basket: a restaurant that offers the fulfilment type and,
 * for delivery, an address ready per product rule R6.3 with the recipient's names and phone (the
 * customer's own when the address has none). Answers the address the order keeps.
 */
export async function assertBasketOrderable(
  db: Queryable,
  basket: BasketRow,
  customer: Recipient,
): Promise<{ restaurantSite: string; address: BasketAddress | null }> {
  const [restaurant] =
    basket.restaurantId === null
      ? []
      : await db.select().from(restaurants).where(eq(restaurants.id, basket.restaurantId));
  if (!restaurant)
    throw invalid(
      'restaurant_required',
      'Restaurant required',
      'Choose a restaurant to order from',
    );
  if (!restaurant.fulfillmentTypes.includes(basket.fulfillmentType)) {
    throw invalid(
      'fulfillment_type_unavailable',
      'Not offered here',
      `${restaurant.site} does not offer ${basket.fulfillmentType.replace('_', '-')} orders`,
    );
  }
  if (basket.fulfillmentType !== 'delivery')
    return { restaurantSite: restaurant.site, address: basket.address ?? null };
  if (!isAddressReady(basket.address) || !basket.address) {
    throw invalid(
      'address_required',
      'Delivery address required',
      'Add the street, town and postcode to deliver to',
    );
  }
  const address: BasketAddress = {
    ...basket.address,
    first_name: basket.address.first_name?.trim() || customer.firstName,
    last_name: basket.address.last_name?.trim() || customer.lastName,
    phone: basket.address.phone?.trim() || customer.phone,
  };
  if (!address.first_name?.trim() || !address.last_name?.trim()) {
    throw invalid('name_required', 'Name required', 'Add the first and last name to deliver to');
  }
  if (!address.phone) {
    throw invalid('phone_required', 'Phone required', 'Add a phone number for the driver to call');
  }
  return { restaurantSite: restaurant.site, address };
}
