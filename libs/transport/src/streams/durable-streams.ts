import { STREAMS } from '@greetboard/contracts';
import type { RecordsOf } from './batching-worker.js';
import type { PayloadValidator } from './payload-validators.js';

/** A message read from a durable stream. */
export interface StreamMessage<T> {
  subject: string;
  data: T;
  /** The publisher's de-duplication id. */
  msgId: string;
  /** 1 on first delivery, incremented on each redelivery. */
  deliveryCount: number;
  /** Position in the stream. */
  sequence: number;
}

export interface StreamSpec {
  name: string;
  subjects: string[];
  /** How long a msgId is remembered for de-duplication. */
  duplicateWindowMs?: number;
  /** Messages older than this are discarded. */
  maxAgeMs?: number;
  /** The most the stream holds; what happens at the limit is `discard`'s choice. */
  maxBytes?: number;
  /**
   * At `maxBytes`: `old` (the default) drops the oldest messages, `new` refuses the publish,
   * so the publisher keeps the message and retries (see STREAMS for each stream's choice).
   */
  discard?: 'old' | 'new';
}

/** A stream's configured bounds (STREAM_<NAME>_MAX_AGE_MS, STREAM_<NAME>_MAX_BYTES). */
export interface StreamLimits {
  maxAgeMs: number;
  maxBytes: number;
}

/** What one stream holds now, for the storage gauges. */
export interface StreamStorage {
  /** The stream's name as the contracts give it, without the installation's prefix. */
  stream: string;
  messages: number;
  bytes: number;
  /** The configured size limit; -1 when unbounded. */
  maxBytes: number;
}

/**
 * A durable consumer of a stream, defined once (like a request's definition): the handler gets
 * only messages its `payload` accepts, in batches, and each message is acked once handled. A
 * message the payload rejects, or that fails the handler `maxDeliveries` times, goes to the
 * dead-letter stream (STREAMS.deadLetters) and is acked, so it never holds up the others.
 */
export interface StreamConsumerDefinition<T> {
  readonly stream: string;
  /** Consumers with the same durable name share one position in the stream. */
  readonly durable: string;
  readonly filterSubject?: string;
  readonly payload: PayloadValidator<T>;
  /** Most messages handed to the handler at once. */
  readonly maxBatch?: number;
  /**
   * How long a delivered message may wait for others to join its batch (default: a millisecond
   * or two). Longer gathers larger batches at a quiet rate, for that much latency.
   */
  readonly flushDelayMs?: number;
  /** A delivered message not acked within this time is delivered again. */
  readonly ackWaitMs?: number;
  /** Deliveries failing the handler after which a message is dead-lettered (STREAM_MAX_DELIVERIES). */
  readonly maxDeliveries?: number;
  /**
   * For a stream whose messages may pack several records (ADR 0057): the records of one, or
   * `undefined` when it is a single record. `payload` then checks each record, the handler gets
   * records, `maxBatch` counts records, and a record that fails is dead-lettered on its own.
   */
  readonly records?: RecordsOf;
  /**
   * Messages delivered and not yet acked, at most (default twice `maxBatch`). A consumer of
   * packed messages sets it in messages, so that what waits in its buffer is handled well
   * within `ackWaitMs` and not delivered again meanwhile.
   */
  readonly maxAckPending?: number;
}

export function defineStreamConsumer<T>(
  definition: StreamConsumerDefinition<T>,
): StreamConsumerDefinition<T> {
  return definition;
}

/** `consume`'s options: a definition, or without a payload for tests reading a stream as stored. */
export type ConsumeOptions<T> = Omit<StreamConsumerDefinition<T>, 'payload'> & {
  readonly payload?: PayloadValidator<T>;
};

export type BatchHandler<T> = (batch: StreamMessage<T>[]) => Promise<void>;

/**
 * A follower of a stream (see `DurableStreams.follow`), defined once: `name` labels its logs
 * and dead letters; a message `payload` rejects is dead-lettered, never handed over.
 */
export interface StreamFollowerDefinition<T> {
  readonly name: string;
  readonly stream: string;
  readonly filterSubject: string;
  readonly payload: PayloadValidator<T>;
}

export function defineStreamFollower<T>(
  definition: StreamFollowerDefinition<T>,
): StreamFollowerDefinition<T> {
  return definition;
}

/** `follow`'s options: a definition, or without a payload for tests reading a stream as stored. */
export type FollowOptions<T> = Omit<StreamFollowerDefinition<T>, 'payload' | 'name'> & {
  readonly name?: string;
  readonly payload?: PayloadValidator<T>;
};

/** Handles one followed message; messages are handed over one at a time, in stream order. */
export type FollowHandler<T> = (message: StreamMessage<T>) => Promise<void> | void;

export interface PublishResult {
  duplicate: boolean;
  sequence: number;
}

export interface StreamConsumer {
  /** Stops fetching, waits for the batch in flight and returns unprocessed messages. */
  stop(): Promise<void>;
}

/**
 * Durable, at-least-once streams: JetStream in cluster mode, memory in standalone mode. A
 * consumer receives messages in batches and acks each message once the handler resolved for
 * it; when a batch fails, its messages are handled apart so that only the failing ones wait
 * for redelivery (see BatchingWorker).
 */
export interface DurableStreams {
  ensureStream(spec: StreamSpec): Promise<void>;
  publish<T>(subject: string, data: T, opts: { msgId: string }): Promise<PublishResult>;
  /**
   * The same for data already written as JSON (a `jsonb` column read as text): stored as it
   * is, without being parsed and written again. The caller answers for `json` being JSON.
   */
  publishJson(subject: string, json: string, opts: { msgId: string }): Promise<PublishResult>;
  consume<T>(opts: ConsumeOptions<T>, handler: BatchHandler<T>): Promise<StreamConsumer>;
  /**
   * Every message stored from now on, in order, to this follower alone (every follower gets
   * each message; nothing is shared or acknowledged, nothing outlives `stop`). JetStream keeps
   * the follower's place across reconnects, so a blip loses nothing. A handler that throws is
   * logged; the next message follows. A message the payload rejects is dead-lettered.
   */
  follow<T>(opts: FollowOptions<T>, handler: FollowHandler<T>): Promise<StreamConsumer>;
  /**
   * What each of `streams` (names as the contracts give them) holds now; a stream not created
   * yet is left out.
   */
  storage(streams: readonly string[]): Promise<StreamStorage[]>;
  /** Readiness: whether the streams can be reached. */
  isConnected(): boolean;
  /** Stops every consumer and follower; the process's runtime calls it, never a consumer. */
  close(): Promise<void>;
}

export const STREAM_DEFAULTS = {
  maxBatch: 100,
  ackWaitMs: 30_000,
  maxDeliveries: 5,
  duplicateWindowMs: 120_000,
} as const;

/** Room for the batch being handled and the next one, so batches follow each other closely. */
export function maxAckPendingFor(maxBatch: number, maxAckPending?: number): number {
  return maxAckPending ?? maxBatch * 2;
}

/** Settings of every consumer of one process (from its configuration). */
export interface DurableStreamsSettings {
  /** Default of `maxDeliveries` (STREAM_MAX_DELIVERIES). */
  maxDeliveries: number;
  /**
   * Bounds by stream name, from configuration: they replace a spec's own, so every process
   * of an installation (all read the same settings) gives a stream the same limits.
   */
  streamLimits?: Readonly<Record<string, StreamLimits>>;
}

/**
 * `spec` with the process's configured limits for its stream, when it has some, and, for a
 * stream of STREAMS, the discard policy given there: whichever service ensures the stream
 * first, and whatever it spelled out, it gets the same settings.
 */
export function withConfiguredLimits(
  spec: StreamSpec,
  settings: DurableStreamsSettings | undefined,
): StreamSpec {
  const designed = Object.values(STREAMS).find((stream) => stream.name === spec.name);
  const limits = settings?.streamLimits?.[spec.name];
  return {
    ...spec,
    ...(designed ? { discard: designed.discard } : {}),
    ...(limits ? { maxAgeMs: limits.maxAgeMs, maxBytes: limits.maxBytes } : {}),
  };
}

/** The dead-letter stream's definition, as `ensureStream` takes it. */
export function deadLetterStreamSpec(): StreamSpec {
  return { ...STREAMS.deadLetters, subjects: [...STREAMS.deadLetters.subjects] };
}
