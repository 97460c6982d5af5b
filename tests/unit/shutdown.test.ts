import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDrain } from '../../server/shutdown';

const log = { info: vi.fn(), error: vi.fn() } as never;

// The unit files share a module graph (vite.config.ts): a failed test must not leave fake timers.
afterEach(() => vi.useRealTimers());

describe('createDrain (SIGTERM)', () => {
  it('closes the app (requests in flight, then the jobs) before the pool, then exits 0, once', async () => {
    const steps: string[] = [];
    const exit = vi.fn((code: number) => steps.push(`exit ${code}`));
    const drain = createDrain(
      { log, close: async () => void steps.push('app closed') } as never,
      { close: async () => void steps.push('pool closed') },
      1000,
      exit,
    );

    await Promise.all([drain('SIGTERM'), drain('SIGINT')]);

    expect(steps).toEqual(['app closed', 'pool closed', 'exit 0']);
  });

  it('exits 1 when requests are still in flight after the timeout, without closing the pool under them', async () => {
    vi.useFakeTimers();
    const exit = vi.fn();
    const poolClose = vi.fn(async () => undefined);
    const drain = createDrain(
      { log, close: () => new Promise<undefined>(() => undefined) } as never,
      { close: poolClose },
      5000,
      exit,
    );

    void drain('SIGTERM');
    await vi.advanceTimersByTimeAsync(5000);

    expect(exit).toHaveBeenCalledWith(1);
    expect(poolClose).not.toHaveBeenCalled();
  });
});
