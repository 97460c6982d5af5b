import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

function cacheKey(request: FastifyRequest, read: PublicRead, now: Date): string {
  return read.byMinute ? `${request.url}|${Math.floor(now.getTime() / 60_000)}` : request.url;
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
 * and serialises nothing. A miss runs the handler as usual; its 200 is stored on the way out.
 */
export function installPublicReads(app: FastifyInstance, cache: PublicReadCache, now: () => Date) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET') return;
    const route = request.routeOptions.url;
    const read = route === undefined ? undefined : PUBLIC_READS[route];
    if (!read || (request.headers['if-none-match']?.length ?? 0) > MAX_IF_NONE_MATCH) return;
    const key = cacheKey(request, read, now());
    const entry = cache.get(key);
    if (entry) return sendCached(request, reply, entry);
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
    reply.header('etag', entry.etag).header('cache-control', PUBLIC_READ_CACHE_CONTROL);
    if (matchesIfNoneMatch(request.headers['if-none-match'], entry.etag)) {
      reply.code(304);
      return '';
    }
    return payload;
  });
}
