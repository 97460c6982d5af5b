import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAllStored, ONE_WEEK_MS, readStored, writeStored } from '../../src/app/storage';

// A `window` left behind would outlive this file: the unit files share their worker's globals.
afterEach(() => vi.unstubAllGlobals());

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  get keys() {
    return [...this.items.keys()];
  }
}

describe('stored keys', () => {
  let memory: MemoryStorage;
  beforeEach(() => {
    memory = new MemoryStorage();
    vi.stubGlobal('window', { localStorage: memory });
  });

  it('keeps delivery details for exactly one week', () => {
    const now = Date.UTC(2026, 10, 22, 12);
    writeStored('delivery', { restaurantId: '16' }, { ttlMs: ONE_WEEK_MS, now });

    expect(readStored('delivery', now + ONE_WEEK_MS - 1)).toEqual({ restaurantId: '16' });
    expect(readStored('delivery', now + ONE_WEEK_MS)).toBeNull();
    expect(memory.keys).toEqual([]);
  });

  it('clears every stored key at sign-out', () => {
    writeStored('delivery', 1);
    writeStored('addressText', 'x');
    writeStored('selectedSubscription', 2);

    clearAllStored();

    expect(memory.keys).toEqual([]);
  });

  it('treats an unreadable entry as missing', () => {
    memory.setItem('sfoglia.redirect', '{oops');
    expect(readStored('redirect')).toBeNull();
  });
});

describe('stored delivery details', () => {
  it('reads only today’s shape and drops anything else', async () => {
    const memory = new MemoryStorage();
    vi.stubGlobal('window', { localStorage: memory });
    const { readValidStored } = await import('../../src/app/storage');
    const { isStoredDelivery } = await import('../../domain/stored-delivery');
    const good = {
      restaurantId: '16',
      restaurantSite: 'Chiswick',
      address: {
        address1: '12 Devonshire Road',
        address2: null,
        city: 'London',
        zip: 'W4 2HD',
        countryCode: 'GB',
        lat: 51.49,
        lon: -0.25,
      },
    };
    writeStored('delivery', good);
    expect(readValidStored('delivery', isStoredDelivery)).toEqual(good);

    writeStored('delivery', { x: 1 });
    expect(readValidStored('delivery', isStoredDelivery)).toBeNull();
    expect(memory.keys).toEqual([]);
  });
});
