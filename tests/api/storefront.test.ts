import { describe, expect, it } from 'vitest';
import {
  allergenCodes,
  isDoubleVariant,
  weeklyMenusOf,
  weeklyMenusRequest,
  type WeeklyMenusData,
} from '../../domain/storefront-queries';
import { addDays, menuHandle, weekOfMenuHandle, weekStart } from '../../domain/weeks';
import { embeddedCatalogue } from '../../server/services/catalogue/embedded-catalogue';
import { signupBody } from './support/customers';
import { ApiClient, useTestApp } from './support/test-app';

const testApp = useTestApp({ env: { DEV_TOOLS: 'true' } });
const client = () => new ApiClient(testApp().app);
const graphql = (query: string, variables?: Record<string, unknown>) =>
  client().post('/storefront/graphql', { query, variables });

const thisWeek = weekStart(new Date());
const MENU_QUERY = `
  query Menus($query: String) {
    collections(first: 3, query: $query) {
      nodes {
        id handle title
        products(first: 100) {
          nodes {
            id handle title tags productType availableForSale descriptionHtml
            allergens: metafield(namespace: "sfoglia", key: "allergens") { type value }
            featuredImage { url altText }
            images(first: 5) { nodes { url } }
            variants(first: 2) {
              nodes {
                id title sku price { amount currencyCode } availableForSale quantityAvailable
                selectedOptions { name value }
              }
            }
          }
        }
      }
    }
  }`;

interface Variant {
  id: string;
  title: string;
  price: { amount: string; currencyCode: string };
  availableForSale: boolean;
  quantityAvailable: number | null;
  selectedOptions: { name: string; value: string }[];
}
interface Product {
  id: string;
  handle: string;
  tags: string[];
  productType: string;
  allergens: { type: string; value: string } | null;
  featuredImage: { url: string } | null;
  variants: { nodes: Variant[] };
}

describe('POST /storefront/graphql: weekly menus', () => {
  it('answers collections by handles, in GraphQL shape, with every product of the week', async () => {
    const handles = [0, 7, 14].map((days) => menuHandle(addDays(thisWeek, days)));

    const response = await graphql(MENU_QUERY, {
      query: handles.map((h) => `handle:${h}`).join(' OR '),
    });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.errors).toBeUndefined();
    const menus = body.data.collections.nodes as {
      handle: string;
      id: string;
      products: { nodes: Product[] };
    }[];
    expect(menus.map((m) => m.handle)).toEqual(handles);
    expect(menus[0]?.id).toMatch(/^gid:\/\/sfoglia\/Collection\/\d+$/);
    expect(weekOfMenuHandle(menus[0]?.handle ?? '')).toBe(thisWeek);
    const products = menus[0]?.products.nodes ?? [];
    const dishes = products.filter((p) => p.productType === 'Recipe Kit');
    expect(dishes.length).toBeGreaterThanOrEqual(14);
    for (const group of ['meat-fish', 'free-from', 'vegetarian', 'kids', 'create-your-own'])
      expect(dishes.some((d) => d.tags.includes(group))).toBe(true);
    // The catalogue hides nothing: the menu rules are the browser's.
    expect(products.some((p) => p.productType === 'Gift Box')).toBe(true);
    expect(products.some((p) => p.tags.includes('hide-from-menu'))).toBe(true);
    expect(products.filter((p) => p.productType === 'Bundle')).toHaveLength(2);
    for (const tag of ['desserts', 'sides', 'drinks'])
      expect(products.some((p) => p.productType === 'Add-on' && p.tags.includes(tag))).toBe(true);
    for (const product of products) {
      expect(product.featuredImage?.url).toMatch(
        /^\/artwork\/(kit|add-on|bundle|gift-box)\/[\w-]+\.svg$/,
      );
      expect(product.allergens?.type).toBe('list.number_integer');
      expect(allergenCodes(product.allergens).every((code) => code >= 100 && code <= 134)).toBe(
        true,
      );
    }
  });

  it('gives each dish a Regular and a cheaper-than-two Double Portion, Serves 2', async () => {
    const response = await graphql(MENU_QUERY, { query: `handle:${menuHandle(thisWeek)}` });
    const products = response.json().data.collections.nodes[0].products.nodes as Product[];
    for (const dish of products.filter((p) => p.productType === 'Recipe Kit')) {
      const [regular, double] = dish.variants.nodes;
      // The portion is the variant's title, a store's Portion option (docs/catalogue.md).
      expect(regular).toMatchObject({
        title: 'Regular',
        selectedOptions: [{ name: 'Portion', value: 'Regular' }],
      });
      expect(isDoubleVariant(regular ?? { title: '' })).toBe(false);
      expect(double).toMatchObject({
        title: 'Double Portion, Serves 2',
        selectedOptions: [{ name: 'Portion', value: 'Double Portion, Serves 2' }],
      });
      expect(isDoubleVariant(double ?? { title: '' })).toBe(true);
      expect(Number(double?.price.amount)).toBeLessThan(2 * Number(regular?.price.amount));
      expect(regular?.price.currencyCode).toBe('GBP');
      expect(regular?.id).toMatch(/^gid:\/\/sfoglia\/ProductVariant\/\d+$/);
    }
  });

  it("answers the app's own query with what the catalogue holds", async () => {
    // A week without a menu answers null under its alias, as a store's collection(handle:) does.
    const handles = [menuHandle(thisWeek), 'menu-1999-01-04', menuHandle(addDays(thisWeek, 7))];
    const { query, variables } = weeklyMenusRequest(handles);
    const response = await graphql(query, variables);

    const body = response.json() as { data: WeeklyMenusData; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data.w1).toBeNull();
    const collections = weeklyMenusOf(handles, body.data);
    expect(collections.map((c) => c.handle)).toEqual([handles[0], handles[2]]);
    const menu = await embeddedCatalogue(testApp().database.db).weeklyMenu(thisWeek);
    const [collection] = collections;
    expect(collection?.handle).toBe(menu?.handle);
    // Allergens from the metafield and the portion from the title read as the tables hold them.
    expect(
      collection?.products.nodes.map((product) => ({
        handle: product.handle,
        allergens: allergenCodes(product.allergens),
        isDouble: product.variants.nodes.map(isDoubleVariant),
      })),
    ).toEqual(
      menu?.products.map((product) => ({
        handle: product.handle,
        allergens: product.allergens,
        isDouble: product.variants.map((variant) => variant.isDouble),
      })),
    );
  });

  it('answers connections as edges as well as nodes', async () => {
    const handle = menuHandle(thisWeek);
    const page = (form: string) =>
      graphql(`query($q: String) { collections(first: 1, query: $q) { ${form} } }`, {
        q: `handle:${handle}`,
      });
    const asNodes = await page(
      `nodes { handle products(first: 3) { nodes { handle variants(first: 2) { nodes { title } } } } }`,
    );
    const asEdges = await page(
      `edges { cursor node { handle products(first: 3) { edges { node { handle variants(first: 2) { edges { node { title } } } } } } } }`,
    );

    const nodes = asNodes.json().data.collections.nodes as {
      handle: string;
      products: { nodes: { handle: string; variants: { nodes: { title: string }[] } }[] };
    }[];
    const edges = asEdges.json().data.collections.edges as {
      cursor: string;
      node: {
        handle: string;
        products: {
          edges: { node: { handle: string; variants: { edges: { node: { title: string } }[] } } }[];
        };
      };
    }[];
    expect(edges[0]?.cursor).toEqual(expect.any(String));
    expect(
      edges.map(({ node }) => ({
        handle: node.handle,
        products: {
          nodes: node.products.edges.map(({ node: product }) => ({
            handle: product.handle,
            variants: { nodes: product.variants.edges.map((edge) => edge.node) },
          })),
        },
      })),
    ).toEqual(nodes);
    expect(nodes[0]?.products.nodes).toHaveLength(3);
  });

  it('answers one collection by handle, and null for an unknown one', async () => {
    const query = `query($h: String!) { collection(handle: $h) { handle products(first: 2) { nodes { handle } } } }`;
    const found = await graphql(query, { h: menuHandle(thisWeek) });
    expect(found.json().data.collection.handle).toBe(menuHandle(thisWeek));
    expect(found.json().data.collection.products.nodes).toHaveLength(2);
    const missing = await graphql(query, { h: 'menu-1999-01-04' });
    expect(missing.json()).toEqual({ data: { collection: null } });
  });

  it('answers a product by global id, with its stock', async () => {
    const query = `query($id: ID!) { product(id: $id) { title variants(first: 2) { nodes { title quantityAvailable availableForSale } } } }`;
    const lobster = await graphql(query, { id: 'gid://sfoglia/Product/7' });
    expect(lobster.json().data.product).toEqual({
      title: 'Lobster & Crab Ravioli with Bisque',
      variants: {
        nodes: [
          { title: 'Regular', quantityAvailable: null, availableForSale: true },
          { title: 'Double Portion, Serves 2', quantityAvailable: 0, availableForSale: false },
        ],
      },
    });
    const agnolotti = await graphql(query, { id: 'gid://sfoglia/Product/18' });
    expect(agnolotti.json().data.product.variants.nodes[0].quantityAvailable).toBe(2);
    expect(
      (await graphql(query, { id: 'gid://sfoglia/Product/9999' })).json().data.product,
    ).toBeNull();
    expect((await graphql(query, { id: '7' })).json().data.product).toBeNull();
  });
});

describe('POST /storefront/graphql: limits', () => {
  it.each([
    ['collections', `{ collections(first: 21) { nodes { handle } } }`, 20],
    [
      'products',
      `{ collections(first: 1) { nodes { products(first: 101) { nodes { id } } } } }`,
      100,
    ],
    [
      'images',
      `{ product(id: "gid://sfoglia/Product/1") { images(first: 6) { nodes { url } } } }`,
      5,
    ],
    [
      'variants',
      `{ product(id: "gid://sfoglia/Product/1") { variants(first: 3) { nodes { id } } } }`,
      2,
    ],
  ])('refuses more than the limit of %s, naming it', async (_field, query, limit) => {
    const response = await graphql(query);
    expect(response.statusCode).toBe(200);
    const { errors } = response.json();
    expect(errors[0].message).toContain(`at most ${limit}`);
  });

  it('refuses more than 20 handles and an unsupported query', async () => {
    const handles = Array.from({ length: 21 }, (_, i) => `handle:menu-${i}`).join(' OR ');
    const many = await graphql(
      `
        query ($q: String) {
          collections(first: 3, query: $q) {
            nodes {
              handle
            }
          }
        }
      `,
      { q: handles },
    );
    expect(many.json().errors[0].message).toContain('at most 20 handles');
    const odd = await graphql(`
      {
        collections(first: 3, query: "title:pasta") {
          nodes {
            handle
          }
        }
      }
    `);
    expect(odd.json().errors[0].message).toContain('handle:a OR handle:b');
  });

  it('refuses more than 20 collections by handle in one request, naming the limit', async () => {
    const handles = Array.from({ length: 21 }, (_, i) => menuHandle(addDays(thisWeek, 7 * i)));
    const { query, variables } = weeklyMenusRequest(handles, {
      products: 1,
      images: 1,
      variants: 1,
    });
    const many = (await graphql(query, variables)).json();
    expect(many.errors).toHaveLength(1);
    expect(many.errors[0].message).toContain('at most 20 collections by handle');
    const twenty = weeklyMenusRequest(handles.slice(0, 20), {
      products: 1,
      images: 1,
      variants: 1,
    });
    expect((await graphql(twenty.query, twenty.variables)).json().errors).toBeUndefined();
  });

  it('answers a syntax error and a bad body as GraphQL errors', async () => {
    expect((await graphql('{ collections(')).json().errors[0].message).toMatch(/Syntax Error/);
    const empty = await client().post('/storefront/graphql', { query: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].message).toBe('query must be a non-empty string');
  });

  it('needs the X-Branch header like every state-changing call', async () => {
    const response = await client()
      .withoutBranch()
      .post('/storefront/graphql', { query: '{ __typename }' });
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /storefront/graphql: customerRecover', () => {
  const RECOVER = `mutation($email: String!) { customerRecover(email: $email) { customerUserErrors { code field message } } }`;

  it('sends the password-reset email to a known customer', async () => {
    const body = signupBody();
    await new ApiClient(testApp().app).post('/customers', body);

    const response = await graphql(RECOVER, { email: ` ${body.email.toUpperCase()} ` });

    expect(response.json()).toEqual({ data: { customerRecover: { customerUserErrors: [] } } });
    const mailbox = await client().get(`/dev/emails?to=${encodeURIComponent(body.email)}`);
    const subjects = mailbox
      .json()
      .data.map((e: { attributes: { subject: string } }) => e.attributes.subject);
    expect(subjects).toContain('Reset your Sfoglia password');
  });

  it('answers UNIDENTIFIED_CUSTOMER for an unknown email and sends nothing', async () => {
    const response = await graphql(RECOVER, { email: 'nobody.here@example.com' });

    expect(response.json().data.customerRecover.customerUserErrors).toEqual([
      { code: 'UNIDENTIFIED_CUSTOMER', field: ['email'], message: 'Could not find customer' },
    ]);
    const mailbox = await client().get('/dev/emails?to=nobody.here@example.com');
    expect(mailbox.json().data).toHaveLength(0);
  });

  it('answers INVALID for an email that is not one', async () => {
    const response = await graphql(RECOVER, { email: 'not-an-email' });
    expect(response.json().data.customerRecover.customerUserErrors[0]).toMatchObject({
      code: 'INVALID',
      field: ['email'],
    });
  });
});
