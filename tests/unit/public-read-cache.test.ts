import { describe, expect, it } from 'vitest';
import {
  PublicReadCache,
  matchesIfNoneMatch,
  strongEtag,
} from '../../server/services/cache/public-read-cache';

describe('matchesIfNoneMatch', () => {
  const etag = strongEtag('{"data":[]}');

  it('matches the tag, a weak copy of it, a list holding it, and *', () => {
    expect(matchesIfNoneMatch(etag, etag)).toBe(true);
    expect(matchesIfNoneMatch(`W/${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch(`"other", ${etag}`, etag)).toBe(true);
    expect(matchesIfNoneMatch('*', etag)).toBe(true);
  });

  it('does not match another tag, the bare hash or no header', () => {
    expect(matchesIfNoneMatch('"other"', etag)).toBe(false);
    expect(matchesIfNoneMatch(etag.replaceAll('"', ''), etag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, etag)).toBe(false);
  });
});

describe('PublicReadCache', () => {
  it('forgets an answer when its freshness window ends', () => {
    let now = 0;
    const cache = new PublicReadCache(() => now);
    cache.set('/a', Buffer.from('a'), 'application/json', 30_000, ['snoozes:16']);

    now = 29_999;
    expect(cache.get('/a')?.body.toString()).toBe('a');
    now = 30_000;
    expect(cache.get('/a')).toBeUndefined();
  });

  it('drops exactly the answers that depend on an invalidated tag', () => {
    const cache = new PublicReadCache(() => 0);
    cache.set('/menu/16', Buffer.from('m16'), 'application/json', 60_000, ['menu:16']);
    cache.set('/menu/19', Buffer.from('m19'), 'application/json', 60_000, ['menu:19']);

    cache.invalidate('menu:16');

    expect(cache.get('/menu/16')).toBeUndefined();
    expect(cache.get('/menu/19')?.body.toString()).toBe('m19');
  });

  it('gives the same bytes the same strong ETag', () => {
    const cache = new PublicReadCache(() => 0);
    const first = cache.set('/a', Buffer.from('same'), 'application/json', 1_000, []);
    const second = cache.set('/b', Buffer.from('same'), 'application/json', 1_000, []);

    expect(first.etag).toBe(second.etag);
    expect(first.etag).toMatch(/^"[\w-]{27}"$/);
  });
});
