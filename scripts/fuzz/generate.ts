import type { Operation, Parameter, Schema } from './contract';

/** A deterministic source of randomness (mulberry32): one seed, one sequence of requests. */
export class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  word(length = this.int(3, 10)): string {
    let out = '';
    for (let i = 0; i < length; i += 1) out += 'abcdefghijklmnopqrstuvwxyz'[this.int(0, 25)];
    return out;
  }
}

export interface FuzzRequest {
  operationId: string;
  /** What was done to the request, e.g. `body.first_name: wrong type`. */
  kind: string;
  /** Valid-shaped (conforming to the contract) or deliberately invalid. */
  valid: boolean;
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const typesOf = (schema: Schema): string[] =>
  schema.type ? (Array.isArray(schema.type) ? schema.type : [schema.type]) : [];

function isoDate(random: Random): string {
  const day = new Date(Date.now() + random.int(-30, 60) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

function patternedString(random: Random, schema: Schema): string {
  const pattern = new RegExp(schema.pattern!);
  const candidates = [
    String(random.int(1, 30)),
    isoDate(random),
    `/${random.word()}`,
    random.word(),
  ];
  return candidates.find((candidate) => pattern.test(candidate)) ?? candidates[0]!;
}

function validString(random: Random, schema: Schema): string {
  if (schema.format === 'row-id') return String(random.int(1, 30));
  if (schema.format === 'date') return isoDate(random);
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'email') return `${random.word()}@example.com`;
  if (schema.pattern) return patternedString(random, schema);
  const min = schema.minLength ?? 1;
  const max = Math.min(schema.maxLength ?? 24, Math.max(min, 24));
  const text = random.chance(0.3) ? String(random.int(1, 30)) : random.word(random.int(min, max));
  return text.padEnd(min, 'x').slice(0, Math.max(min, max));
}

function validNumber(random: Random, schema: Schema, integer: boolean): number {
  const min = schema.minimum ?? (schema.exclusiveMinimum ?? -1000) + (integer ? 1 : 0.5);
  const max = schema.maximum ?? (schema.exclusiveMaximum ?? 1000) - (integer ? 1 : 0.5);
  // Mostly small values near the minimum (real ids, quantities), sometimes the bounds themselves.
  const roll = random.next();
  if (roll < 0.1) return min;
  if (roll < 0.2) return max;
  const top = Math.min(max, min + 30);
  return integer ? random.int(Math.ceil(min), Math.floor(top)) : min + random.next() * (top - min);
}

/** A value conforming to the schema, chosen at random. */
export function validValue(random: Random, schema: Schema, depth = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  if (schema.oneOf?.length) return validValue(random, random.pick(schema.oneOf), depth);
  if (schema.anyOf?.length) return validValue(random, random.pick(schema.anyOf), depth);
  if (schema.allOf?.length) {
    const merged: Schema = {};
    for (const part of schema.allOf) Object.assign(merged, part);
    return validValue(random, merged, depth);
  }
  const types = typesOf(schema);
  const nonNull = types.filter((type) => type !== 'null');
  if (types.includes('null') && (nonNull.length === 0 || random.chance(0.2))) return null;
  const type = nonNull.length ? random.pick(nonNull) : schema.properties ? 'object' : 'string';
  switch (type) {
    case 'string':
      return validString(random, schema);
    case 'integer':
      return validNumber(random, schema, true);
    case 'number':
      return validNumber(random, schema, false);
    case 'boolean':
      return random.chance(0.5);
    case 'array': {
      const min = schema.minItems ?? 0;
      const count = random.int(min, Math.max(min, Math.min(schema.maxItems ?? 3, 3)));
      return Array.from({ length: count }, () => validValue(random, schema.items ?? {}, depth + 1));
    }
    default: {
      const object: Record<string, unknown> = {};
      const properties = Object.entries(schema.properties ?? {});
      for (const [name, property] of properties) {
        if (schema.required?.includes(name) || random.chance(depth > 1 ? 0.2 : 0.6)) {
          object[name] = validValue(random, property, depth + 1);
        }
      }
      const [first] = properties;
      if (Object.keys(object).length < (schema.minProperties ?? 0) && first) {
        object[first[0]] = validValue(random, first[1], depth + 1);
      }
      return object;
    }
  }
}

interface Shape {
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
  /** The body as sent, when it is not JSON.stringify(body). */
  rawBody?: string;
  contentType?: string | null;
}

function validShape(random: Random, operation: Operation): Shape {
  const shape: Shape = { path: {}, query: {}, headers: {} };
  for (const parameter of operation.parameters) {
    if (!parameter.required && random.chance(0.5)) continue;
    const value = validValue(random, parameter.schema);
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    if (parameter.in === 'path') shape.path[parameter.name] = text;
    else if (parameter.in === 'query') shape.query[parameter.name] = text;
    else if (parameter.in === 'header') shape.headers[parameter.name.toLowerCase()] = text;
  }
  if (operation.body) shape.body = validValue(random, operation.body);
  return shape;
}

export function toRequest(
  operation: Operation,
  shape: Shape,
  kind: string,
  valid: boolean,
): FuzzRequest {
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    encodeURIComponent(shape.path[name] ?? '1'),
  );
  const query = new URLSearchParams(shape.query).toString();
  const headers: Record<string, string> = { ...shape.headers };
  let payload: string | undefined;
  if (shape.rawBody !== undefined) payload = shape.rawBody;
  else if (shape.body !== undefined) payload = JSON.stringify(shape.body);
  if (payload !== undefined && shape.contentType !== null) {
    headers['content-type'] = shape.contentType ?? 'application/json';
  }
  return {
    operationId: operation.operationId,
    kind,
    valid,
    method: operation.method,
    url: `/api/v2${path}${query ? `?${query}` : ''}`,
    headers,
    payload,
  };
}

export function validRequest(random: Random, operation: Operation): FuzzRequest {
  return toRequest(operation, validShape(random, operation), 'valid', true);
}

type Mutation = (random: Random, operation: Operation, shape: Shape) => string | undefined;

interface Field {
  /** Where it lives, for the report: `body.address.zip`, `query.lat`, `path.id`. */
  label: string;
  schema: Schema;
  set(shape: Shape, value: unknown): void;
}

/** Every field a request can carry: parameters, and body properties down the object tree. */
function fieldsOf(operation: Operation): Field[] {
  const fields: Field[] = operation.parameters.map((parameter: Parameter) => ({
    label: `${parameter.in}.${parameter.name}`,
    schema: parameter.schema,
    set: (shape, value) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      if (parameter.in === 'path') shape.path[parameter.name] = text;
      else if (parameter.in === 'query') shape.query[parameter.name] = text;
      else shape.headers[parameter.name.toLowerCase()] = text;
    },
  }));
  const visit = (schema: Schema, trail: string[]) => {
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const here = [...trail, name];
      fields.push({
        label: `body.${here.join('.')}`,
        schema: property,
        set: (shape, value) => {
          let node = (shape.body ??= {}) as Record<string, unknown>;
          for (const step of trail) {
            if (typeof node[step] !== 'object' || node[step] === null) node[step] = {};
            node = node[step] as Record<string, unknown>;
          }
          node[name] = value;
        },
      });
      if (trail.length < 2) visit(property, here);
    }
  };
  if (operation.body) visit(operation.body, []);
  return fields;
}

const wrongTypes = (schema: Schema): unknown[] => {
  const types = typesOf(schema);
  const candidates: unknown[] = [];
  if (!types.includes('string')) candidates.push('12', 'true', '');
  if (!types.includes('integer') && !types.includes('number')) candidates.push(12345, 1.5);
  if (!types.includes('boolean')) candidates.push(true);
  if (!types.includes('null')) candidates.push(null);
  if (!types.includes('array')) candidates.push([1]);
  if (!types.includes('object')) candidates.push({ a: 1 });
  return candidates;
};

const isNumeric = (schema: Schema) =>
  typesOf(schema).some((type) => type === 'integer' || type === 'number');
const isStringy = (schema: Schema) => typesOf(schema).includes('string') && !schema.enum;

/** Strings that are no decimal row id (hex, exponent, sign, zero, beyond int4, junk). */
export const BAD_IDS = ['0x10', '1e3', '-1', '0', '2147483648', '99999999999', '1.5', 'abc', ' 1'];
const BAD_NUMBERS = [1e308, -1e308, 2147483648, -2147483649, 2 ** 53, -1, 0.5];

const mutations: Mutation[] = [
  // Wrong type for a field (in the body; query and path strings are only typed by their text).
  (random, operation, shape) => {
    const fields = fieldsOf(operation).filter(
      (f) => f.label.startsWith('body.') && typesOf(f.schema).length,
    );
    if (!fields.length) return undefined;
    const field = random.pick(fields);
    const value = random.pick(wrongTypes(field.schema));
    if (value === undefined) return undefined;
    field.set(shape, value);
    return `${field.label}: wrong type ${JSON.stringify(value)}`;
  },
  // A required field missing.
  (random, operation, shape) => {
    const required = [
      ...operation.parameters
        .filter((p) => p.required && p.in !== 'path')
        .map((p) => ({ where: p.in, name: p.name })),
      ...(operation.body?.required ?? []).map((name) => ({ where: 'body', name })),
    ];
    if (!required.length) return undefined;
    const { where, name } = random.pick(required);
    if (where === 'query') delete shape.query[name];
    else if (where === 'header') delete shape.headers[name.toLowerCase()];
    else delete (shape.body as Record<string, unknown>)[name];
    return `${where}.${name}: missing`;
  },
  // A field the contract does not know.
  (random, operation, shape) => {
    if (!operation.body || operation.body.additionalProperties !== false) return undefined;
    (shape.body as Record<string, unknown>)[`x_${random.word()}`] = random.word();
    return 'body: unknown field';
  },
  // A NUL byte in any string: path, query, header or body.
  (random, operation, shape) => {
    const fields = fieldsOf(operation).filter((f) => isStringy(f.schema));
    const field = fields.length ? random.pick(fields) : undefined;
    if (!field) {
      shape.query[`q${random.word(3)}`] = `a\u0000b`;
      return 'query: NUL in an unknown parameter';
    }
    field.set(shape, `${random.word(2)}\u0000${random.word(2)}`);
    return `${field.label}: NUL byte`;
  },
  // Huge, negative or fractional numbers.
  (random, operation, shape) => {
    const fields = fieldsOf(operation).filter((f) => isNumeric(f.schema));
    if (!fields.length) return undefined;
    const field = random.pick(fields);
    const value = random.pick(BAD_NUMBERS.filter((n) => !acceptsNumber(field.schema, n)));
    if (value === undefined) return undefined;
    field.set(shape, field.label.startsWith('body.') ? value : String(value));
    return `${field.label}: out of range ${value}`;
  },
  // Numbers and ids in another notation: hex, exponent, sign, beyond int4.
  (random, operation, shape) => {
    const fields = fieldsOf(operation).filter(
      (f) => !f.label.startsWith('body.') && (isNumeric(f.schema) || f.schema.format === 'row-id'),
    );
    if (!fields.length) return undefined;
    const field = random.pick(fields);
    // "-1" is a fine latitude: only notations the schema refuses.
    const value = random.pick(
      BAD_IDS.filter(
        (id) =>
          field.schema.format === 'row-id' ||
          !/^-?(?:0|[1-9]\d*)(?:\.\d+)?$/.test(id) ||
          !acceptsNumber(field.schema, Number(id)),
      ),
    );
    field.set(shape, value);
    return `${field.label}: not a decimal ${JSON.stringify(value)}`;
  },
  // Overlong strings.
  (random, operation, shape) => {
    const fields = fieldsOf(operation).filter((f) => isStringy(f.schema) && !f.schema.format);
    if (!fields.length) return undefined;
    const field = random.pick(fields);
    const length = (field.schema.maxLength ?? 10_000) + random.int(1, 50);
    field.set(shape, 'x'.repeat(length));
    return `${field.label}: ${length} characters`;
  },
  // A body that is not JSON by its content type.
  (random, operation, shape) => {
    if (!operation.body) return undefined;
    shape.contentType = random.pick([
      null,
      'text/plain',
      'application/json; charset=utf-16',
      'application/json; charset=iso-8859-1',
      'application/xml',
      'application/x-www-form-urlencoded',
    ]);
    if (shape.contentType === 'application/json; charset=utf-16') {
      shape.rawBody = Buffer.from(JSON.stringify(shape.body), 'utf16le').toString('latin1');
    }
    return `content-type: ${shape.contentType ?? 'none'}`;
  },
  // Malformed JSON.
  (random, operation, shape) => {
    if (!operation.body) return undefined;
    shape.rawBody = random.pick(['{"a":', 'nul', '[1,2', '{"a" 1}', '\u0000', '{}}']);
    return `body: malformed JSON ${JSON.stringify(shape.rawBody)}`;
  },
  // A body of the wrong kind, or none where one is required.
  (random, operation, shape) => {
    if (!operation.body) return undefined;
    const value = random.pick([undefined, [], 'text', 42, null, true]);
    shape.body = value;
    if (value === undefined) shape.rawBody = undefined;
    return `body: ${value === undefined ? 'missing' : JSON.stringify(value)}`;
  },
  // Bad path ids.
  (random, operation, shape) => {
    const path = operation.parameters.filter((p) => p.in === 'path');
    if (!path.length) return undefined;
    const parameter = random.pick(path);
    shape.path[parameter.name] = random.pick([
      ...BAD_IDS,
      'x'.repeat(300),
      '../1',
      '%',
      "1' or '1'='1",
    ]);
    return `path.${parameter.name}: bad id ${JSON.stringify(shape.path[parameter.name])}`;
  },
];

function acceptsNumber(schema: Schema, value: number): boolean {
  if (typesOf(schema).includes('integer') && !Number.isInteger(value)) return false;
  if (schema.minimum !== undefined && value < schema.minimum) return false;
  if (schema.maximum !== undefined && value > schema.maximum) return false;
  if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
  if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return false;
  return true;
}

/**
 * An invalid request: a valid-shaped one with one thing broken, the mutation chosen in turn so
 * every kind that applies to the operation is sent.
 */
export function invalidRequest(random: Random, operation: Operation, index: number): FuzzRequest {
  for (let attempt = 0; attempt < mutations.length * 2; attempt += 1) {
    const shape = validShape(random, operation);
    const mutation = mutations[(index + attempt) % mutations.length]!;
    const kind = mutation(random, operation, shape);
    if (kind) return toRequest(operation, shape, kind, false);
  }
  const shape = validShape(random, operation);
  shape.query[`q${random.word(3)}`] = '\u0000';
  return toRequest(operation, shape, 'query: NUL in an unknown parameter', false);
}

/** The requests for one operation: `invalid` broken ones, then `valid` valid-shaped ones. */
export function requestsFor(
  operation: Operation,
  seed: number,
  counts: { invalid: number; valid: number },
): FuzzRequest[] {
  let hash = seed >>> 0;
  for (const char of operation.operationId) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  const random = new Random(hash);
  return [
    ...Array.from({ length: counts.invalid }, (_, index) =>
      invalidRequest(random, operation, index),
    ),
    ...Array.from({ length: counts.valid }, () => validRequest(random, operation)),
  ];
}
