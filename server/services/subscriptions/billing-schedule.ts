import { runBilling, type BillingDeps } from './billing-job';

/**
 * The billing job in process: a run at start and every `intervalMs`. Runs never overlap within a
 * process; across instances the job's row locks and unique orders keep them apart.
 */
export function startBillingJob(
  deps: BillingDeps,
  intervalMs: number,
  onError: (error: unknown) => void,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = runBilling(deps, deps.now())
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
