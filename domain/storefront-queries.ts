import { isDoublePortion } from './portion';
import { weekOfMenuHandle } from './weeks';

/**
 * The storefront GraphQL documents the app sends, built in one place for the server and the
 * browser (docs/catalogue.md). They use only Shopify's Storefront API schema: what a store has no
 * field for travels the way a real store carries it (a metafield, the collection's handle, the
 * variant's title), and tests/unit/storefront-queries.test.ts validates every document here
 * against Shopify's published schema.
 */

/** Spec section 9: a query fetches up to 100 products, 5 images and 2 variants. */
export const MENU_PAGE_SIZES = { products: 100, images: 5, variants: 2 } as const;

export interface PageSizes {
  products: number;
  images: number;
  variants: number;
}

/** Our own data on a store: a product's allergen codes, a JSON list of integers. */
export const ALLERGENS_METAFIELD = {
  namespace: 'sfoglia',
  key: 'allergens',
  type: 'list.number_integer',
} as const;

interface MetafieldIdentifier {
  namespace: string;
  key: string;
}

const metafield = (alias: string, { namespace, key }: MetafieldIdentifier) =>
  `${alias}: metafield(namespace: "${namespace}", key: "${key}") { value }`;

/** The weekly menus by handle: one collection a week, its products with their variants. */
export function weeklyMenusQuery(pages: PageSizes = MENU_PAGE_SIZES): string {
  return /* GraphQL */ `
    query WeeklyMenus($first: Int!, $query: String) {
      collections(first: $first, query: $query) {
        nodes {
          id
          handle
          title
          products(first: ${pages.products}) {
            nodes {
              id
              handle
              title
              descriptionHtml
              tags
              productType
              availableForSale
              ${metafield('allergens', ALLERGENS_METAFIELD)}
              featuredImage { url altText }
              images(first: ${pages.images}) { nodes { url altText } }
              variants(first: ${pages.variants}) {
                nodes {
                  id
                  title
                  sku
                  price { amount currencyCode }
                  availableForSale
                  quantityAvailable
                }
              }
            }
          }
        }
      }
    }
  `;
}

export const WEEKLY_MENUS_QUERY = weeklyMenusQuery();

/** Every storefront document the app sends, by operation name. */
export const STOREFRONT_QUERIES = { WeeklyMenus: WEEKLY_MENUS_QUERY } as const;

/** Menus by handle: `handle:a OR handle:b`, as many collections as handles. */
export const weeklyMenusVariables = (handles: readonly string[]) => ({
  first: handles.length,
  query: handles.map((handle) => `handle:${handle}`).join(' OR '),
});

export interface StorefrontImage {
  url: string;
  altText: string | null;
}

export interface StorefrontVariant {
  id: string;
  /** 'Regular' or 'Double Portion, Serves 2': the Portion option's value. */
  title: string;
  sku: string | null;
  price: { amount: string; currencyCode: string };
  availableForSale: boolean;
  quantityAvailable: number | null;
}

export interface StorefrontProduct {
  id: string;
  handle: string;
  title: string;
  descriptionHtml: string;
  tags: string[];
  productType: string;
  availableForSale: boolean;
  allergens: { value: string } | null;
  featuredImage: StorefrontImage | null;
  images: { nodes: StorefrontImage[] };
  variants: { nodes: StorefrontVariant[] };
}

export interface StorefrontCollection {
  id: string;
  handle: string;
  title: string;
  products: { nodes: StorefrontProduct[] };
}

/** The `data` of WEEKLY_MENUS_QUERY. */
export interface WeeklyMenusData {
  collections: { nodes: StorefrontCollection[] };
}

/** A list.number_integer metafield's codes; none when it is missing or not such a list. */
export function allergenCodes(field: { value: string } | null): number[] {
  if (!field) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(field.value);
  } catch {
    return [];
  }
  return Array.isArray(parsed) ? parsed.filter((code) => Number.isInteger(code)) : [];
}

/** A menu's week is in its handle (menu-YYYY-MM-DD, the Monday); undefined for other handles. */
export const menuWeekOf = (collection: Pick<StorefrontCollection, 'handle'>) =>
  weekOfMenuHandle(collection.handle);

/** Spec section 5: the portion is read from the variant's title. */
export const isDoubleVariant = (variant: Pick<StorefrontVariant, 'title'>) =>
  isDoublePortion(variant.title);
