import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * server/http/input-guards.ts refuses a missing body on every route that has one in the contract:
 * that holds while every request body is required. An optional one needs the guard taught first.
 */
it('has only required request bodies', () => {
  const document = parse(readFileSync('openapi/openapi.yaml', 'utf8')) as {
    paths: Record<string, Record<string, { requestBody?: { required?: boolean } }>>;
  };
  const optional = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => operation.requestBody && operation.requestBody.required !== true)
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );
  expect(optional).toEqual([]);
});
