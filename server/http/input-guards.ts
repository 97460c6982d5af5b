import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { ApiError, errorDocument } from './jsonapi';

/**
 * Bad input is refused before a handler sees it, each rule in one place:
 * - no type coercion by the validator (Ajv runs with coerceTypes: false), so a body's
 *   `first_name: 12345` or `"true"` for a boolean is a 400;
 * - path and query strings become numbers and booleans here, strictly (plain decimal, `true` or
 *   `false`), before validation; anything else stays a string and fails the contract's type;
 * - a body must be JSON in UTF-8 (415 otherwise) and is required where the contract has one;
 * - NUL bytes (PostgreSQL cannot store them in text) are refused in the URL, headers and body;
 * - string ids of database rows carry `format: row-id`: plain decimal within int4.
 */

type AjvOptions = NonNullable<FastifyServerOptions['ajv']>;
type AjvPlugin = NonNullable<AjvOptions['plugins']>[number];

const INT4_MAX = 2_147_483_647;
const DECIMAL_INTEGER = /^-?(?:0|[1-9]\d*)$/;
const DECIMAL_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;
const ROW_ID = /^[1-9]\d{0,9}$/;

/** A serial primary key written as a string: `0x10`, `1e3`, `-1`, `0` and 2^31 are not ids. */
export const isRowId = (value: string) => ROW_ID.test(value) && Number(value) <= INT4_MAX;

const rowIdFormat: AjvPlugin = ((ajv: {
  addFormat(
    name: string,
    format: { type: 'string'; validate: (value: string) => boolean },
  ): unknown;
}) => {
  ajv.addFormat('row-id', { type: 'string', validate: isRowId });
  return ajv;
}) as unknown as AjvPlugin;

export const ajvOptions: AjvOptions = {
  customOptions: { removeAdditional: false, coerceTypes: false, allErrors: true },
  plugins: [rowIdFormat],
};

/**
 * Errors the router raises before any hook (a path parameter over 100 characters, a malformed
 * URL): JSON:API like the rest.
 */
export const frameworkErrors = (
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void => {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .code(status)
    .send(errorDocument([{ status: String(status), code: 'bad_request', title: error.message }]));
};

interface PropertySchema {
  type?: string | string[];
  items?: PropertySchema;
}
interface ObjectSchema {
  properties?: Record<string, PropertySchema>;
}

function typesOf(schema: PropertySchema | undefined): string[] {
  if (!schema?.type) return [];
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** One query or path string read as its schema's type, or left as it is when it is not one. */
function parseScalar(value: string, schema: PropertySchema | undefined): unknown {
  const types = typesOf(schema);
  if (types.includes('string')) return value;
  if (types.includes('integer') && DECIMAL_INTEGER.test(value)) return Number(value);
  if (types.includes('number') && DECIMAL_NUMBER.test(value)) return Number(value);
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function parseStrings(values: unknown, schema: unknown) {
  const properties = (schema as ObjectSchema | undefined)?.properties;
  if (!properties || typeof values !== 'object' || values === null) return;
  const record = values as Record<string, unknown>;
  for (const [name, value] of Object.entries(record)) {
    const property = properties[name];
    if (typesOf(property).includes('array')) {
      const list = Array.isArray(value) ? value : [value];
      record[name] = list.map((item) =>
        typeof item === 'string' ? parseScalar(item, property?.items) : item,
      );
    } else if (typeof value === 'string') {
      record[name] = parseScalar(value, property);
    }
  }
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  }
  return false;
}

const nulRefused = (where: string) =>
  new ApiError(400, 'invalid', 'Invalid request', {
    detail: `${where} must not contain NUL characters`,
  });

function hasBody(request: FastifyRequest) {
  const length = request.headers['content-length'];
  return (
    request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0')
  );
}

/** The media types the contract accepts for this route's body, when it has one. */
function bodyMediaTypes(request: FastifyRequest): string[] | undefined {
  const body = request.routeOptions.schema?.body as
    { content?: Record<string, unknown> } | undefined;
  return body?.content ? Object.keys(body.content) : undefined;
}

const unsupported = (detail: string) =>
  new ApiError(415, 'unsupported_media_type', 'Unsupported media type', { detail });

export function installInputGuards(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    if (/%00/i.test(request.url) || request.url.includes('\u0000')) throw nulRefused('The URL');
    for (const [name, value] of Object.entries(request.headers)) {
      if (containsNul(value)) throw nulRefused(`The header ${name}`);
    }
  });

  // Before parsing: a body the contract does not describe would skip validation altogether.
  app.addHook('preParsing', async (request) => {
    const accepted = bodyMediaTypes(request);
    if (!accepted || !hasBody(request)) return;
    const header = request.headers['content-type'];
    if (!header) throw unsupported(`Send the body as ${accepted.join(' or ')}`);
    const [essence = '', ...parameters] = header.split(';').map((part) => part.trim());
    if (!accepted.includes(essence.toLowerCase())) {
      throw unsupported(`Send the body as ${accepted.join(' or ')}, not ${essence}`);
    }
    for (const parameter of parameters) {
      const [name, value = ''] = parameter.split('=').map((part) => part.trim().toLowerCase());
      if (name === 'charset' && !['utf-8', 'utf8'].includes(value.replace(/"/g, ''))) {
        throw unsupported('Send the body in UTF-8');
      }
    }
  });

  app.addHook('preValidation', async (request) => {
    // Every request body in the contract is required (requestBody.required: true).
    if (bodyMediaTypes(request) && request.body === undefined) {
      throw new ApiError(400, 'invalid', 'Invalid request', {
        detail: 'A JSON body is required',
      });
    }
    if (containsNul(request.body)) throw nulRefused('The body');
    const schema = request.routeOptions.schema;
    parseStrings(request.params, schema?.params);
    parseStrings(request.query, schema?.querystring);
  });
}
