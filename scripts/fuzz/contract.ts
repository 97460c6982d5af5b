import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

/** The part of a JSON schema the generator reads. */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

/** One operation of the contract, its $refs resolved. */
export interface Operation {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The contract's path, e.g. /addresses/{id}. */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: Schema;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function resolve(document: Json, node: Json, seen: string[] = []): Json {
  if (Array.isArray(node)) return node.map((item) => resolve(document, item, seen));
  if (node === null || typeof node !== 'object') return node;
  const ref = node.$ref;
  if (typeof ref === 'string') {
    if (seen.includes(ref)) return {};
    let target: Json = document;
    for (const segment of ref.replace(/^#\//, '').split('/')) {
      target = (target as Record<string, Json>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')]!;
    }
    return resolve(document, target, [...seen, ref]);
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, resolve(document, value, seen)]),
  );
}

/** Every operation of the contract (a new one is covered without a line of test code). */
export function loadOperations(specificationPath: string): Operation[] {
  const document = parse(readFileSync(specificationPath, 'utf8')) as Json;
  const paths = resolve(document, (document as Record<string, Json>).paths!) as Record<
    string,
    Record<string, unknown>
  >;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    const shared = (item.parameters ?? []) as Parameter[];
    for (const method of METHODS) {
      const spec = item[method] as
        | {
            operationId: string;
            parameters?: Parameter[];
            requestBody?: { content?: Record<string, { schema?: Schema }> };
          }
        | undefined;
      if (!spec) continue;
      const own = spec.parameters ?? [];
      const parameters = [
        ...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)),
        ...own,
      ].map((p) => ({ ...p, required: p.required ?? false, schema: p.schema ?? {} }));
      operations.push({
        operationId: spec.operationId,
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters,
        body: spec.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}
