import type { Page } from '@playwright/test';

/**
 * A full-page screenshot for a person to look at, written only when SHOTS_DIR names a folder
 * (`SHOTS_DIR=/tmp/shots npx playwright test …`): in `npm test` nobody looks, and each one costs
 * the suite a second. `npm run screens` takes the reviewed set into docs/screens/.
 */
export async function shot(page: Page, name: string) {
  const folder = process.env.SHOTS_DIR;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}
