import type { BrowserContext, CDPSession } from '@playwright/test';
import { test as base } from '../support/fixtures';
import { rememberFlashes } from '../support/flashes';

/**
 * One browser context per worker for the generated walks, each walk in a new tab of it with the
 * site's cookies and storage cleared: a new context per walk loaded and compiled the app afresh
 * every time (about 2 s of each walk's 2.8 s on a 2-core machine), while a walk needs only a
 * customer the browser does not know yet. The HTTP cache (the hashed app files, immutable) is kept;
 * the API's answers are `no-cache` or `no-store`, so nothing a walk reads is stale.
 * A failed walk ends its worker (Playwright starts a new one), so its context goes with it.
 */
export const test = base.extend<object, { walkContext: BrowserContext }>({
  walkContext: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch, screen } =
        workerInfo.project.use;
      const context = await browser.newContext({
        baseURL,
        viewport,
        userAgent,
        deviceScaleFactor,
        isMobile,
        hasTouch,
        screen,
      });
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ walkContext }, use) => {
    await use(walkContext);
  },
  page: async ({ walkContext, baseURL }, use) => {
    const page = await walkContext.newPage();
    await rememberFlashes(page);
    await use(page);
    // A walk's last step may have just dropped a call (dropNextCall), its handler still removing
    // itself as the walk ends: its routes go first, so closing the page fails no handler.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    // Closed first: a page still running could write its storage again after the clearing.
    await page.close();
    const blank = await walkContext.newPage();
    await forgetTheCustomer(walkContext, await walkContext.newCDPSession(blank), baseURL!);
    await blank.close();
  },
});

/** What a walk leaves in the browser: its cookies, storage and any network conditions it set. */
async function forgetTheCustomer(context: BrowserContext, cdp: CDPSession, baseURL: string) {
  await context.setOffline(false);
  await context.clearCookies();
  await cdp.send('Storage.clearDataForOrigin', {
    origin: new URL(baseURL).origin,
    storageTypes: 'cookies,local_storage,indexeddb,websql,service_workers,cache_storage',
  });
  await cdp.detach();
}
