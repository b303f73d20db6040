/** The shop's billing run, every so often, on every instance (the run's lease lets one work). */
import type { Logger } from "../logger.server";

export interface BillingWorker {
  stop: () => Promise<void>;
}

export function startBillingWorker(
  log: Logger,
  failure: string,
  run: () => Promise<unknown>,
  intervalMs = 15 * 60_000,
): BillingWorker {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    try {
      await run();
    } catch (error) {
      log.error({ err: error }, failure);
    }
  };
  const timer = setInterval(() => {
    running = tick();
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
