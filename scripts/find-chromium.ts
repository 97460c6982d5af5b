import { existsSync } from 'node:fs';

/**
 * The Chromium the end-to-end tests drive: PLAYWRIGHT_CHROMIUM_PATH, else Debian's, else
 * Playwright's own download (undefined lets Playwright use it).
 */
export function findChromium(): string | undefined {
  const configured = process.env.PLAYWRIGHT_CHROMIUM_PATH;
  if (configured) {
    if (!existsSync(configured))
      throw new Error(`PLAYWRIGHT_CHROMIUM_PATH=${configured} does not exist. ${CHROMIUM_HELP}`);
    return configured;
  }
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

export const CHROMIUM_HELP =
  'No Chromium found for the end-to-end tests. Install one: on Debian or Ubuntu `apt-get install -y chromium`, ' +
  'elsewhere `npx playwright install chromium`; or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium binary.';
