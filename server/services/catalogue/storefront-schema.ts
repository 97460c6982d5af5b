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
import { isDoublePortion } from '../../../domain/portion';
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

/** The catalogue's GraphQL contract (docs/catalogue.md), shared by the server and the browser. */
export const STOREFRONT_SDL = /* GraphQL */ `
  type Query {
    collections(first: Int!, query: String): CollectionConnection!
    collection(handle: String!): Collection
    product(id: ID!): Product
  }
  type Mutation {
    customerRecover(email: String!): CustomerRecoverPayload!
  }
  type CustomerRecoverPayload {
    customerUserErrors: [CustomerUserError!]!
  }
  type CustomerUserError {
    code: String
    field: [String!]
    message: String!
  }
  type CollectionConnection {
    nodes: [Collection!]!
  }
  type Collection {
    id: ID!
    handle: String!
    title: String!
    weekStart: String!
    products(first: Int!): ProductConnection!
  }
  type ProductConnection {
    nodes: [Product!]!
  }
  type Product {
    id: ID!
    handle: String!
    title: String!
    descriptionHtml: String!
    tags: [String!]!
    productType: String!
    availableForSale: Boolean!
    allergens: [Int!]!
    featuredImage: Image
    images(first: Int!): ImageConnection!
    variants(first: Int!): ProductVariantConnection!
  }
  type Image {
    url: String!
    altText: String
  }
  type ImageConnection {
    nodes: [Image!]!
  }
  type ProductVariantConnection {
    nodes: [ProductVariant!]!
  }
  type ProductVariant {
    id: ID!
    title: String!
    sku: String
    price: MoneyV2!
    availableForSale: Boolean!
    quantityAvailable: Int
    isDouble: Boolean!
  }
  type MoneyV2 {
    amount: String!
    currencyCode: String!
  }
`;

/** Spec section 9: queries fetch up to 100 products, 5 images and 2 variants; 20 collections. */
export const STOREFRONT_LIMITS = {
  collections: 20,
  handles: 20,
  products: 100,
  images: 5,
  variants: 2,
} as const;

/** A request larger than this is refused before parsing (the limits bound the answer, this the work). */
const MAX_QUERY_LENGTH = 20_000;

const schema = buildSchema(STOREFRONT_SDL);

/** Where the schema reads the catalogue: the embedded tables, or a stand-in in tests. */
export interface StorefrontSource {
  /** Menus by handle (all when handles is undefined), ordered by week, at most `first`. */
  collections(handles: readonly string[] | undefined, first: number): Promise<WeeklyMenu[]>;
  product(id: number): Promise<CatalogueProduct | undefined>;
}

function limited(field: keyof typeof STOREFRONT_LIMITS, first: number): number {
  const limit = STOREFRONT_LIMITS[field];
  if (first < 0) throw new GraphQLError(`${field}: first must not be negative`);
  if (first > limit)
    throw new GraphQLError(`${field}: first must be at most ${limit} (asked for ${first})`, {
      extensions: { code: 'MAX_FIRST_EXCEEDED', limit },
    });
  return first;
}

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
  // Spec section 5: double unless the title says Regular.
  isDouble: isDoublePortion(variant.title),
});

const productNode = (product: CatalogueProduct) => ({
  id: toGid('Product', product.id),
  handle: product.handle,
  title: product.title,
  descriptionHtml: product.descriptionHtml,
  tags: product.tags,
  productType: product.productType,
  availableForSale: product.availableForSale,
  allergens: product.allergens,
  featuredImage: product.images[0] ? imageNode(product.images[0]) : null,
  images: ({ first }: { first: number }) => ({
    nodes: product.images.slice(0, limited('images', first)).map(imageNode),
  }),
  variants: ({ first }: { first: number }) => ({
    nodes: product.variants.slice(0, limited('variants', first)).map(variantNode),
  }),
});

const collectionNode = (menu: WeeklyMenu) => ({
  id: toGid('Collection', menu.id),
  handle: menu.handle,
  title: menu.title,
  weekStart: menu.weekStart,
  products: ({ first }: { first: number }) => ({
    nodes: menu.products.slice(0, limited('products', first)).map(productNode),
  }),
});

const unknownCustomerMessage = 'Could not find customer';

function rootValue(source: StorefrontSource, context: StorefrontContext) {
  return {
    collections: async ({ first, query }: { first: number; query?: string | null }) => {
      const count = limited('collections', first);
      const handles = query ? handlesOfQuery(query) : undefined;
      return { nodes: (await source.collections(handles, count)).map(collectionNode) };
    },
    collection: async ({ handle }: { handle: string }) => {
      const [menu] = await source.collections([handle], 1);
      return menu ? collectionNode(menu) : null;
    },
    product: async ({ id }: { id: string }) => {
      const numeric = fromGid('Product', id);
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
