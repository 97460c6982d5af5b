import { defineConfig } from 'vitest/config';

/**
 * `npm run chaos`: fault tests against the real server in a child process (tests/chaos). Kept out
 * of `npm run test:vitest` (vite.config.ts): they take minutes and start their own PostgreSQL.
 */
export default defineConfig({
  test: {
    include: ['tests/chaos/**/*.test.ts'],
    environment: 'node',
    // One fault at a time: the files share the chaos ports.
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 300_000,
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/chaos.json' },
  },
});
