/** The spec's duration of a success toast; a greet within it continues the run. */
export const GREET_RUN_MS = 2000;

export interface GreetRunStep {
  /** The toast of the run: each greet of a run updates it, which restarts its timer. */
  toastId: string;
  /** Greets in the run so far, this one included. */
  count: number;
}

/**
 * Counts a run of greets so that it shows one toast that counts ('Marked as greeted!', then
 * 'Marked 3 as greeted') instead of a stack of them over the list. A greet more than
 * GREET_RUN_MS after the last one starts a new run with a toast of its own, so the previous
 * toast can leave on its own schedule.
 */
export function createGreetRun(now: () => number = Date.now) {
  let run = 0;
  let count = 0;
  let last = -Infinity;
  return {
    greeted(): GreetRunStep {
      const at = now();
      if (at - last > GREET_RUN_MS || count === 0) {
        run += 1;
        count = 0;
      }
      count += 1;
      last = at;
      return { toastId: `greet-run-${run}`, count };
    },
    /** An unmark ends the run: the next greet starts counting at one again. */
    end(): void {
      count = 0;
    },
  };
}
