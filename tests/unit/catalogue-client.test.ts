import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  allergenName,
  fetchWeeklyMenus,
  MENU_FETCH_FAILED,
  toWeeklyMenuProduct,
  type GraphqlProduct,
} from '../../src/api/catalogue';
import { numericId } from '../../domain/storefront-queries';

const node: GraphqlProduct = {
  id: 'gid://sfoglia/Product/12',
  handle: 'crab-linguine',
  title: 'Crab linguine',
  descriptionHtml: '<p>Fresh linguine with crab.</p>',
  tags: ['meat-fish', 'specials'],
  productType: 'Recipe Kit',
  availableForSale: true,
  allergens: { value: '[101,102,134,120]' },
  featuredImage: null,
  images: { nodes: [{ url: '/catalogue/crab-linguine.svg', altText: 'Crab linguine' }] },
  variants: {
    nodes: [
      {
        id: 'gid://sfoglia/ProductVariant/121',
        title: 'Regular',
        sku: 'CRAB-R',
        price: { amount: '8.95', currencyCode: 'GBP' },
        availableForSale: true,
        quantityAvailable: null,
      },
      {
        id: 'gid://sfoglia/ProductVariant/122',
        title: 'Double Portion, Serves 2',
        sku: null,
        price: { amount: '15.95', currencyCode: 'GBP' },
        availableForSale: false,
        quantityAvailable: 0,
      },
    ],
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('catalogue client', () => {
  it('maps a product to the weekly menu product entity', () => {
    const product = toWeeklyMenuProduct(node);

    expect(product).toMatchObject({
      id: '12',
      title: 'Crab linguine',
      descriptionHtml: '<p>Fresh linguine with crab.</p>',
      tags: ['meat-fish', 'specials'],
      productType: 'Recipe Kit',
      availableForSale: true,
      featuredImageUrl: '/catalogue/crab-linguine.svg',
    });
    expect(product.variants).toEqual([
      {
        id: '121',
        title: 'Regular',
        sku: 'CRAB-R',
        price: 8.95,
        isDouble: false,
        availableForSale: true,
        quantityAvailable: null,
      },
      {
        id: '122',
        title: 'Double Portion, Serves 2',
        sku: null,
        price: 15.95,
        isDouble: true,
        availableForSale: false,
        quantityAvailable: 0,
      },
    ]);
  });

  it('names allergens from the code list of product rule R7.8', () => {
    const product = toWeeklyMenuProduct(node);

    expect(product.allergens.map((a) => a.name)).toEqual([
      'Gluten',
      'Crustaceans',
      'Sources of gluten',
      'Allergen 120',
    ]);
    expect(allergenName(100)).toBe('Celery');
    expect(allergenName(113)).toBe('Sulphites');
  });

  it('prefers the featured image and reads numeric ids from global ids', () => {
    const product = toWeeklyMenuProduct({
      ...node,
      featuredImage: { url: '/catalogue/featured.svg', altText: null },
    });

    expect(product.featuredImageUrl).toBe('/catalogue/featured.svg');
    expect(numericId('gid://sfoglia/Collection/5')).toBe('5');
  });

  it('asks for the weeks by handle with X-Branch, and fails a menu on GraphQL errors', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({
        data: {
          w0: {
            id: 'gid://sfoglia/Collection/5',
            handle: 'menu-2026-03-02',
            title: 'Week of 2 March',
            products: { nodes: [node] },
          },
          // No menu for the second week; a third alias, not asked for, is not read.
          w1: null,
          w2: {
            id: 'gid://sfoglia/Collection/6',
            handle: 'menu-2026-03-16',
            title: 'Week of 16 March',
            products: { nodes: [node] },
          },
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);

    const menus = await fetchWeeklyMenus(['2026-03-02', '2026-03-09']);

    expect(menus).toHaveLength(1);
    expect(menus[0]?.products[0]?.id).toBe('12');
    expect(menus[0]?.weekStart).toBe('2026-03-02');
    expect(menus[0]?.handle).toBe('menu-2026-03-02');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v2/storefront/graphql');
    expect((init.headers as Record<string, string>)['X-Branch']).toBe('web');
    const body = JSON.parse(String(init.body)) as {
      query: string;
      variables: Record<string, unknown>;
    };
    // One collection(handle:) a week: Shopify's collections(query:) has no handle filter.
    expect(body.variables).toEqual({ w0: 'menu-2026-03-02', w1: 'menu-2026-03-09' });
    expect(body.query.match(/\bcollection\(handle:/g)).toHaveLength(2);
    expect(body.query).not.toMatch(/\bcollections\(/);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ data: null, errors: [{ message: 'boom' }] })),
    );
    await expect(fetchWeeklyMenus(['2026-03-02'])).rejects.toThrow(MENU_FETCH_FAILED);
    await expect(fetchWeeklyMenus(['a', 'b', 'c', 'd'])).rejects.toThrow(/At most 3/);
  });
});
