import {
  buildSchema,
  execute,
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
} from 'graphql';
import { ALLERGENS_METAFIELD } from '../../../domain/storefront-queries';
import {
  fromGid,
  penceToAmount,
  toGid,
  type CatalogueImage,
  type CatalogueProduct,
  type CatalogueVariant,
  type GraphqlRequest,
  type GraphqlResponse,
  type StorefrontContext,
  type WeeklyMenu,
} from './catalogue';
import { STOREFRONT_LIMITS, STOREFRONT_SDL } from './storefront-sdl';

/** A request larger than this is refused before parsing (the limits bound the answer, this the work). */
const MAX_QUERY_LENGTH = 20_000;

const schema = buildSchema(STOREFRONT_SDL);

/** Where the schema reads the catalogue: the embedded tables, or a stand-in in tests. */
export interface StorefrontSource {
  /** Menus by handle (all when handles is undefined), ordered by week, at most `first`. */
  collections(handles: readonly string[] | undefined, first: number): Promise<WeeklyMenu[]>;
  product(id: number): Promise<CatalogueProduct | undefined>;
}

/** Like Shopify, a connection needs its page size: nothing is fetched unasked. */
function limited(field: keyof typeof STOREFRONT_LIMITS, first: number | null | undefined): number {
  const limit = STOREFRONT_LIMITS[field];
  if (first === null || first === undefined)
    throw new GraphQLError(`${field}: you must provide first`);
  if (first < 0) throw new GraphQLError(`${field}: first must not be negative`);
  if (first > limit)
    throw new GraphQLError(`${field}: first must be at most ${limit} (asked for ${first})`, {
      extensions: { code: 'MAX_FIRST_EXCEEDED', limit },
    });
  return first;
}

/** A page of a connection, both as nodes and as edges (cursors are positions: no paging). */
function connection<T>(nodes: T[]) {
  return { nodes, edges: nodes.map((node, index) => ({ cursor: String(index + 1), node })) };
}

type PageArgs = { first?: number | null };
type MetafieldArgs = { namespace?: string | null; key: string };
interface MetafieldValue {
  type: string;
  value: string;
}

/** Our metafields of one object, under the sfoglia namespace (docs/catalogue.md). */
const metafields =
  (values: Record<string, MetafieldValue>) =>
  ({ namespace, key }: MetafieldArgs) => {
    const found = namespace === ALLERGENS_METAFIELD.namespace ? values[key] : undefined;
    return found ? { namespace, key, ...found } : null;
  };

/** "handle:menu-2026-03-02 OR handle:menu-2026-03-09" -> the handles. */
export function handlesOfQuery(query: string): string[] {
  const terms = query
    .trim()
    .split(/\s+OR\s+/)
    .filter(Boolean);
  const handles = terms.map((term) => {
    const match = /^handle:(?:"([\w-]+)"|'([\w-]+)'|([\w-]+))$/.exec(term.trim());
    const handle = match?.[1] ?? match?.[2] ?? match?.[3];
    if (!handle)
      throw new GraphQLError(`collections: unsupported query "${term}"; use handle:a OR handle:b`);
    return handle;
  });
  if (handles.length > STOREFRONT_LIMITS.handles)
    throw new GraphQLError(
      `collections: at most ${STOREFRONT_LIMITS.handles} handles may be listed (got ${handles.length})`,
      { extensions: { code: 'MAX_HANDLES_EXCEEDED', limit: STOREFRONT_LIMITS.handles } },
    );
  return handles;
}

const imageNode = (image: CatalogueImage) => ({ url: image.url, altText: image.altText });

const variantNode = (variant: CatalogueVariant) => ({
  id: toGid('ProductVariant', variant.id),
  title: variant.title,
  sku: variant.sku,
  price: { amount: penceToAmount(variant.pricePence), currencyCode: 'GBP' },
  availableForSale: variant.availableForSale,
  quantityAvailable: variant.quantityAvailable,
  // A store's product with one option, Portion: the variant's title is the option's value.
  selectedOptions: [{ name: 'Portion', value: variant.title }],
  metafield: metafields({}),
});

const productNode = (product: CatalogueProduct) => ({
  id: toGid('Product', product.id),
  handle: product.handle,
  title: product.title,
  descriptionHtml: product.descriptionHtml,
  tags: product.tags,
  productType: product.productType,
  availableForSale: product.availableForSale,
  metafield: metafields({
    [ALLERGENS_METAFIELD.key]: {
      type: ALLERGENS_METAFIELD.type,
      value: JSON.stringify(product.allergens),
    },
  }),
  featuredImage: product.images[0] ? imageNode(product.images[0]) : null,
  images: ({ first }: PageArgs) =>
    connection(product.images.slice(0, limited('images', first)).map(imageNode)),
  variants: ({ first }: PageArgs) =>
    connection(product.variants.slice(0, limited('variants', first)).map(variantNode)),
});

// The week is in the handle (menu-YYYY-MM-DD), as a store keeps it: no metafield needed.
const collectionNode = (menu: WeeklyMenu) => ({
  id: toGid('Collection', menu.id),
  handle: menu.handle,
  title: menu.title,
  metafield: metafields({}),
  products: ({ first }: PageArgs) =>
    connection(menu.products.slice(0, limited('products', first)).map(productNode)),
});

const unknownCustomerMessage = 'Could not find customer';

function rootValue(source: StorefrontSource, context: StorefrontContext) {
  // Menus are asked for as aliased collection(handle:) fields, one a week: the spec's limit on
  // handles listed holds per request, as it does for collections(query:).
  let collectionLookups = 0;
  return {
    collections: async ({ first, query }: PageArgs & { query?: string | null }) => {
      const count = limited('collections', first);
      const handles = query ? handlesOfQuery(query) : undefined;
      return connection((await source.collections(handles, count)).map(collectionNode));
    },
    collection: async ({ handle }: { handle?: string | null }) => {
      collectionLookups += 1;
      if (collectionLookups > STOREFRONT_LIMITS.handles)
        throw new GraphQLError(
          `collection: at most ${STOREFRONT_LIMITS.handles} collections by handle per request`,
          { extensions: { code: 'MAX_HANDLES_EXCEEDED', limit: STOREFRONT_LIMITS.handles } },
        );
      if (!handle) return null;
      const [menu] = await source.collections([handle], 1);
      return menu ? collectionNode(menu) : null;
    },
    product: async ({ id }: { id?: string | null }) => {
      const numeric = id ? fromGid('Product', id) : undefined;
      const product = numeric === undefined ? undefined : await source.product(numeric);
      return product ? productNode(product) : null;
    },
    customerRecover: async ({ email }: { email: string }) => {
      const outcome = await context.recoverCustomer(email);
      if (outcome === 'sent') return { customerUserErrors: [] };
      return {
        customerUserErrors: [
          outcome === 'invalid'
            ? { code: 'INVALID', field: ['email'], message: 'Email is invalid' }
            : { code: 'UNIDENTIFIED_CUSTOMER', field: ['email'], message: unknownCustomerMessage },
        ],
      };
    },
  };
}

/**
 * Runs one request against the schema with the reference implementation (graphql-js). In
 * production introspection is refused (the contract is in the repository, not on the wire).
 */
export async function executeStorefront(
  source: StorefrontSource,
  request: GraphqlRequest,
  context: StorefrontContext,
  options: { introspection: boolean } = { introspection: true },
): Promise<GraphqlResponse> {
  if (request.query.length > MAX_QUERY_LENGTH)
    return { errors: [{ message: `Query too long (at most ${MAX_QUERY_LENGTH} characters)` }] };
  let document: DocumentNode;
  try {
    document = parse(request.query);
  } catch (error) {
    return toResponse({ errors: [error as GraphQLError] });
  }
  const rules = options.introspection
    ? specifiedRules
    : [...specifiedRules, NoSchemaIntrospectionCustomRule];
  const errors = validate(schema, document, rules);
  if (errors.length > 0) return toResponse({ errors });
  const result = await execute({
    schema,
    document,
    rootValue: rootValue(source, context),
    variableValues: request.variables ?? undefined,
    operationName: request.operationName ?? undefined,
  });
  return toResponse(result);
}

const toResponse = (result: unknown) => JSON.parse(JSON.stringify(result)) as GraphqlResponse;
