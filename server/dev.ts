import { spawn, type ChildProcess } from 'node:child_process';

/**
 * `npm run dev`: the API server restarting on change (node --watch) behind Vite's dev server
 * with hot reload. Vite proxies /api and /dev to the API (vite.config.ts).
 */
const apiPort = process.env.API_PORT ?? '3000';
const children: ChildProcess[] = [
  spawn(
    process.execPath,
    ['--watch-path=server', '--watch-path=openapi', '--import', 'tsx', 'server/main.ts'],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        PORT: apiPort,
        // The mailbox and the other development tools (local requests only).
        DEV_TOOLS: process.env.DEV_TOOLS ?? 'true',
        PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
      },
    },
  ),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', '5173'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) child.once('exit', (code) => code && stop());

// The API reference page as of this start (a one-off, not watched: after editing the contract,
// `npm run build:api-reference` refreshes it); the page says so when it is missing.
spawn('npm', ['run', '--silent', 'build:api-reference'], { stdio: 'ignore' });
