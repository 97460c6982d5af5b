import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Opens the header's "My account" menu (on a phone, open the drawer first). */
export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'My account' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/**
 * Signs out through the header's "My account" menu and waits for the server to end the session.
 * The screen shows the customer signed out at once, before `DELETE sessions` has gone: a test
 * that navigates on that cue can abort the call and stay signed in.
 */
export async function signOutThroughMenu(page: Page) {
  const ended = page.waitForResponse(
    (response) =>
      response.request().method() === 'DELETE' &&
      new URL(response.url()).pathname === '/api/v2/sessions',
  );
  await openAccountMenu(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect((await ended).status()).toBe(204);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
}
