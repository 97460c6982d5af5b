import { startIntervalJob } from '../interval-job';
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
  return startIntervalJob(() => runBilling(deps, deps.now()), intervalMs, onError);
}
