import { z } from 'zod';

/** Builds a URL schema that accepts only the given protocols, e.g. `['postgres:', 'postgresql:']`. */
export function urlWithProtocol(protocols: string[]) {
  const error = `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`;
  return z
    .string()
    .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
      error,
    });
}

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const MIB = 1024 * 1024;

/** A stream's age: at least the chat lines' two-minute de-duplication window, which JetStream requires. */
const streamAge = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(10 * 60 * 1000, { error: 'must be at least 600000 (10 minutes)' })
    .default(fallback);
const streamBytes = (fallback: number) =>
  z.coerce.number().int().min(MIB, { error: 'must be at least 1048576 (1 MiB)' }).default(fallback);

const HOUR_MS = 60 * 60 * 1000;
const GIB = 1024 * 1024 * 1024;
/** `CHAT_LINES_BATCH_MS`'s default in the cluster (see `chatBatchEnv`). */
export const CHAT_LINES_BATCH_MS = 10;
/**
 * The standalone runtime's: one process for a small installation, where latency matters more
 * than CPU a line and its pipeline gathers larger batches by itself whenever it is busy.
 */
export const STANDALONE_CHAT_LINES_BATCH_MS = 2;

export const LOG_LEVELS = ['error', 'warn', 'log', 'debug', 'verbose'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Variables every process reads. */
export const baseEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('log'),
  /** `json`: one JSON object per log line, for log collectors; `text` for people. */
  LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  /**
   * Prefixes every NATS subject, JetStream stream and consumer, and Redis key, so installations
   * sharing one NATS and one Redis never answer each other (see installation.ts).
   */
  INSTALLATION_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, {
      error: 'must be 1-40 characters of a-z, 0-9, _ and -, starting with a letter or digit',
    })
    .default('greetboard'),
});

/**
 * The installation's prefix of Redis keys, `<prefix>:` or `<prefix>:<scope>:`; a service whose
 * keys must not meet another's (auth's login sessions) takes a scope.
 */
export function keyPrefixOf(config: { INSTALLATION_PREFIX: string }, scope?: string): string {
  return scope ? `${config.INSTALLATION_PREFIX}:${scope}:` : `${config.INSTALLATION_PREFIX}:`;
}

/**
 * Caps per user, far above what a real streamer reaches: open live sockets
 * (tabs, overlays, editors' screens), sessions created a minute. One session per channel runs
 * at a time (ADR 0045): starting one stops the other, so running sessions need no cap.
 */
export const userLimitsEnv = z.object({
  LIVE_SOCKETS_PER_USER: positiveInt(50),
  SESSIONS_CREATED_PER_MINUTE: positiveInt(30),
});

/** Unset NATS_URL selects the in-process transport (standalone runtime). */
export const natsEnv = z.object({
  NATS_URL: urlWithProtocol(['nats:', 'tls:', 'ws:', 'wss:']).optional(),
  NATS_REQUEST_TIMEOUT_MS: positiveInt(5_000),
  /**
   * Deliveries of a stream message failing its consumer's handler after which the message goes
   * to the dead-letter stream (DEAD_LETTERS_V1) instead of being retried again.
   */
  STREAM_MAX_DELIVERIES: positiveInt(5),
  /**
   * Age and size limits of each JetStream stream, applied when a service starts (an existing
   * stream is updated). Defaults sized in docs/operations.md ("JetStream storage"): 40
   * streamers at one chat line a second, about 8.3 GiB in all.
   */
  STREAM_CHAT_LINES_MAX_AGE_MS: streamAge(24 * HOUR_MS),
  STREAM_CHAT_LINES_MAX_BYTES: streamBytes(3 * GIB),
  STREAM_DOMAIN_EVENTS_MAX_AGE_MS: streamAge(48 * HOUR_MS),
  STREAM_DOMAIN_EVENTS_MAX_BYTES: streamBytes(5 * GIB),
  STREAM_DEAD_LETTERS_MAX_AGE_MS: streamAge(14 * 24 * HOUR_MS),
  STREAM_DEAD_LETTERS_MAX_BYTES: streamBytes(256 * MIB),
});

/** `CHAT_LINES_BATCH_MS` with a runtime's own default (milliseconds, 0 to 200). */
export function chatLinesBatchMs(fallback: number) {
  return z.coerce.number().int().min(0).max(200).default(fallback);
}

/**
 * How long a chat line may wait for others at each of its two batching steps: chat-ingest's
 * publish to the chat stream and the sessions service's counting statement (ADR 0062). A batch
 * costs about the same whatever its size, so longer waits save CPU a line at a busy rate;
 * each step adds up to this much to a line's way to the screens.
 */
export const chatBatchEnv = z.object({
  CHAT_LINES_BATCH_MS: chatLinesBatchMs(CHAT_LINES_BATCH_MS),
});

/** Unset DATABASE_URL selects embedded PostgreSQL (PGlite) with files under DATA_DIR. */
export const databaseEnv = z.object({
  DATABASE_URL: urlWithProtocol(['postgres:', 'postgresql:']).optional(),
  DATA_DIR: z.string().default('./data'),
  /**
   * `boot`: each service migrates its schema when it starts. `external`: a separate step (the
   * Helm chart's migrations Job) does, and a service with a migration pending refuses to start.
   */
  DATABASE_MIGRATIONS: z.enum(['boot', 'external']).default('boot'),
});

/** Unset REDIS_URL selects in-memory stores (one process only). */
export const redisEnv = z.object({
  REDIS_URL: urlWithProtocol(['redis:', 'rediss:']).optional(),
});

export const httpEnv = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  /** The app's public origin; used for Origin checks and OAuth redirects. */
  PUBLIC_URL: urlWithProtocol(['http:', 'https:']).optional(),
  /** Directory of the built web app to serve; unset serves the API only. */
  WEB_DIST_DIR: z.string().optional(),
  /** How long shutdown waits for in-flight HTTP requests before closing them. */
  SHUTDOWN_GRACE_MS: positiveInt(10_000),
  /** A connection that has not sent a request's headers within this time gets 408 and closes. */
  HTTP_HEADERS_TIMEOUT_MS: positiveInt(10_000),
  /** A request whose body has not arrived within this time gets 408 and closes. */
  HTTP_REQUEST_TIMEOUT_MS: positiveInt(30_000),
});
