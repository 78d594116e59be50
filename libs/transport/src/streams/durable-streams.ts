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
}

export interface ConsumeOptions {
  stream: string;
  /** Consumers with the same durable name share one position in the stream. */
  durable: string;
  filterSubject?: string;
  /** Most messages handed to the handler at once. */
  maxBatch?: number;
  /** A delivered message not acked within this time is delivered again. */
  ackWaitMs?: number;
  /** Deliveries after which a message is given up on. */
  maxDeliver?: number;
}

export type BatchHandler<T> = (batch: StreamMessage<T>[]) => Promise<void>;

export interface FollowOptions {
  stream: string;
  filterSubject: string;
}

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
 * consumer receives messages in batches and acks a batch only after its handler resolves.
 */
export interface DurableStreams {
  ensureStream(spec: StreamSpec): Promise<void>;
  publish<T>(subject: string, data: T, opts: { msgId: string }): Promise<PublishResult>;
  consume<T>(opts: ConsumeOptions, handler: BatchHandler<T>): Promise<StreamConsumer>;
  /**
   * Every message stored from now on, in order, to this follower alone (every follower gets
   * each message; nothing is shared or acknowledged, nothing outlives `stop`). JetStream keeps
   * the follower's place across reconnects, so a blip loses nothing. A handler that throws is
   * logged; the next message follows.
   */
  follow<T>(opts: FollowOptions, handler: FollowHandler<T>): Promise<StreamConsumer>;
  /** Readiness: whether the streams can be reached. */
  isConnected(): boolean;
  close(): Promise<void>;
}

export const STREAM_DEFAULTS = {
  maxBatch: 100,
  ackWaitMs: 30_000,
  maxDeliver: -1,
  duplicateWindowMs: 120_000,
} as const;

/** Room for the batch being handled and the next one, so batches follow each other closely. */
export function maxAckPendingFor(maxBatch: number): number {
  return maxBatch * 2;
}
