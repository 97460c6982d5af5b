import type { Page } from '@playwright/test';
import { expect } from './fixtures';

declare global {
  interface Window {
    /** Every flash message's text, as each appeared: see rememberFlashes. */
    sfogliaFlashesShown?: string[];
  }
}

/**
 * A flash message goes after 3000 ms (the spec's constant): on a loaded 2-core machine a check
 * after a save and a screen change can come later than that. The page keeps each message's text
 * as it appears, so a check asks whether it was shown rather than whether it is still there.
 */
export async function rememberFlashes(page: Page) {
  await page.addInitScript(() => {
    const shown: string[] = [];
    window.sfogliaFlashesShown = shown;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement && node.classList.contains('flash'))
            shown.push(node.querySelector('span')?.textContent ?? node.textContent ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
}

/** The flash message was shown on this page (since its last full load). */
export async function expectFlashShown(page: Page, text: string) {
  await expect
    .poll(() => page.evaluate(() => window.sfogliaFlashesShown ?? []), {
      message: `the flash message "${text}"`,
    })
    .toContain(text);
}
