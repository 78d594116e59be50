import { setTimeout as delay } from 'node:timers/promises';
import { AuthorizationError, connect } from '@nats-io/transport-node';
import { NATS_CONNECTION_OPTIONS } from './connection-options.js';

export interface NatsBootBackoff {
  firstDelayMs: number;
  maxDelayMs: number;
}

/** 1 s, 2 s, 4 s … at most 30 s between attempts. */
export const NATS_BOOT_BACKOFF: NatsBootBackoff = { firstDelayMs: 1_000, maxDelayMs: 30_000 };

/** The wait before attempt `attempt + 1`, after `attempt` failed. */
export function natsBootDelay(attempt: number, backoff = NATS_BOOT_BACKOFF): number {
  return Math.min(backoff.firstDelayMs * 2 ** Math.min(attempt - 1, 30), backoff.maxDelayMs);
}

/** Where the server is, without the credentials a URL may carry. */
function placeOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'NATS_URL';
  }
}

/**
 * Resolves once NATS answers at `url`. A process started before NATS (a cluster coming up, NATS
 * restarting) waits for it with a bounded backoff rather than exiting, logging each failed
 * attempt and the next delay. Refused credentials do not fix themselves: they fail at once.
 */
export async function waitForNats(
  url: string,
  log: (line: string) => void,
  backoff = NATS_BOOT_BACKOFF,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      const probe = await connect({
        servers: [url],
        ...NATS_CONNECTION_OPTIONS,
        reconnect: false,
        timeout: 5_000,
      });
      await probe.close();
      if (attempt > 1) log(`NATS at ${placeOf(url)} answers (attempt ${attempt})`);
      return;
    } catch (error) {
      if (error instanceof AuthorizationError) throw error;
      const next = natsBootDelay(attempt, backoff);
      const reason = error instanceof Error ? error.message : String(error);
      log(
        `NATS at ${placeOf(url)} unreachable (${reason}), attempt ${attempt}; next in ${next / 1000} s`,
      );
      await delay(next);
    }
  }
}
