import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** A child process that passes the crash point `payments.after-charge`, then prints "survived". */
function runPast(env: Record<string, string>) {
  const root = path.resolve(import.meta.dirname, '../..');
  return spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      "const { crashPoint } = await import('./server/services/crash-points.ts'); crashPoint('payments.after-charge'); console.log('survived');",
    ],
    { cwd: root, env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 60_000 },
  );
}

describe('crashPoint', () => {
  it('kills the process (SIGKILL) at the named point under NODE_ENV=test', () => {
    const run = runPast({ NODE_ENV: 'test', SFOGLIA_CRASH_POINT: 'payments.after-charge' });
    expect(run.signal).toBe('SIGKILL');
    expect(run.stdout).not.toContain('survived');
  });

  it('is a no-op in production and at any other point', () => {
    for (const env of [
      { NODE_ENV: 'production', SFOGLIA_CRASH_POINT: 'payments.after-charge' },
      { NODE_ENV: 'test', SFOGLIA_CRASH_POINT: 'payments.before-charge' },
    ]) {
      const run = runPast(env);
      expect(run.status).toBe(0);
      expect(run.stdout).toContain('survived');
    }
  });
}, 120_000);
