import type { FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';

export type { DestinationStream };

const REDACTED = '[redacted]';

/**
 * Fields that hold secrets or personal data wherever they appear in a logged object (one level
 * deep, as pino's redact paths go): credentials, contact details, addresses, card data.
 */
const SECRET_FIELDS = [
  'password',
  'current_password',
  'new_password',
  'passwordHash',
  'password_hash',
  'token',
  'access_token',
  'refresh_token',
  'secret',
  'email',
  'phone',
  'address',
  'line1',
  'line2',
  'postcode',
  'card',
  'card_number',
  'cvc',
  'params',
  'detail',
  'cookie',
  'authorization',
];

const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-shopify-storefront-access-token"]',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
];

/**
 * Scrubs what a message can carry: drizzle's "params: ..." tail (every bound value of a failed
 * query), Argon2 hashes, email addresses, bearer tokens.
 */
export function scrubText(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, `\nparams: ${REDACTED}`)
    .replace(/\$argon2(?:id|i|d)\$[^\s,'")]+/g, REDACTED)
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, REDACTED)
    .replace(/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`);
}

/** Fields of an error (and of PostgreSQL's) that say what failed without the values involved. */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'status',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
];

/**
 * An allow-list error serializer: type, scrubbed message and stack, and the safe fields above,
 * down the cause chain. Never params (drizzle), detail/where (PostgreSQL: "Key (email)=(...)").
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: scrubText(String(error)) };
  const message = scrubText(error.message);
  const record: Record<string, unknown> = {
    type: error.constructor.name,
    message,
    stack: error.stack ? scrubText(error.stack.replace(error.message, message)) : undefined,
  };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of SAFE_ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string') record[field] = scrubText(value);
    else if (typeof value === 'number') record[field] = value;
  }
  if (error.cause !== undefined && depth < 4) record.cause = serializeError(error.cause, depth + 1);
  return record;
}

/** The request line without query values (a reset token, an email in ?to=). */
export function redactUrl(url: string): string {
  const [path, query] = url.split(/\?(.*)/s);
  if (query === undefined) return url;
  const names = new URLSearchParams(query).keys();
  return `${path}?${[...new Set(names)].map((name) => `${name}=${REDACTED}`).join('&')}`;
}

/** Fastify's logger: structured JSON, request records carry reqId (Fastify's child binding). */
export function loggerOptions(level: string, stream?: DestinationStream) {
  const options: LoggerOptions & { stream?: DestinationStream } = {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      err: serializeError,
      error: serializeError,
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.socket?.remoteAddress,
      }),
    },
    hooks: {
      // log.error(error) makes the error's raw message the record's msg: scrub it, as above.
      logMethod(args, method) {
        const [first, second, ...rest] = args as unknown[];
        const error =
          first instanceof Error
            ? first
            : first && typeof first === 'object' && (first as { err?: unknown }).err;
        if (error instanceof Error) {
          const record = first instanceof Error ? { err: first } : (first as object);
          const msg = typeof second === 'string' ? scrubText(second) : scrubText(error.message);
          return method.apply(this, [record, msg, ...rest] as Parameters<typeof method>);
        }
        const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg));
        return method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  };
  if (stream) options.stream = stream;
  return options;
}
