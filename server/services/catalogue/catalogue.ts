import type { Queryable } from '../../db/database';

/**
 * The weekly-menu catalogue (product rule R7.16): an e-commerce catalogue in the shape of a
 * storefront GraphQL API. Embedded over the catalogue tables by default; an external endpoint
 * when CATALOGUE_GRAPHQL_URL is set (docs/catalogue.md). Ids here are numeric; the GraphQL
 * layer turns them into global ids (gid://sfoglia/ProductVariant/34).
 */
export interface CatalogueImage {
  url: string;
  altText: string | null;
}

export interface CatalogueVariant {
  id: number;
  productId: number;
  /** 'Regular' or 'Double Portion, Serves 2'. */
  title: string;
  sku: string | null;
  pricePence: number;
  isDouble: boolean;
  availableForSale: boolean;
  /** Null when the stock is not tracked. */
  quantityAvailable: number | null;
}

export interface CatalogueProduct {
  id: number;
  handle: string;
  title: string;
  descriptionHtml: string;
  tags: string[];
  /** Recipe Kit, Add-on, Bundle, Gift Box. */
  productType: string;
  availableForSale: boolean;
  allergens: number[];
  images: CatalogueImage[];
  variants: CatalogueVariant[];
}

export interface WeeklyMenu {
  id: number;
  /** menu-YYYY-MM-DD, the week's Monday. */
  handle: string;
  title: string;
  weekStart: string;
  products: CatalogueProduct[];
}

/** A variant with what baskets, orders and the chef's picks need of its product. */
export interface VariantDetails extends CatalogueVariant {
  productHandle: string;
  productTitle: string;
  productType: string;
  tags: string[];
  allergens: number[];
  imageUrl: string | null;
}

/** What order writers need of the catalogue: taking stock inside their transaction. */
export type StockKeeper = Pick<Catalogue, 'decrementStock'>;

export interface StockLine {
  variantId: number;
  quantity: number;
}

export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

export interface GraphqlResponse {
  data?: unknown;
  errors?: readonly { message: string; [key: string]: unknown }[];
}

/** What the storefront endpoint needs from the server for customerRecover. */
export interface StorefrontContext {
  /** Sends the password-reset email of the accounts flow; false when no account has the email. */
  recoverCustomer(email: string): Promise<'sent' | 'unknown' | 'invalid'>;
}

export interface Catalogue {
  readonly kind: 'embedded' | 'external';
  /** Weekly menus by handle (menu-2026-03-02) or week start (2026-03-02), in the order asked. */
  weeklyMenus(keys: readonly string[]): Promise<WeeklyMenu[]>;
  weeklyMenu(key: string): Promise<WeeklyMenu | undefined>;
  /** Variants by numeric id ("34" or 34); unknown ids are left out. */
  variants(ids: readonly (number | string)[]): Promise<VariantDetails[]>;
  /** The bundles the menu may show (product rule R7.3): our own list, whichever catalogue. */
  allowedBundleIds(): Promise<number[]>;
  /**
   * Takes ordered quantities off tracked stock, inside the caller's transaction. Returns the
   * variant ids without enough stock (nothing is taken for those); the caller rolls back.
   * The external catalogue keeps its own stock, so there it takes nothing.
   */
  decrementStock(tx: Queryable, lines: readonly StockLine[]): Promise<number[]>;
  /** Runs a storefront GraphQL request (the browser's, through POST storefront/graphql). */
  storefront(request: GraphqlRequest, context: StorefrontContext): Promise<GraphqlResponse>;
}

export const GID_PREFIX = 'gid://sfoglia/';

export type GidType = 'Product' | 'ProductVariant' | 'Collection';

export const toGid = (type: GidType, id: number) => `${GID_PREFIX}${type}/${id}`;

/** The numeric id of a global id of that type, or undefined. */
export function fromGid(type: GidType, gid: string): number | undefined {
  const match = new RegExp(`^gid://[a-z0-9-]+/${type}/(\\d{1,9})$`).exec(gid);
  return match?.[1] ? Number(match[1]) : undefined;
}

export const penceToAmount = (pence: number) => (pence / 100).toFixed(2);
export const amountToPence = (amount: string) => Math.round(Number(amount) * 100);
