/**
 * An in-process job: a run at start and every `intervalMs`. Runs never overlap within a process
 * (a tick while one is running is skipped); a failed run is reported and the next tick tries
 * again. Across instances each job's own row locks keep runs apart.
 */
export function startIntervalJob(
  run: () => Promise<unknown>,
  intervalMs: number,
  onError: (error: unknown) => void,
) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = run()
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
