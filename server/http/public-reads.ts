import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerFactory } from 'fastify';
import {
  MENU_FRESHNESS_MS,
  SNOOZE_FRESHNESS_MS,
  matchesIfNoneMatch,
  type CacheTag,
  type CachedRead,
  type PublicReadCache,
} from '../services/cache/public-read-cache';

/**
 * Browsers and proxies may keep a public read but must ask again every time (R13.5): the ETag makes
 * the question cheap (a 304 without a body).
 */
export const PUBLIC_READ_CACHE_CONTROL = 'public, no-cache';

interface PublicRead {
  freshForMs: number;
  tags: (restaurantId: number) => CacheTag[];
  /** Part of the key besides the URL: time slots move on with the clock, minute by minute. */
  byMinute?: boolean;
}

const restaurantTags = (id: number): CacheTag[] => ['restaurants', `menu:${id}`];

/** The public reads every visitor makes (R13.4), by their route in the contract. */
const PUBLIC_READS: Record<string, PublicRead> = {
  '/api/v2/settings': { freshForMs: MENU_FRESHNESS_MS, tags: () => ['settings'] },
  '/api/v2/restaurants/all': { freshForMs: MENU_FRESHNESS_MS, tags: () => ['restaurants'] },
  '/api/v2/restaurants/:id': { freshForMs: MENU_FRESHNESS_MS, tags: () => ['restaurants'] },
  '/api/v2/restaurants/:id/menu': { freshForMs: MENU_FRESHNESS_MS, tags: restaurantTags },
  '/api/v2/restaurants/:id/snoozed_products': {
    freshForMs: SNOOZE_FRESHNESS_MS,
    tags: (id) => ['restaurants', `snoozes:${id}`],
  },
  '/api/v2/restaurants/:id/time_slots': {
    freshForMs: MENU_FRESHNESS_MS,
    tags: () => ['restaurants'],
    byMinute: true,
  },
  '/api/v2/restaurants/:id/time_slot_dates': {
    freshForMs: MENU_FRESHNESS_MS,
    tags: () => ['restaurants'],
    byMinute: true,
  },
  '/api/v2/bundles': { freshForMs: MENU_FRESHNESS_MS, tags: () => ['catalogue'] },
  '/api/v2/delivery_fee_config': { freshForMs: MENU_FRESHNESS_MS, tags: () => ['delivery-fees'] },
};

/** The contract's limit on If-None-Match: a longer one is left to validation (a 400). */
const MAX_IF_NONE_MATCH = 1024;

const pending = new WeakMap<FastifyRequest, { key: string; read: PublicRead; id: number }>();
/** Entries whose headers the fast path does not know yet: learnt from this answer once sent. */
const learning = new WeakMap<FastifyRequest, CachedRead>();

/**
 * The key of a read that changes with the minute. Node's parser never lets a space into a URL (it
 * ends the request target), so no URL can be mistaken for another URL's key.
 */
const byMinuteKey = (url: string, now: Date) => `${url} ${Math.floor(now.getTime() / 60_000)}`;

const cacheKey = (request: FastifyRequest, read: PublicRead, now: Date) =>
  read.byMinute ? byMinuteKey(request.url, now) : request.url;

/** Headers that belong to one answer, never to the cached entry. */
const PER_REQUEST_HEADERS = new Set(['set-cookie', 'date', 'connection', 'keep-alive']);
/** A 304 has no body: Fastify sends it without these (RFC 9110 8.6). */
const BODY_HEADERS = new Set(['content-type', 'content-length']);

/** The headers a 200 of the entry went out with, as the fast path replays them for 200 and 304. */
function learnHeaders(reply: FastifyReply): NonNullable<CachedRead['headers']> {
  const ok: Record<string, string> = {};
  const notModified: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value === undefined || PER_REQUEST_HEADERS.has(name)) continue;
    ok[name] = String(value);
    if (!BODY_HEADERS.has(name)) notModified[name] = String(value);
  }
  return { ok, notModified };
}

function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedRead) {
  reply.header('etag', entry.etag).header('cache-control', PUBLIC_READ_CACHE_CONTROL);
  if (matchesIfNoneMatch(request.headers['if-none-match'], entry.etag))
    return reply.code(304).send();
  return reply.code(200).header('content-type', entry.contentType).send(entry.body);
}

/**
 * Serves the public reads from the in-process cache (R13.4, R13.5). Installed before the cookie
 * plugin: a hit answers in onRequest, so it parses no cookie, looks up no session, sets no cookie
 * and serialises nothing. A miss runs the handler as usual; its 200 is stored on the way out, and
 * the headers a 200 goes out with are learnt for PublicReadFastPath, which answers the next hits
 * before Fastify.
 */
export function installPublicReads(
  app: FastifyInstance,
  cache: PublicReadCache,
  now: () => Date,
  fastPath?: PublicReadFastPath,
) {
  app.addHook('onRequest', async (request, reply) => {
    // HEAD is GET without the body (Fastify's HEAD routes; Node sends no body for HEAD).
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const route = request.routeOptions.url;
    const read = route === undefined ? undefined : PUBLIC_READS[route];
    if (!read || (request.headers['if-none-match']?.length ?? 0) > MAX_IF_NONE_MATCH) return;
    const key = cacheKey(request, read, now());
    const entry = cache.get(key);
    if (entry) {
      if (!entry.headers) learning.set(request, entry);
      return sendCached(request, reply, entry);
    }
    const id = Number((request.params as { id?: string }).id ?? 0);
    pending.set(request, { key, read, id });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const miss = pending.get(request);
    if (!miss || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    pending.delete(request);
    const contentType = String(reply.getHeader('content-type') ?? 'application/json');
    const entry = cache.set(
      miss.key,
      Buffer.from(payload),
      contentType,
      miss.read.freshForMs,
      miss.read.tags(miss.id),
    );
    learning.set(request, entry);
    reply.header('etag', entry.etag).header('cache-control', PUBLIC_READ_CACHE_CONTROL);
    if (matchesIfNoneMatch(request.headers['if-none-match'], entry.etag)) {
      // No body and none of its headers, like the 304 of a hit (an empty string would send both).
      reply.code(304).removeHeader('content-type');
      return null;
    }
    return payload;
  });

  // After every onSend hook (the security headers among them): what a 200 really went out with.
  app.addHook('onResponse', async (request, reply) => {
    const entry = learning.get(request);
    if (entry && reply.statusCode === 200) entry.headers = learnHeaders(reply);
  });

  app.addHook('preClose', async () => fastPath?.close());
}

/**
 * Answers the cached public reads before Fastify sees the request (R13.4, R13.5): Fastify's routing,
 * hooks and reply cost more than the answer itself. Only a GET whose exact raw URL (and minute, for
 * time slots) holds a fresh entry that has already gone out once through Fastify is answered here,
 * with the status, body and headers Fastify sent; anything else goes to Fastify untouched, which
 * routes, validates and fills the cache as before.
 */
export class PublicReadFastPath {
  private closing = false;

  constructor(
    private readonly cache: PublicReadCache,
    private readonly now: () => Date,
  ) {}

  /** Sends the cached answer and returns true, or returns false having touched nothing. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url;
    const method = request.method;
    if (this.closing || (method !== 'GET' && method !== 'HEAD') || url === undefined) return false;
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch !== undefined && ifNoneMatch.length > MAX_IF_NONE_MATCH) return false;
    // Entries are stored only under the raw URL of a GET Fastify routed to a public read and
    // answered 200, so an unknown, refused or differently spelt URL is never found here.
    const entry = this.cache.get(url) ?? this.cache.get(byMinuteKey(url, this.now()));
    if (!entry?.headers) return false;
    if (matchesIfNoneMatch(ifNoneMatch, entry.etag)) {
      response.writeHead(304, entry.headers.notModified).end();
    } else {
      // Node writes no body for HEAD; its Content-Length still says the GET's.
      response.writeHead(200, entry.headers.ok).end(method === 'HEAD' ? undefined : entry.body);
    }
    return true;
  }

  /** While Fastify closes, requests go to it: it answers 503 and closes the connection. */
  close() {
    this.closing = true;
  }

  /** Fastify's serverFactory: a node:http server that tries this first, with Fastify's timeouts. */
  serverFactory: FastifyServerFactory = (handler, options) => {
    const server = http.createServer((request, response) => {
      if (!this.serve(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = Number(options.keepAliveTimeout);
    server.requestTimeout = Number(options.requestTimeout);
    server.setTimeout(Number(options.connectionTimeout));
    return server;
  };
}
