import { existsSync } from 'node:fs';
import { chromium, defineConfig, devices } from '@playwright/test';
import { CHROMIUM_HELP, findChromium } from './scripts/find-chromium';

const executablePath = findChromium({ headlessShell: true });
if (!executablePath && !existsSync(chromium.executablePath())) throw new Error(CHROMIUM_HELP);

const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Whole customer journeys with several axe scans take 20-30 s on a 2-core CI machine: 60 s
  // leaves room without hiding a hang.
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // Its own folder: Playwright empties outputDir at start, and test-results/ also holds Vitest's reports.
  outputDir: 'test-results/playwright',
  use: {
    baseURL: `http://localhost:${port}`,
    // A trace records every action's screenshot and DOM: a fifth of the suite's time when kept for
    // every test. A failure is retried once in CI, and that retry records one (`--trace on` locally).
    trace: 'on-first-retry',
    launchOptions: {
      executablePath,
      // This machine has no network: without these Chromium floods refused connections at start.
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // Software rendering without a GPU process: about a tenth less CPU per test here.
        '--disable-gpu',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `node --import tsx scripts/e2e-server.ts`,
    url: `http://localhost:${port}/api/v2/settings`,
    env: { PORT: String(port) },
    reuseExistingServer: false,
    // A signal (not Playwright's default SIGKILL) lets the server close and delete its database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    // It builds nothing, but seeds a fresh database: on a loaded 2-core machine that took over 60 s.
    timeout: 120_000,
  },
});
