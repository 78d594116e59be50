import type { DynamicModule, INestApplicationContext } from '@nestjs/common';
import type { z } from 'zod';
import { baseEnv, databaseEnv, loadConfigOrExit, natsEnv } from '@greetboard/config';
import {
  closeDatabaseRuntime,
  openDatabaseRuntime,
  type DatabaseRuntime,
} from '@greetboard/persistence';
import { InProcessBroker, type TransportRuntime } from '@greetboard/transport';
import { serviceLogger } from './logger.js';
import { startServiceApp } from './service-app.js';

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
 * NATS_URL selects NATS; unset selects an in-process bus (useful only inside one process).
 * A service started on its own (`clusterService`) has no one to talk to over an in-process
 * bus, so there a missing NATS_URL stops the process with a message naming the service.
 */
export function transportRuntimeFrom(
  config: { NATS_URL?: string; NATS_REQUEST_TIMEOUT_MS?: number },
  clusterService?: string,
): TransportRuntime {
  if (clusterService && !config.NATS_URL) {
    process.stderr.write(
      `Invalid configuration for ${clusterService}:\n  NATS_URL: required when ${clusterService} runs on its own (cluster mode); the in-process bus only works inside the standalone runtime\n`,
    );
    process.exit(78); // EX_CONFIG, like loadConfigOrExit
  }
  const requestTimeoutMs = config.NATS_REQUEST_TIMEOUT_MS;
  return config.NATS_URL
    ? { kind: 'nats', url: config.NATS_URL, requestTimeoutMs }
    : { kind: 'in-process', broker: new InProcessBroker(), requestTimeoutMs };
}

/** Environment every service with a database reads. */
export const serviceEnv = baseEnv.extend({ ...natsEnv.shape, ...databaseEnv.shape });

export interface ServiceMainOptions<TEnv extends typeof serviceEnv> {
  service: string;
  env: TEnv;
  module: (runtime: {
    config: z.infer<TEnv>;
    transport: TransportRuntime;
    database: DatabaseRuntime;
  }) => DynamicModule;
}

/** The whole `main.ts` of a service with a database, started on its own (cluster mode). */
export function runServiceMain<TEnv extends typeof serviceEnv>(
  options: ServiceMainOptions<TEnv>,
): void {
  const config = loadConfigOrExit(options.service, options.env);
  runUntilSignal(options.service, async () => {
    const transport = transportRuntimeFrom(config, options.service);
    const database = await openDatabaseRuntime(config);
    const app = await startServiceApp(
      options.service,
      options.module({ config, transport, database }),
      transport,
      config.LOG_LEVEL,
    );
    return {
      close: async () => {
        await app.close();
        await closeDatabaseRuntime(database);
      },
    };
  });
}
