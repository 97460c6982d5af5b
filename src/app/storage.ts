import { STORAGE_KEYS } from '../../domain/storage-keys';

export type StorageKey = keyof typeof STORAGE_KEYS;

/** Product rule R3.10: stored delivery details expire after one week. */
export const ONE_WEEK_MS = 7 * 24 * 60 * 60 * 1000;

interface Stored<T> {
  value: T;
  expiresAt: number | null;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // Storage can be disabled (private mode, policies): the app works without it.
  }
}

export function writeStored<T>(
  key: StorageKey,
  value: T,
  options: { ttlMs?: number; now?: number } = {},
): void {
  const expiresAt =
    options.ttlMs === undefined ? null : (options.now ?? Date.now()) + options.ttlMs;
  storage()?.setItem(STORAGE_KEYS[key], JSON.stringify({ value, expiresAt } satisfies Stored<T>));
}

/** The stored value when it passes `isValid`; anything else is removed and read as missing. */
export function readValidStored<T>(
  key: StorageKey,
  isValid: (value: unknown) => value is T,
  now = Date.now(),
): T | null {
  const value = readStored<unknown>(key, now);
  if (value === null) return null;
  if (isValid(value)) return value;
  removeStored(key);
  return null;
}

/** The stored value, or null when missing, unreadable or expired (an expired entry is removed). */
export function readStored<T>(key: StorageKey, now = Date.now()): T | null {
  const raw = storage()?.getItem(STORAGE_KEYS[key]);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Stored<T>;
    if (stored.expiresAt !== null && stored.expiresAt <= now) {
      removeStored(key);
      return null;
    }
    return stored.value;
  } catch {
    removeStored(key);
    return null;
  }
}

export function removeStored(key: StorageKey): void {
  storage()?.removeItem(STORAGE_KEYS[key]);
}

export function clearAllStored(): void {
  for (const key of Object.keys(STORAGE_KEYS) as StorageKey[]) removeStored(key);
}
