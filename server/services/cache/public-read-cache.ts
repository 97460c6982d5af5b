import { createHash } from 'node:crypto';

/**
 * How stale a cached public read may be when something other than this instance changed it (another
 * instance, a direct database write): product rule R13.4. A write through this instance
 * invalidates at once instead.
 */
export const SNOOZE_FRESHNESS_MS = 30_000;
export const MENU_FRESHNESS_MS = 60_000;

/** Bodies above this are not worth holding; the cache keeps at most MAX_ENTRIES answers. */
const MAX_BODY_BYTES = 512 * 1024;
const MAX_ENTRIES = 2_000;

/** What public reads depend on; a write names the tags it changes. */
export type CacheTag =
  | 'settings'
  | 'restaurants'
  | 'catalogue'
  | 'delivery-fees'
  | `menu:${number}`
  | `snoozes:${number}`;

export interface CachedRead {
  /** The serialised answer, sent as is on a hit. */
  body: Buffer;
  contentType: string;
  /** A strong validator: the quoted SHA-1 of the body (R13.5). */
  etag: string;
  expiresAt: number;
  tags: readonly CacheTag[];
  /**
   * The headers a 200 of this entry went out with through Fastify (its security headers included),
   * less the per-request ones, and the same less the body's for a 304: what the fast path in front
   * of Fastify sends. Unset until one such answer has gone out.
   */
  headers?: { ok: Record<string, string>; notModified: Record<string, string> };
}

/** The strong ETag of a serialised body. */
export function strongEtag(body: Buffer | string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Whether an If-None-Match header names the ETag (RFC 9110 13.1.2: weak comparison, a list, or *).
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

/**
 * An in-process cache of serialised public reads, keyed by the full request URL, each entry with
 * its own freshness window and the tags a write invalidates. One instance per process
 * (docs/decisions/0008-public-read-cache.md).
 */
export class PublicReadCache {
  private readonly entries = new Map<string, CachedRead>();

  constructor(private readonly clock: () => number) {}

  get(key: string): CachedRead | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.clock()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Stores an answer (unless it is too big to hold) and returns it with its ETag. */
  set(
    key: string,
    body: Buffer,
    contentType: string,
    freshForMs: number,
    tags: readonly CacheTag[],
  ): CachedRead {
    const entry: CachedRead = {
      body,
      contentType,
      etag: strongEtag(body),
      expiresAt: this.clock() + freshForMs,
      tags,
    };
    if (body.byteLength > MAX_BODY_BYTES) return entry;
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      // The oldest insertion goes first: a Map iterates in insertion order.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
    return entry;
  }

  /** Drops every answer that depends on one of the tags: called by a write, after it commits. */
  invalidate(...tags: CacheTag[]): void {
    for (const [key, entry] of this.entries) {
      if (entry.tags.some((tag) => tags.includes(tag))) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
