import { existsSync } from 'node:fs';

/**
 * The Chromium a script drives: PLAYWRIGHT_CHROMIUM_PATH, else Debian's, else Playwright's own
 * download (undefined lets Playwright use it). With `headlessShell`, Debian's headless shell
 * (package chromium-headless-shell) comes first: the same engine without the browser's own UI
 * layer, the build Playwright itself runs headless tests in, and on this 2-core machine the
 * end-to-end suite ran about a fifth faster in it. Lighthouse keeps the full browser, so the
 * benchmark table stays comparable with earlier runs.
 */
export function findChromium({ headlessShell = false } = {}): string | undefined {
  const configured = process.env.PLAYWRIGHT_CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured))
      throw new Error(`PLAYWRIGHT_CHROMIUM_PATH=${configured} does not exist. ${CHROMIUM_HELP}`);
    return configured;
  }
  const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  if (headlessShell) candidates.unshift('/usr/bin/chromium-headless-shell');
  return candidates.find((candidate) => existsSync(candidate));
}

export const CHROMIUM_HELP =
  'No Chromium found for the end-to-end tests. Install one: on Debian or Ubuntu `apt-get install -y chromium chromium-headless-shell`, ' +
  'elsewhere `npx playwright install chromium`; or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium binary.';
