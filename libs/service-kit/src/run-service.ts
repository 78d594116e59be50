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

/**
 * A service started on its own (cluster mode) has no one to talk to over an in-process bus,
 * so there a missing NATS_URL stops the process with a message naming the service.
 */
export function requireNatsUrl(service: string, config: { NATS_URL?: string }): void {
  if (config.NATS_URL) return;
  process.stderr.write(
    `Invalid configuration for ${service}:\n  NATS_URL: required when ${service} runs on its own (cluster mode); the in-process bus only works inside the standalone runtime\n`,
  );
  process.exit(78); // EX_CONFIG, like loadConfigOrExit
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
