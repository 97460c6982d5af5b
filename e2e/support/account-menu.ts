import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Opens the header's "My account" menu. The header re-renders as the session settles after a
 * sign-in, which can close a menu opened a moment before: open it until its items show.
 */
export async function openAccountMenu(page: Page) {
  await expect(async () => {
    const menu = page.getByRole('button', { name: 'My account' });
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: 1_000 });
  }).toPass();
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
  // The menu can still close between opening and the click (see above): a click that found no
  // visible "Sign out" did nothing, so opening again and clicking again signs out only once.
  await expect(async () => {
    await openAccountMenu(page);
    await page.getByRole('button', { name: 'Sign out' }).click({ timeout: 2_000 });
  }).toPass();
  expect((await ended).status()).toBe(204);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
}
