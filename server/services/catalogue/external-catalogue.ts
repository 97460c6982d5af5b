import { asc } from 'drizzle-orm';
import {
  allergenCodes,
  isDoubleVariant,
  menuWeekOf,
  weeklyMenusOf,
  weeklyMenusRequest,
  type StorefrontCollection,
  type WeeklyMenusData,
} from '../../../domain/storefront-queries';
import { addDays, menuHandle, weekStart } from '../../../domain/weeks';
import type { Database } from '../../db/database';
import { allowedBundles } from '../../db/schema';
import {
  amountToPence,
  fromGid,
  type Catalogue,
  type CatalogueProduct,
  type GraphqlRequest,
  type GraphqlResponse,
  type VariantDetails,
  type WeeklyMenu,
} from './catalogue';

/** Product rule R7.7: a query fetches up to 3 collections. */
const COLLECTIONS_PER_QUERY = 3;
/** Weeks searched for a variant by id: the previous week to five weeks ahead. */
const VARIANT_WEEKS = { from: -1, to: 6 };
const TIMEOUT_MS = 10_000;

export class CatalogueUnavailableError extends Error {}

/** A store's collection as our menu; undefined when its handle is not a menu's. */
function toMenu(node: StorefrontCollection): WeeklyMenu | undefined {
  const week = menuWeekOf(node);
  if (!week) return undefined;
  return {
    id: fromGid('Collection', node.id) ?? 0,
    handle: node.handle,
    title: node.title,
    weekStart: week,
    products: node.products.nodes.map((product): CatalogueProduct => {
      const productId = fromGid('Product', product.id) ?? 0;
      return {
        id: productId,
        handle: product.handle,
        title: product.title,
        descriptionHtml: product.descriptionHtml,
        tags: product.tags,
        productType: product.productType,
        availableForSale: product.availableForSale,
        allergens: allergenCodes(product.allergens),
        images: product.images.nodes,
        variants: product.variants.nodes.map((variant) => ({
          id: fromGid('ProductVariant', variant.id) ?? 0,
          productId,
          title: variant.title,
          sku: variant.sku,
          pricePence: amountToPence(variant.price.amount),
          isDouble: isDoubleVariant(variant),
          availableForSale: variant.availableForSale,
          quantityAvailable: variant.quantityAvailable,
        })),
      };
    }),
  };
}

/**
 * The catalogue at CATALOGUE_GRAPHQL_URL (a storefront API), sending CATALOGUE_TOKEN as
 * X-Shopify-Storefront-Access-Token. The allowed bundles stay our own list (GET bundles).
 */
export function externalCatalogue(options: {
  url: string;
  token: string | undefined;
  db: Database;
  now: () => Date;
  fetch?: typeof fetch;
}): Catalogue {
  const send = options.fetch ?? fetch;

  const post = async (request: GraphqlRequest): Promise<GraphqlResponse> => {
    const response = await send(options.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(options.token ? { 'x-shopify-storefront-access-token': options.token } : {}),
      },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok && response.status !== 400)
      throw new CatalogueUnavailableError(`Catalogue answered HTTP ${response.status}`);
    return (await response.json()) as GraphqlResponse;
  };

  const menusByHandles = async (handles: readonly string[]) => {
    const chunks: string[][] = [];
    for (let i = 0; i < handles.length; i += COLLECTIONS_PER_QUERY)
      chunks.push(handles.slice(i, i + COLLECTIONS_PER_QUERY));
    const answers = await Promise.all(
      chunks.map(async (chunk) => ({ chunk, answer: await post(weeklyMenusRequest(chunk)) })),
    );
    // In the order of the handles: each chunk's weeks in order, the chunks in order.
    return answers.flatMap(({ chunk, answer }) => {
      if (answer.errors?.length)
        throw new CatalogueUnavailableError(answer.errors.map((e) => e.message).join('; '));
      if (!answer.data) throw new CatalogueUnavailableError('Catalogue answered no data');
      return weeklyMenusOf(chunk, answer.data as WeeklyMenusData).flatMap(
        (node) => toMenu(node) ?? [],
      );
    });
  };

  const handleOf = (key: string) => (key.startsWith('menu-') ? key : menuHandle(key));

  return {
    kind: 'external',
    weeklyMenus: (keys) => menusByHandles(keys.map(handleOf)),
    weeklyMenu: async (key) => (await menusByHandles([handleOf(key)]))[0],
    variants: async (ids) => {
      // The contract has no variant lookup: the variants of the menus around now are searched.
      const wanted = new Set(ids.map(Number));
      const thisWeek = weekStart(options.now());
      const handles: string[] = [];
      for (let week = VARIANT_WEEKS.from; week <= VARIANT_WEEKS.to; week += 1)
        handles.push(menuHandle(addDays(thisWeek, week * 7)));
      const found = new Map<number, VariantDetails>();
      for (const menu of await menusByHandles(handles))
        for (const product of menu.products)
          for (const variant of product.variants)
            if (wanted.has(variant.id) && !found.has(variant.id))
              found.set(variant.id, {
                ...variant,
                productHandle: product.handle,
                productTitle: product.title,
                productType: product.productType,
                tags: product.tags,
                allergens: product.allergens,
                imageUrl: product.images[0]?.url ?? null,
              });
      return [...found.values()];
    },
    allowedBundleIds: async () =>
      (
        await options.db
          .select({ id: allowedBundles.productId })
          .from(allowedBundles)
          .orderBy(asc(allowedBundles.productId))
      ).map((row) => row.id),
    decrementStock: async () => [],
    // The browser's request is forwarded as it is; the external catalogue enforces its limits
    // and sends its own customerRecover email.
    storefront: (request) => post(request),
  };
}
