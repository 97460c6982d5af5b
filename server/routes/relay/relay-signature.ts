import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as sent, kept for relay calls: their signature covers the exact bytes. */
    rawBody?: string;
  }
}

export const RELAY_PATH_PREFIX = '/api/v2/relay/';
/** Signed relay calls older than this are refused, so a captured call cannot be replayed later. */
export const RELAY_MAX_AGE_MS = 5 * 60 * 1000;

export const isRelayRequest = (url: string) => url.startsWith(RELAY_PATH_PREFIX);

/** Keeps the raw body of relay calls (only those) before the JSON parser reads it. */
export function captureRelayRawBody(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!isRelayRequest(request.url)) return payload;
    const chunks: Buffer[] = [];
    for await (const chunk of payload) chunks.push(Buffer.from(chunk as Buffer));
    const raw = Buffer.concat(chunks);
    request.rawBody = raw.toString('utf8');
    return Readable.from([raw]);
  });
}

/** `sha256=` and the hex HMAC-SHA256 of "<timestamp>.<raw body>": what the relay service sends. */
export function relaySignature(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** Whether a relay call is authentic and fresh. Timestamps are Unix seconds. */
export function isValidRelaySignature(options: {
  secret: string | null;
  signature: string | undefined;
  timestamp: string | undefined;
  rawBody: string | undefined;
  now: Date;
}): boolean {
  const { secret, signature, timestamp, rawBody, now } = options;
  if (!secret || !signature || !timestamp || rawBody === undefined) return false;
  if (!/^\d{1,12}$/.test(timestamp)) return false;
  const age = now.getTime() - Number(timestamp) * 1000;
  if (age > RELAY_MAX_AGE_MS || age < -RELAY_MAX_AGE_MS) return false;
  const expected = Buffer.from(relaySignature(secret, timestamp, rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
