import { MENU_PAGE_SIZES } from '../../../domain/storefront-queries';

/**
 * The embedded catalogue's GraphQL schema: a subset of Shopify's Storefront API (type, field and
 * argument names and nullability as Shopify's published schema has them, which
 * tests/unit/storefront-queries.test.ts checks), so that a query written against it runs on a
 * real store and CATALOGUE_GRAPHQL_URL can point at one. Our own data rides on metafields
 * (docs/catalogue.md). Arguments left out (after, last, sortKey, ...) are refused, not ignored.
 */
export const STOREFRONT_SDL = /* GraphQL */ `
  schema {
    query: QueryRoot
    mutation: Mutation
  }
  scalar Decimal
  scalar HTML
  scalar URL
  enum CurrencyCode {
    GBP
  }
  enum CustomerErrorCode {
    INVALID
    UNIDENTIFIED_CUSTOMER
  }
  type QueryRoot {
    collections(first: Int, query: String): CollectionConnection!
    collection(handle: String): Collection
    product(id: ID): Product
  }
  type Mutation {
    customerRecover(email: String!): CustomerRecoverPayload
  }
  type CustomerRecoverPayload {
    customerUserErrors: [CustomerUserError!]!
  }
  type CustomerUserError {
    code: CustomerErrorCode
    field: [String!]
    message: String!
  }
  type Metafield {
    namespace: String!
    key: String!
    type: String!
    value: String!
  }
  type CollectionConnection {
    nodes: [Collection!]!
    edges: [CollectionEdge!]!
  }
  type CollectionEdge {
    cursor: String!
    node: Collection!
  }
  type Collection {
    id: ID!
    handle: String!
    title: String!
    metafield(namespace: String, key: String!): Metafield
    products(first: Int): ProductConnection!
  }
  type ProductConnection {
    nodes: [Product!]!
    edges: [ProductEdge!]!
  }
  type ProductEdge {
    cursor: String!
    node: Product!
  }
  type Product {
    id: ID!
    handle: String!
    title: String!
    descriptionHtml: HTML!
    tags: [String!]!
    productType: String!
    availableForSale: Boolean!
    metafield(namespace: String, key: String!): Metafield
    featuredImage: Image
    images(first: Int): ImageConnection!
    variants(first: Int): ProductVariantConnection!
  }
  type Image {
    url: URL!
    altText: String
  }
  type ImageConnection {
    nodes: [Image!]!
    edges: [ImageEdge!]!
  }
  type ImageEdge {
    cursor: String!
    node: Image!
  }
  type ProductVariantConnection {
    nodes: [ProductVariant!]!
    edges: [ProductVariantEdge!]!
  }
  type ProductVariantEdge {
    cursor: String!
    node: ProductVariant!
  }
  type ProductVariant {
    id: ID!
    title: String!
    sku: String
    price: MoneyV2!
    availableForSale: Boolean!
    quantityAvailable: Int
    selectedOptions: [SelectedOption!]!
    metafield(namespace: String, key: String!): Metafield
  }
  type SelectedOption {
    name: String!
    value: String!
  }
  type MoneyV2 {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }
`;

/** Product rule R7.7: queries fetch up to 100 products, 5 images and 2 variants; 20 collections. */
export const STOREFRONT_LIMITS = { collections: 20, handles: 20, ...MENU_PAGE_SIZES } as const;
