import type { LoggerService } from '@nestjs/common';

export interface PeriodicTask {
  stop(): void;
}

/**
 * Runs `task` every `intervalMs` for housekeeping (token sweeps, pruning). The timer never
 * keeps the process alive; a failed run is logged as a warning and the next one tries again;
 * runs never overlap: a tick that finds the previous run still going is skipped.
 */
export function runPeriodically(
  what: string,
  intervalMs: number,
  task: () => Promise<unknown>,
  logger: Pick<LoggerService, 'warn'>,
): PeriodicTask {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    task()
      .catch((error: unknown) => {
        logger.warn(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
