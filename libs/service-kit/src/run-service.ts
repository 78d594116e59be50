import type { INestApplicationContext } from '@nestjs/common';
import { baseEnv, databaseEnv, natsEnv } from '@greetboard/config';
import { InProcessBroker, type TransportRuntime } from '@greetboard/transport';
import { serviceLogger } from './logger.js';

/**
 * Runs `start` as the process's main program: logs a failed start and exits non-zero, and
 * on SIGINT/SIGTERM closes what `start` returned (draining in-flight work) before exiting.
 */
export function runUntilSignal(
  service: string,
  start: () => Promise<{ close(): Promise<void> } | INestApplicationContext>,
): void {
  const logger = serviceLogger(service);
  start().then(
    (running) => {
      let stopping = false;
      const stop = (signal: NodeJS.Signals) => {
        if (stopping) return;
        stopping = true;
        logger.log(`${signal} received, shutting down`);
        running.close().then(
          () => process.exit(0),
          (error: unknown) => {
            logger.error(`Shutdown failed: ${String(error)}`);
            process.exit(1);
          },
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (error: unknown) => {
      logger.error(`Failed to start: ${error instanceof Error ? error.stack : String(error)}`);
      process.exit(1);
    },
  );
}

/** NATS_URL selects NATS; unset selects an in-process bus (useful only inside one process). */
export function transportRuntimeFrom(config: {
  NATS_URL?: string;
  NATS_REQUEST_TIMEOUT_MS?: number;
  INSTALLATION_PREFIX?: string;
}): TransportRuntime {
  const requestTimeoutMs = config.NATS_REQUEST_TIMEOUT_MS;
  return config.NATS_URL
    ? { kind: 'nats', url: config.NATS_URL, requestTimeoutMs, prefix: config.INSTALLATION_PREFIX }
    : { kind: 'in-process', broker: new InProcessBroker(), requestTimeoutMs };
}

/** Environment every service with a database reads. */
export const serviceEnv = baseEnv.extend({ ...natsEnv.shape, ...databaseEnv.shape });
