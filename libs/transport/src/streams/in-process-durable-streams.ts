import { Logger } from '@nestjs/common';
import { deadLetterSubject } from '@greetboard/contracts';
import { subjectMatches } from '../in-process/subjects.js';
import { BatchingWorker, type Delivery } from './batching-worker.js';
import { deadLetterId, type DeadLetterSink, type ReadMessage } from './dead-letters.js';
import {
  deadLetterStreamSpec,
  maxAckPendingFor,
  STREAM_DEFAULTS,
  type BatchHandler,
  type ConsumeOptions,
  type DurableStreams,
  type DurableStreamsSettings,
  type FollowHandler,
  type FollowOptions,
  type PublishResult,
  type StreamConsumer,
  type StreamSpec,
  type StreamStorage,
  withConfiguredLimits,
} from './durable-streams.js';
import { followHandler } from './follow-handler.js';

interface StoredMessage {
  sequence: number;
  subject: string;
  /** Kept serialised so every delivery hands out a fresh copy, as JetStream does. */
  text: string;
  msgId: string;
  storedAt: number;
}

interface MemoryStream {
  spec: StreamSpec;
  messages: Map<number, StoredMessage>;
  /** Characters of the messages held, for `maxBytes`. */
  size: number;
  lastSequence: number;
  recentIds: Map<string, { sequence: number; at: number }>;
  durables: Map<string, DurableState>;
  followers: Set<Follower>;
}

/** A follower of a stream: every new matching message, in order, handled one at a time. */
interface Follower {
  filterSubject: string;
  handle: (message: ReadMessage) => Promise<void>;
  handled: Promise<void>;
}

interface Outstanding {
  deliveries: number;
  /** When the message may be delivered again: its ack deadline, or the end of a nak delay. */
  dueAt: number;
}

/** A durable consumer's position, which outlives the consumers that attach to it. */
interface DurableState {
  filterSubject?: string;
  ackWaitMs: number;
  maxAckPending: number;
  /** First sequence never delivered. */
  nextSequence: number;
  outstanding: Map<number, Outstanding>;
  workers: BatchingWorker<unknown>[];
  turn: number;
  timer?: NodeJS.Timeout;
  pumpScheduled: boolean;
}

const FLUSH_DELAY_MS = 1;

/** `DurableStreams` in memory for the standalone process, with JetStream's delivery rules. */
export class InProcessDurableStreams implements DurableStreams {
  private readonly logger = new Logger(InProcessDurableStreams.name);
  private readonly streams = new Map<string, MemoryStream>();
  private closed = false;

  constructor(
    private readonly settings: DurableStreamsSettings = {
      maxDeliveries: STREAM_DEFAULTS.maxDeliveries,
    },
  ) {}

  ensureStream(streamSpec: StreamSpec): Promise<void> {
    const spec = withConfiguredLimits(streamSpec, this.settings);
    const existing = this.streams.get(spec.name);
    if (existing) existing.spec = { ...spec };
    else {
      this.streams.set(spec.name, {
        spec: { ...spec },
        messages: new Map(),
        size: 0,
        lastSequence: 0,
        recentIds: new Map(),
        durables: new Map(),
        followers: new Set(),
      });
    }
    return Promise.resolve();
  }

  publish<T>(subject: string, data: T, opts: { msgId: string }): Promise<PublishResult> {
    return this.publishJson(subject, JSON.stringify(data) ?? 'null', opts);
  }

  publishJson(subject: string, text: string, opts: { msgId: string }): Promise<PublishResult> {
    const stream = [...this.streams.values()].find((candidate) =>
      candidate.spec.subjects.some((pattern) => subjectMatches(pattern, subject)),
    );
    if (!stream) return Promise.reject(new Error(`No stream captures subject '${subject}'`));
    const now = Date.now();
    forgetOldIds(stream, now);
    const seen = stream.recentIds.get(opts.msgId);
    if (seen) return Promise.resolve({ duplicate: true, sequence: seen.sequence });
    dropExpired(stream, now);
    const { maxBytes, discard } = stream.spec;
    if (discard === 'new' && maxBytes !== undefined && maxBytes > 0) {
      if (stream.size + text.length > maxBytes)
        return Promise.reject(new Error(`Stream '${stream.spec.name}' is full (maximum bytes)`));
    }
    const sequence = ++stream.lastSequence;
    stream.messages.set(sequence, { sequence, subject, text, msgId: opts.msgId, storedAt: now });
    stream.size += text.length;
    stream.recentIds.set(opts.msgId, { sequence, at: now });
    dropExpired(stream, now);
    for (const durable of stream.durables.values()) this.schedulePump(stream, durable);
    for (const follower of stream.followers) {
      if (subjectMatches(follower.filterSubject, subject))
        this.handOver(follower, text, subject, sequence, opts.msgId);
    }
    return Promise.resolve({ duplicate: false, sequence });
  }

  /** Sizes are characters of the stored JSON, as `maxBytes` counts them here. */
  storage(streams: readonly string[]): Promise<StreamStorage[]> {
    const now = Date.now();
    const held: StreamStorage[] = [];
    for (const name of streams) {
      const stream = this.streams.get(name);
      if (!stream) continue;
      dropExpired(stream, now);
      held.push({
        stream: name,
        messages: stream.messages.size,
        bytes: stream.size,
        maxBytes: stream.spec.maxBytes ?? -1,
      });
    }
    return Promise.resolve(held);
  }

  async consume<T>(opts: ConsumeOptions<T>, handler: BatchHandler<T>): Promise<StreamConsumer> {
    const stream = this.streams.get(opts.stream);
    if (!stream) throw new Error(`Stream '${opts.stream}' not found`);
    await this.ensureStream(deadLetterStreamSpec());
    const maxBatch = opts.maxBatch ?? STREAM_DEFAULTS.maxBatch;
    const durable = this.durableOf(stream, opts, maxBatch);
    const worker = new BatchingWorker<T>(handler, {
      maxBatch,
      flushDelayMs: opts.flushDelayMs ?? FLUSH_DELAY_MS,
      label: `${opts.stream}/${opts.durable}`,
      stream: opts.stream,
      consumer: opts.durable,
      payload: opts.payload,
      records: opts.records,
      maxDeliveries: opts.maxDeliveries ?? this.settings.maxDeliveries,
      deadLetters: this.deadLetters,
    });
    durable.workers.push(worker as BatchingWorker<unknown>);
    this.schedulePump(stream, durable);
    return {
      stop: async () => {
        durable.workers = durable.workers.filter((candidate) => candidate !== worker);
        await worker.stop();
      },
    };
  }

  async follow<T>(opts: FollowOptions<T>, handler: FollowHandler<T>): Promise<StreamConsumer> {
    const stream = this.streams.get(opts.stream);
    if (!stream) throw new Error(`Stream '${opts.stream}' not found`);
    await this.ensureStream(deadLetterStreamSpec());
    const follower: Follower = {
      filterSubject: opts.filterSubject,
      handle: followHandler(opts, handler, this.deadLetters, this.logger),
      handled: Promise.resolve(),
    };
    stream.followers.add(follower);
    return {
      stop: async () => {
        stream.followers.delete(follower);
        await follower.handled;
      },
    };
  }

  /** Queues a stored message for a follower; its handler runs after the publish returned. */
  private handOver(
    follower: Follower,
    text: string,
    subject: string,
    sequence: number,
    msgId: string,
  ): void {
    const message = readMessage({ sequence, subject, text, msgId }, 1);
    follower.handled = follower.handled.then(() => follower.handle(message));
  }

  /** Stores a dead letter once, however often a consumer gives up on the message. */
  private readonly deadLetters: DeadLetterSink = async (letter) => {
    await this.publish(deadLetterSubject(letter.consumer), letter, { msgId: deadLetterId(letter) });
  };

  /** Messages of a durable consumer not yet acked (delivered or not): for diagnostics and tests. */
  unackedCount(stream: string, durable: string): number {
    const memory = this.streams.get(stream);
    const state = memory?.durables.get(durable);
    if (!memory || !state) return 0;
    let undelivered = 0;
    for (let sequence = state.nextSequence; sequence <= memory.lastSequence; sequence++) {
      const message = memory.messages.get(sequence);
      if (message && matchesFilter(state, message.subject)) undelivered += 1;
    }
    return state.outstanding.size + undelivered;
  }

  isConnected(): boolean {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    const durables = [...this.streams.values()].flatMap((stream) => [...stream.durables.values()]);
    for (const durable of durables) clearTimeout(durable.timer);
    await Promise.all(
      durables.flatMap((durable) => durable.workers.map((worker) => worker.stop())),
    );
    for (const durable of durables) durable.workers = [];
    const followers = [...this.streams.values()].flatMap((stream) => [...stream.followers]);
    for (const stream of this.streams.values()) stream.followers.clear();
    await Promise.all(followers.map((follower) => follower.handled));
  }

  private durableOf<T>(
    stream: MemoryStream,
    opts: ConsumeOptions<T>,
    maxBatch: number,
  ): DurableState {
    const settings = {
      filterSubject: opts.filterSubject,
      ackWaitMs: opts.ackWaitMs ?? STREAM_DEFAULTS.ackWaitMs,
      maxAckPending: maxAckPendingFor(maxBatch, opts.maxAckPending),
    };
    const existing = stream.durables.get(opts.durable);
    if (existing) return Object.assign(existing, settings);
    const created: DurableState = {
      ...settings,
      nextSequence: 1,
      outstanding: new Map(),
      workers: [],
      turn: 0,
      pumpScheduled: false,
    };
    stream.durables.set(opts.durable, created);
    return created;
  }

  /** Batches pump requests of one tick (a burst of publishes, a batch of acks) into one pass. */
  private schedulePump(stream: MemoryStream, durable: DurableState): void {
    if (durable.pumpScheduled || this.closed) return;
    durable.pumpScheduled = true;
    queueMicrotask(() => {
      durable.pumpScheduled = false;
      this.pump(stream, durable);
    });
  }

  /** Hands due redeliveries, then new messages, to the attached consumers, as JetStream would. */
  private pump(stream: MemoryStream, durable: DurableState): void {
    clearTimeout(durable.timer);
    durable.timer = undefined;
    if (durable.workers.length === 0 || this.closed) return;
    const now = Date.now();
    dropExpired(stream, now);
    for (const [sequence, entry] of durable.outstanding) {
      if (entry.dueAt > now) continue;
      const message = stream.messages.get(sequence);
      if (!message) {
        durable.outstanding.delete(sequence);
        continue;
      }
      entry.deliveries += 1;
      entry.dueAt = now + durable.ackWaitMs;
      this.deliver(stream, durable, message, entry.deliveries);
    }
    while (
      durable.outstanding.size < durable.maxAckPending &&
      durable.nextSequence <= stream.lastSequence
    ) {
      const message = stream.messages.get(durable.nextSequence);
      durable.nextSequence += 1;
      if (!message || !matchesFilter(durable, message.subject)) continue;
      durable.outstanding.set(message.sequence, { deliveries: 1, dueAt: now + durable.ackWaitMs });
      this.deliver(stream, durable, message, 1);
    }
    this.scheduleRedelivery(stream, durable, now);
  }

  private deliver(
    stream: MemoryStream,
    durable: DurableState,
    message: StoredMessage,
    deliveryCount: number,
  ): void {
    const worker = durable.workers[durable.turn++ % durable.workers.length];
    const delivery: Delivery = {
      message: readMessage(message, deliveryCount),
      ack: () => {
        // A late ack of an earlier delivery still settles the message, as in JetStream.
        if (durable.outstanding.delete(message.sequence)) this.schedulePump(stream, durable);
      },
      nak: (delayMs) => {
        const entry = durable.outstanding.get(message.sequence);
        if (!entry) return;
        entry.dueAt = Date.now() + delayMs;
        this.schedulePump(stream, durable);
      },
    };
    worker.push(delivery);
  }

  private scheduleRedelivery(stream: MemoryStream, durable: DurableState, now: number): void {
    let nextDue = Number.POSITIVE_INFINITY;
    for (const entry of durable.outstanding.values()) nextDue = Math.min(nextDue, entry.dueAt);
    if (!Number.isFinite(nextDue)) return;
    durable.timer = setTimeout(() => this.pump(stream, durable), Math.max(0, nextDue - now));
    // Pending redeliveries alone must not keep the process alive.
    durable.timer.unref();
  }
}

/** A stored message as a consumer reads it: a fresh copy of the data each time, as JetStream. */
function readMessage(
  message: Pick<StoredMessage, 'sequence' | 'subject' | 'text' | 'msgId'>,
  deliveryCount: number,
): ReadMessage {
  return {
    subject: message.subject,
    data: JSON.parse(message.text) as unknown,
    msgId: message.msgId,
    deliveryCount,
    sequence: message.sequence,
    raw: () => message.text,
  };
}

function matchesFilter(durable: DurableState, subject: string): boolean {
  return durable.filterSubject === undefined || subjectMatches(durable.filterSubject, subject);
}

function forgetOldIds(stream: MemoryStream, now: number): void {
  const window = stream.spec.duplicateWindowMs ?? STREAM_DEFAULTS.duplicateWindowMs;
  for (const [msgId, seen] of stream.recentIds) {
    if (now - seen.at < window) break;
    stream.recentIds.delete(msgId);
  }
}

/**
 * Drops the oldest messages past the stream's age, then (discard `old`) while it holds more
 * than its size.
 */
function dropExpired(stream: MemoryStream, now: number): void {
  const { maxAgeMs, maxBytes, discard } = stream.spec;
  for (const [sequence, message] of stream.messages) {
    const expired = maxAgeMs !== undefined && maxAgeMs > 0 && now - message.storedAt >= maxAgeMs;
    const over =
      discard !== 'new' && maxBytes !== undefined && maxBytes > 0 && stream.size > maxBytes;
    if (!expired && !over) break;
    stream.messages.delete(sequence);
    stream.size -= message.text.length;
  }
}
