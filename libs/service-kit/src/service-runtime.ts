import type { z } from 'zod';
import { loadConfigOrExit, type natsEnv } from '@greetboard/config';
import { STREAMS } from '@greetboard/contracts';
import {
  closeDatabaseRuntime,
  openDatabaseRuntime,
  type DatabaseRuntime,
} from '@greetboard/persistence';
import {
  createDurableStreams,
  STREAM_DEFAULTS,
  type DurableStreams,
  type DurableStreamsSettings,
  type StreamLimits,
  type TransportRuntime,
  waitForNats,
} from '@greetboard/transport';
import { serviceLogger } from './logger.js';
import { requireNatsUrl, runUntilSignal, transportRuntimeFrom } from './run-service.js';

/**
 * What one process gives every service it hosts: the message bus, the durable streams and,
 * when a service keeps data, the database. A service's own main.ts opens it for one service;
 * the standalone runtime opens it once for all of them.
 */
export interface ServiceInfrastructure {
  transport: TransportRuntime;
  /** Set when the process hosts a service that reads or writes durable streams. */
  streams?: DurableStreams;
  /** Set when the process hosts a service that keeps data. */
  database?: DatabaseRuntime;
}

/** What a service needs from its process beyond the message bus. */
export interface ServiceNeeds {
  database: boolean;
  streams: boolean;
}

export interface RunningService {
  close(): Promise<void>;
}

/**
 * A service's composition root: how it starts from its validated configuration on the
 * process's infrastructure. Its main.ts runs it with `runServiceMain`; the standalone runtime
 * calls `start` for every service in one process.
 */
export interface ServiceRuntime<TConfig, TRunning extends RunningService = RunningService> {
  service: string;
  needs: ServiceNeeds;
  start(config: TConfig, infrastructure: ServiceInfrastructure): Promise<TRunning>;
}

/** The database a service that keeps data was given; its absence is a wiring mistake. */
export function databaseOf(infrastructure: ServiceInfrastructure): DatabaseRuntime {
  if (!infrastructure.database) throw new Error('This service needs the database');
  return infrastructure.database;
}

/** The durable streams a service that uses them was given. */
export function streamsOf(infrastructure: ServiceInfrastructure): DurableStreams {
  if (!infrastructure.streams) throw new Error('This service needs the durable streams');
  return infrastructure.streams;
}

type StreamLimitSettings = Pick<
  z.infer<typeof natsEnv>,
  | 'STREAM_CHAT_LINES_MAX_AGE_MS'
  | 'STREAM_CHAT_LINES_MAX_BYTES'
  | 'STREAM_DOMAIN_EVENTS_MAX_AGE_MS'
  | 'STREAM_DOMAIN_EVENTS_MAX_BYTES'
  | 'STREAM_DEAD_LETTERS_MAX_AGE_MS'
  | 'STREAM_DEAD_LETTERS_MAX_BYTES'
>;

/** The configured bounds of every stream; none when the process was given none (tests). */
function streamLimitsFrom(
  config: Partial<StreamLimitSettings>,
): Record<string, StreamLimits> | undefined {
  const limits: Record<string, StreamLimits> = {};
  const bound = (name: string, maxAgeMs?: number, maxBytes?: number) => {
    if (maxAgeMs !== undefined && maxBytes !== undefined) limits[name] = { maxAgeMs, maxBytes };
  };
  bound(
    STREAMS.chatLines.name,
    config.STREAM_CHAT_LINES_MAX_AGE_MS,
    config.STREAM_CHAT_LINES_MAX_BYTES,
  );
  bound(
    STREAMS.domainEvents.name,
    config.STREAM_DOMAIN_EVENTS_MAX_AGE_MS,
    config.STREAM_DOMAIN_EVENTS_MAX_BYTES,
  );
  bound(
    STREAMS.deadLetters.name,
    config.STREAM_DEAD_LETTERS_MAX_AGE_MS,
    config.STREAM_DEAD_LETTERS_MAX_BYTES,
  );
  return Object.keys(limits).length > 0 ? limits : undefined;
}

/** The durable streams' settings from a process's configuration (STREAM_*). */
export function durableStreamsSettingsFrom(
  config: { STREAM_MAX_DELIVERIES?: number } & Partial<StreamLimitSettings>,
): DurableStreamsSettings {
  return {
    maxDeliveries: config.STREAM_MAX_DELIVERIES ?? STREAM_DEFAULTS.maxDeliveries,
    streamLimits: streamLimitsFrom(config),
  };
}

export interface OpenInfrastructure extends ServiceInfrastructure {
  close(): Promise<void>;
}

/** Opens the infrastructure of one process from its configuration (NATS_URL, DATABASE_URL…). */
export async function openServiceInfrastructure(
  config: Parameters<typeof transportRuntimeFrom>[0] & {
    DATABASE_URL?: string;
    DATA_DIR?: string;
    DATABASE_MIGRATIONS?: 'boot' | 'external';
    STREAM_MAX_DELIVERIES?: number;
  } & Partial<StreamLimitSettings>,
  needs: ServiceNeeds,
  /** Names the process in the lines logged while NATS is awaited. */
  service = 'greetboard',
): Promise<OpenInfrastructure> {
  const transport = transportRuntimeFrom(config);
  if (transport.kind === 'nats') {
    const logger = serviceLogger(service);
    await waitForNats(transport.url, (line) => logger.warn(line));
  }
  // The streams' connection is the process's: opened here, closed by `close`, never by a consumer.
  const streams = needs.streams
    ? await createDurableStreams(transport, durableStreamsSettingsFrom(config))
    : undefined;
  try {
    const database = needs.database
      ? await openDatabaseRuntime({
          DATABASE_URL: config.DATABASE_URL,
          DATA_DIR: config.DATA_DIR ?? './data',
          DATABASE_MIGRATIONS: config.DATABASE_MIGRATIONS,
        })
      : undefined;
    return {
      transport,
      streams,
      database,
      close: async () => {
        await streams?.close();
        if (database) await closeDatabaseRuntime(database);
      },
    };
  } catch (error) {
    await streams?.close();
    throw error;
  }
}

export interface ServiceMainOptions<TEnv extends z.ZodType, TConfig> {
  env: TEnv;
  /**
   * Turns the validated environment into the service's settings; a throw is a configuration
   * error (the message is printed and the process exits with EX_CONFIG).
   */
  configure?: (env: z.infer<TEnv>) => TConfig;
}

/** The whole `main.ts` of a service started on its own (cluster mode). */
export function runServiceMain<TEnv extends z.ZodType, TConfig = z.infer<TEnv>>(
  runtime: ServiceRuntime<TConfig, RunningService>,
  options: ServiceMainOptions<TEnv, TConfig>,
): void {
  const env = loadConfigOrExit(runtime.service, options.env) as z.infer<TEnv> &
    Parameters<typeof openServiceInfrastructure>[0];
  let config: TConfig;
  try {
    config = options.configure ? options.configure(env) : (env as TConfig);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(78); // EX_CONFIG
  }
  requireNatsUrl(runtime.service, env);
  runUntilSignal(runtime.service, async () => {
    const infrastructure = await openServiceInfrastructure(env, runtime.needs, runtime.service);
    try {
      const running = await runtime.start(config, infrastructure);
      // The one line an operator (and a script waiting for the process) looks for.
      serviceLogger(runtime.service).log(`${runtime.service} is ready`);
      return {
        close: async () => {
          await running.close();
          await infrastructure.close();
        },
      };
    } catch (error) {
      await infrastructure.close();
      throw error;
    }
  });
}
