import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import {
  buildClientSchema,
  buildSchema,
  execute,
  isEnumType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
  parse,
  validate,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  allergenCodes,
  isDoubleVariant,
  menuWeekOf,
  STOREFRONT_QUERIES,
  weeklyMenusOf,
  weeklyMenusRequest,
  type StorefrontCollection,
  type WeeklyMenusData,
} from '../../domain/storefront-queries';
import { STOREFRONT_SDL } from '../../server/services/catalogue/storefront-sdl';

const root = join(import.meta.dirname, '../..');
const BUILDER = 'domain/storefront-queries.ts';

/** Shopify's published Storefront API schema, as @shopify/hydrogen-react ships it. */
function shopifySchema(): GraphQLSchema {
  const path = createRequire(import.meta.url).resolve(
    '@shopify/hydrogen-react/storefront.schema.json',
  );
  const json = JSON.parse(readFileSync(path, 'utf8')) as
    IntrospectionQuery | { data: IntrospectionQuery };
  return buildClientSchema('data' in json ? json.data : json);
}

const shopify = shopifySchema();
const embedded = buildSchema(STOREFRONT_SDL);

/** The string and template literals of a source file that parse as GraphQL operations. */
function graphqlDocumentsIn(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    let literal: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal = node.text;
    // An interpolation stands for a value (a page size, a nested selection is out of reach).
    if (ts.isTemplateExpression(node))
      literal = node.head.text + node.templateSpans.map((span) => `1${span.literal.text}`).join('');
    if (literal !== undefined && isOperation(literal)) found.push(literal);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A GraphQL operation; a bare `{id}` (a route's path parameter) is not taken for one. */
function isOperation(text: string): boolean {
  if (!/[{(]/.test(text)) return false;
  try {
    return parse(text).definitions.some(
      (definition) =>
        definition.kind === 'FragmentDefinition' ||
        (definition.kind === 'OperationDefinition' &&
          (definition.name !== undefined ||
            /^\s*(query|mutation|subscription)\b/.test(text) ||
            definition.selectionSet.selections.some(
              (selection) =>
                selection.kind === 'Field' &&
                (selection.selectionSet !== undefined || (selection.arguments?.length ?? 0) > 0),
            ))),
    );
  } catch {
    return false;
  }
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

describe('the storefront queries (domain/storefront-queries.ts)', () => {
  it.each(Object.entries(STOREFRONT_QUERIES))(
    '%s is valid against Shopify’s published Storefront API schema and ours',
    (_name, query) => {
      const document = parse(query);

      expect(validate(shopify, document).map((error) => error.message)).toEqual([]);
      expect(validate(embedded, document).map((error) => error.message)).toEqual([]);
    },
  );

  it('a field a store does not have fails the check (the old weekStart, allergens, isDouble)', () => {
    const old = `{ collections(first: 1) { nodes { weekStart products(first: 1) { nodes {
      allergens variants(first: 1) { nodes { isDouble } } } } } } }`;

    expect(validate(shopify, parse(old)).map((error) => error.message)).toEqual([
      'Cannot query field "weekStart" on type "Collection".',
      'Cannot query field "allergens" on type "Product".',
      'Cannot query field "isDouble" on type "ProductVariant".',
    ]);
  });

  // Parsing every source file takes seconds, more on a busy machine than vitest's default 5 s.
  it(
    'no GraphQL document lives outside the builder in src/, server/, machines/ or domain/',
    {
      timeout: 30_000,
    },
    () => {
      const elsewhere = ['src', 'server', 'machines', 'domain']
        .flatMap(sourceFiles)
        .filter((file) => file !== BUILDER)
        .filter((file) => graphqlDocumentsIn(file, readFileSync(join(root, file), 'utf8')).length);

      expect(elsewhere).toEqual([]);
    },
  );

  it('the scan finds a planted query, with or without interpolations', () => {
    const planted = [
      'const A = /* GraphQL */ `query Menus { collections(first: ${n}) { nodes { handle } } }`;',
      'const B = \'mutation { customerRecover(email: "a@b.c") { customerUserErrors { code } } }\';',
      'const C = `{ product(id: "1") { title } }`;',
      'const D = `type Query { a: Int }`; const E = "{ not graphql"; const F = "/orders/{id}";',
    ].join('\n');

    expect(graphqlDocumentsIn('planted.ts', planted)).toHaveLength(3);
  });

  it('asks for each week with its own collection(handle:), the handles as variables', async () => {
    const handles = ['menu-2026-03-02', 'menu-2026-03-09', 'menu-2026-03-16'];
    const { query, variables } = weeklyMenusRequest(handles);
    const asked: unknown[] = [];
    const collection = (handle: string) => ({
      id: 'gid://shopify/Collection/1',
      handle,
      title: handle,
      products: { nodes: [] },
    });

    // Run on Shopify's published schema: the variables coerce, and each alias answers one week.
    const result = await execute({
      schema: shopify,
      document: parse(query),
      variableValues: variables,
      rootValue: {
        collection: ({ handle }: { handle: string }) => {
          asked.push(handle);
          return handle === 'menu-2026-03-09' ? null : collection(handle);
        },
      },
    });

    expect(result.errors).toBeUndefined();
    expect(asked).toEqual(handles);
    expect(variables).toEqual({ w0: handles[0], w1: handles[1], w2: handles[2] });
    expect(query).not.toContain('menu-2026');
    const data = result.data as WeeklyMenusData;
    expect(Object.keys(data)).toEqual(['w0', 'w1', 'w2']);
    expect(data.w1).toBeNull();
    // A week the store lacks is left out; the others keep the order asked for.
    expect(weeklyMenusOf(handles, data).map((menu) => menu.handle)).toEqual([
      'menu-2026-03-02',
      'menu-2026-03-16',
    ]);
    expect(
      weeklyMenusRequest(['menu-2026-03-02'], { products: 7, images: 1, variants: 2 }).query,
    ).toContain('products(first: 7)');
    expect(() => weeklyMenusRequest([])).toThrow();
  });

  it('keeps only the weeks asked for, under their own aliases', () => {
    const menu = (handle: string): StorefrontCollection => ({
      id: 'gid://shopify/Collection/1',
      handle,
      title: handle,
      products: { nodes: [] },
    });
    const handles = ['menu-2026-03-02', 'menu-2026-03-09'];

    expect(
      weeklyMenusOf(handles, { w0: menu('menu-2026-03-09'), w1: menu('menu-2026-03-09') }),
    ).toEqual([menu('menu-2026-03-09')]);
    expect(weeklyMenusOf(handles, { w0: null })).toEqual([]);
  });

  it('reads what a store carries in its own fields', () => {
    expect(allergenCodes({ value: '[101,134]' })).toEqual([101, 134]);
    expect(allergenCodes({ value: 'celery' })).toEqual([]);
    expect(allergenCodes(null)).toEqual([]);
    expect(menuWeekOf({ handle: 'menu-2026-03-02' })).toBe('2026-03-02');
    expect(menuWeekOf({ handle: 'summer-sale' })).toBeUndefined();
    expect(isDoubleVariant({ title: 'Regular' })).toBe(false);
    expect(isDoubleVariant({ title: 'Double Portion, Serves 2' })).toBe(true);
  });
});

describe('the embedded catalogue’s schema (server/services/catalogue/storefront-sdl.ts)', () => {
  const ours = Object.values(embedded.getTypeMap()).filter(
    (type) => !isIntrospectionType(type) && !isSpecifiedScalarType(type),
  );

  it('names its root types as Shopify does', () => {
    expect(embedded.getQueryType()?.name).toBe(shopify.getQueryType()?.name);
    expect(embedded.getMutationType()?.name).toBe(shopify.getMutationType()?.name);
  });

  it.each(ours.map((type) => [type.name, type] as const))(
    '%s is a subset of Shopify’s type of that name',
    (_name, type) => {
      const theirs = shopify.getType(type.name);
      expect(theirs?.constructor).toBe(type.constructor);
      if (isEnumType(type) && isEnumType(theirs))
        expect(theirs.getValues().map((value) => value.name)).toEqual(
          expect.arrayContaining(type.getValues().map((value) => value.name)),
        );
      if (!isObjectType(type) || !isObjectType(theirs)) return;
      const theirFields = theirs.getFields();
      for (const field of Object.values(type.getFields())) {
        const their = theirFields[field.name];
        expect(String(their?.type), `${type.name}.${field.name}`).toBe(String(field.type));
        for (const arg of field.args)
          expect(
            String(their?.args.find((a) => a.name === arg.name)?.type),
            `${type.name}.${field.name}(${arg.name})`,
          ).toBe(String(arg.type));
      }
    },
  );
});
