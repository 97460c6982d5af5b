import {
  allergenCodes,
  isDoubleVariant,
  MENU_PAGE_SIZES,
  menuHandle,
  menuWeekOf,
  numericId,
  weeklyMenusOf,
  weeklyMenusRequest,
  type StorefrontProduct,
  type WeeklyMenusData,
} from '../../domain/storefront-queries';
import { API_BASE, api, unwrap } from './client';

/** Product rule R7.6: a weekly menu that fails to load. */
export const MENU_FETCH_FAILED = "Couldn't fetch menu";

/** The query limits of product rule R7.7 (docs/catalogue.md): the server refuses anything above them. */
export const MENU_LIMITS = { collections: 3, handles: 20, ...MENU_PAGE_SIZES };

/** Product rule R7.8: allergen codes 100 (celery) to 134 (sources of gluten); the named ones. */
export const ALLERGEN_NAMES: Readonly<Record<number, string>> = {
  100: 'Celery',
  101: 'Gluten',
  102: 'Crustaceans',
  103: 'Fish',
  104: 'Eggs',
  106: 'Milk',
  109: 'Nuts',
  110: 'Peanuts',
  111: 'Sesame',
  112: 'Soya',
  113: 'Sulphites',
  134: 'Sources of gluten',
};

export const allergenName = (code: number) => ALLERGEN_NAMES[code] ?? `Allergen ${code}`;

/** The weekly menu product's variant (product rule R7.16); ids are the REST API's numeric ids ("34"). */
export interface WeeklyMenuVariant {
  id: string;
  title: string;
  sku: string | null;
  /** Pounds. */
  price: number;
  isDouble: boolean;
  availableForSale: boolean;
  quantityAvailable: number | null;
}

/** The weekly menu product (product rule R7.16), with its allergens by name. */
export interface WeeklyMenuProduct {
  id: string;
  handle: string;
  title: string;
  descriptionHtml: string;
  tags: string[];
  productType: string;
  availableForSale: boolean;
  images: { url: string; altText: string | null }[];
  featuredImageUrl: string | null;
  variants: WeeklyMenuVariant[];
  allergens: { code: number; name: string }[];
}

export interface WeeklyMenu {
  /** The weekly menu's id (its collection's), for its dish ratings (product rule R12.13). */
  id: number;
  handle: string;
  title: string;
  /** The week's Monday, YYYY-MM-DD. */
  weekStart: string;
  products: WeeklyMenuProduct[];
}

/** A product as the storefront answers it (domain/storefront-queries.ts). */
export type GraphqlProduct = StorefrontProduct;

export function toWeeklyMenuProduct(node: GraphqlProduct): WeeklyMenuProduct {
  const images = node.images.nodes.map(({ url, altText }) => ({ url, altText }));
  return {
    id: numericId(node.id),
    handle: node.handle,
    title: node.title,
    descriptionHtml: node.descriptionHtml,
    tags: node.tags,
    productType: node.productType,
    availableForSale: node.availableForSale,
    images,
    featuredImageUrl: node.featuredImage?.url ?? images[0]?.url ?? null,
    variants: node.variants.nodes.map((variant) => ({
      id: numericId(variant.id),
      title: variant.title,
      sku: variant.sku,
      price: Number(variant.price.amount),
      isDouble: isDoubleVariant(variant),
      availableForSale: variant.availableForSale,
      quantityAvailable: variant.quantityAvailable,
    })),
    allergens: allergenCodes(node.allergens).map((code) => ({ code, name: allergenName(code) })),
  };
}

/** One GraphQL request to the catalogue: `{ data, errors }`, any error is a failed menu. */
async function storefront<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${API_BASE}/storefront/graphql`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', 'X-Branch': 'web' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json().catch(() => null)) as {
    data?: T | null;
    errors?: { message: string }[];
  } | null;
  if (!response.ok || !body?.data || (body.errors && body.errors.length > 0))
    throw new Error(MENU_FETCH_FAILED);
  return body.data;
}

/** The menus of up to three weeks (Mondays) in one request; a week without a menu is left out. */
export async function fetchWeeklyMenus(weeks: readonly string[]): Promise<WeeklyMenu[]> {
  if (weeks.length === 0) return [];
  if (weeks.length > MENU_LIMITS.collections)
    throw new Error(`At most ${MENU_LIMITS.collections} weekly menus per request`);
  const handles = weeks.map(menuHandle);
  const { query, variables } = weeklyMenusRequest(handles);
  return weeklyMenusFromData(handles, await storefront<WeeklyMenusData>(query, variables));
}

/**
 * The menus of a weeklyMenusRequest's `data`, as fetched or as a page drawn on the server carried
 * it (R14.14). Only the weeks asked for, each under its own alias: a week without a menu is null.
 */
export function weeklyMenusFromData(
  handles: readonly string[],
  data: WeeklyMenusData,
): WeeklyMenu[] {
  return weeklyMenusOf(handles, data).flatMap((collection) => {
    const week = menuWeekOf(collection);
    if (!week) return [];
    return [
      {
        id: Number(numericId(collection.id)),
        handle: collection.handle,
        title: collection.title,
        weekStart: week,
        products: collection.products.nodes.map(toWeeklyMenuProduct),
      },
    ];
  });
}

/** Product rule R7.3: the bundles the menu may show (GET bundles), by catalogue product id. */
export async function fetchAllowedBundleIds(): Promise<Set<string>> {
  return allowedBundleIdsOf(await unwrap(api.GET('/bundles'), MENU_FETCH_FAILED));
}

export const allowedBundleIdsOf = (body: { data: { id: string }[] }): Set<string> =>
  new Set(body.data.map((bundle) => bundle.id));
