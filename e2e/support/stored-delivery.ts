import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../domain/storage-keys';

/**
 * Product rule R3.10: the delivery found by an earlier address search, kept in this browser for
 * an hour of its week, as the app stores it. The page must be on the site (any screen).
 */
export async function storeDelivery(page: Page, value: unknown) {
  await page.evaluate(
    ([key, stored]) =>
      localStorage.setItem(
        key,
        JSON.stringify({ value: stored, expiresAt: Date.now() + 60 * 60_000 }),
      ),
    [STORAGE_KEYS.delivery, value] as const,
  );
}
