import { spawn } from 'node:child_process';
import path from 'node:path';

/**
 * The production server as the end-to-end tests run it (scripts/e2e-server.ts: the built SPA,
 * a fresh database removed on exit, the development tools on), on the given port. For scripts
 * that drive a browser outside Playwright's runner: `npm run screens`, `npm run size`.
 */
export async function startProductionServer(port: number) {
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-server.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A signal lets the server close and delete its database.
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/api/v2/settings`)).ok) return { base, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  stop();
  throw new Error(`the server did not answer on ${base} within 240 s`);
}

/** Chromium's flags for a machine without network, as in playwright.config.ts. */
export const CHROMIUM_ARGS = [
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
