import { isDoublePortion } from './portion';
import { weekOfMenuHandle } from './weeks';

/**
 * The storefront GraphQL documents the app sends, built in one place for the server and the
 * browser (docs/catalogue.md). They use only Shopify's Storefront API schema: what a store has no
 * field for travels the way a real store carries it (a metafield, the collection's handle, the
 * variant's title), and tests/unit/storefront-queries.test.ts validates every document here
 * against Shopify's published schema.
 */

/** Product rule R7.7: a query fetches up to 100 products, 5 images and 2 variants. */
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

/** The fields the app reads of a weekly menu (a collection), as a fragment every week shares. */
const weeklyMenuFragment = (pages: PageSizes) => /* GraphQL */ `
  fragment WeeklyMenu on Collection {
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
`;

/** The alias, and the variable, of the i-th week asked for: w0, w1, ... */
/** gid://sfoglia/ProductVariant/34 -> "34": the REST API's numeric id. */
export const numericId = (gid: string) => gid.slice(gid.lastIndexOf('/') + 1);

export const weekAlias = (index: number) => `w${index}`;

/**
 * The weekly menus by handle, one aliased `collection(handle:)` a week. Shopify's
 * `collections(query:)` filters only by collection_type, title and updated_at, so a handle
 * filter there may be ignored; `collection(handle:)` is the documented lookup by handle. The
 * handles travel as variables, never spliced into the document.
 */
export function weeklyMenusRequest(
  handles: readonly string[],
  pages: PageSizes = MENU_PAGE_SIZES,
): { query: string; variables: Record<string, string> } {
  if (handles.length === 0) throw new Error('weeklyMenusRequest: no handles');
  const aliases = handles.map((_handle, index) => weekAlias(index));
  const query = /* GraphQL */ `
    query WeeklyMenus(${aliases.map((alias) => `$${alias}: String!`).join(', ')}) {
      ${aliases.map((alias) => `${alias}: collection(handle: $${alias}) { ...WeeklyMenu }`).join('\n      ')}
    }
    ${weeklyMenuFragment(pages)}
  `;
  return {
    query,
    variables: Object.fromEntries(handles.map((handle, index) => [weekAlias(index), handle])),
  };
}

/** Every storefront document the app sends, by operation name and shape. */
export const STOREFRONT_QUERIES = {
  'WeeklyMenus, one week': weeklyMenusRequest(['menu-2026-03-02']).query,
  'WeeklyMenus, three weeks': weeklyMenusRequest([
    'menu-2026-03-02',
    'menu-2026-03-09',
    'menu-2026-03-16',
  ]).query,
} as const;

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

/** A week's menu handle: menu-YYYY-MM-DD, its Monday. */
export const menuHandle = (week: string) => `menu-${week}`;

/**
 * Product rule R14.14: the key under which a page drawn on the server carries one week's
 * weeklyMenusRequest `data` (the storefront is a POST, so it has no API path of its own).
 */
export const weekMenuPageKey = (week: string) => `/storefront/graphql#${menuHandle(week)}`;

/** The `data` of a weeklyMenusRequest: each week's alias, null for a handle the store lacks. */
export type WeeklyMenusData = Partial<Record<string, StorefrontCollection | null>>;

/**
 * The menus found, in the order of the handles asked for; a week the store has no collection for
 * is left out, and so is a collection answering with another handle than the one asked for.
 */
export const weeklyMenusOf = (
  handles: readonly string[],
  data: WeeklyMenusData,
): StorefrontCollection[] =>
  handles.flatMap((handle, index) => {
    const collection = data[weekAlias(index)];
    return collection?.handle === handle ? [collection] : [];
  });

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

/** Product rule R7.9: the portion is read from the variant's title. */
export const isDoubleVariant = (variant: Pick<StorefrontVariant, 'title'>) =>
  isDoublePortion(variant.title);
