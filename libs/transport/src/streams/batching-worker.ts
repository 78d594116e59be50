import { setTimeout as delay } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import { consumerBatchSize, consumerDelivered, consumerRedeliveries } from '@greetboard/metrics';
import {
  deadLetter,
  errorText,
  initDeadLetterSeries,
  validate,
  type DeadLetterSink,
  type ReadMessage,
} from './dead-letters.js';
import type { BatchHandler, StreamMessage } from './durable-streams.js';
import { isInfrastructureFailure } from './infrastructure-failures.js';
import type { PayloadValidator } from './payload-validators.js';

/** A message handed to a consumer, with the means to settle it. */
export interface Delivery {
  readonly message: ReadMessage;
  ack(): void;
  /** Asks for redelivery after `delayMs`. */
  nak(delayMs: number): void;
}

export interface BatchingOptions<T> {
  maxBatch: number;
  /**
   * How long a message may wait in the buffer for others to join its batch; bounds the latency
   * batching adds. Counted from its arrival: a message that arrived while the handler was busy
   * has waited already, so under load batches go out without a further wait.
   */
  flushDelayMs: number;
  /** Runs after a batch's acks/naks, e.g. to make sure they reached the server. */
  afterSettle?: () => Promise<void>;
  /** Name used in logs. */
  label: string;
  /** The stream and durable consumer, as dead letters name them. */
  stream: string;
  consumer: string;
  /** The `consumer` label of the metrics (default: consumer). */
  metricsLabel?: string;
  /** Without one, the handler gets the data as stored. */
  payload?: PayloadValidator<T>;
  /** The records a message packs (see `StreamConsumerDefinition.records`); one by default. */
  records?: RecordsOf;
  /** Deliveries failing the handler after which a message is dead-lettered. */
  maxDeliveries: number;
  deadLetters: DeadLetterSink;
}

/**
 * The records one stored message holds, when it packs several (ADR 0057): `undefined` for a
 * message that is one record. Each record is validated, handled and, if need be, dead-lettered
 * on its own; the message is acked once every record of it is handled or dead-lettered.
 */
export type RecordsOf = (data: unknown, subject: string) => unknown[] | undefined;

/** A delivery with its records, and how it is settled after its batch. */
interface Buffered {
  delivery: Delivery;
  /** `performance.now()` when it was pushed. */
  arrivedAt: number;
  /** The records, or `undefined` when the message is one. */
  records: unknown[] | undefined;
  /** Set when a record of it waits for redelivery: the nak's delay. */
  retryMs?: number;
}

interface Accepted<T> {
  owner: Buffered;
  /** The record as read, for its dead letter. */
  read: ReadMessage;
  message: StreamMessage<T>;
}

const FIRST_RETRY_DELAY_MS = 100;
const MAX_RETRY_DELAY_MS = 5_000;

/**
 * The consumer side shared by both stream implementations: deliveries are buffered as they
 * arrive, gathered into batches of at most `maxBatch`, validated, and handed to the handler one
 * batch at a time (so order holds). A batch whose handler resolves is acked. When it throws,
 * the batch is halved until the failing messages stand alone: the others are handled and acked
 * at once, each failing one is nak'ed with a backoff, and dead-lettered once it failed
 * `maxDeliveries` deliveries. An invalid message is dead-lettered at once: it cannot become
 * valid on redelivery. A failure of the handler's infrastructure (its database unreachable,
 * see `isInfrastructureFailure`) is no fault of the messages: the whole group waits with a
 * backoff, is not halved, and is never dead-lettered for it, however long the outage lasts.
 */
export class BatchingWorker<T> {
  private readonly logger: Logger;
  private readonly metricsLabel: string;
  private buffer: Buffered[] = [];
  /** Records in `buffer`. */
  private buffered = 0;
  private wake: (() => void) | undefined;
  private stopping = false;
  private readonly running: Promise<void>;

  constructor(
    private readonly handler: BatchHandler<T>,
    private readonly options: BatchingOptions<T>,
  ) {
    this.logger = new Logger(`BatchingWorker(${options.label})`);
    this.metricsLabel = options.metricsLabel ?? options.consumer;
    // Series exist from the start, so rates over them read 0 rather than nothing.
    consumerRedeliveries.inc({ consumer: this.metricsLabel }, 0);
    for (const outcome of ['acked', 'retried'])
      consumerDelivered.inc({ consumer: this.metricsLabel, outcome }, 0);
    initDeadLetterSeries(this.metricsLabel);
    this.running = this.run();
  }

  push(delivery: Delivery): void {
    if (this.stopping) {
      delivery.nak(0);
      return;
    }
    const { data, subject, malformed } = delivery.message;
    const records = malformed === undefined ? this.options.records?.(data, subject) : undefined;
    this.buffer.push({ delivery, records, arrivedAt: performance.now() });
    this.buffered += records?.length ?? 1;
    this.wake?.();
  }

  /** Waits for the batch in flight; messages not yet handed out go back for redelivery at once. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.running;
    const unprocessed = this.buffer;
    this.buffer = [];
    this.buffered = 0;
    for (const { delivery } of unprocessed) delivery.nak(0);
    await this.settle();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      if (this.buffer.length === 0) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
        continue;
      }
      const wait = this.buffer[0].arrivedAt + this.options.flushDelayMs - performance.now();
      if (this.buffered < this.options.maxBatch && wait > 0) await delay(wait);
      if (this.stopping) break;
      await this.process(this.takeBatch());
    }
  }

  /** Whole messages from the buffer, up to `maxBatch` records (at least one message). */
  private takeBatch(): Buffered[] {
    let count = 0;
    let taken = 0;
    while (taken < this.buffer.length) {
      const size = this.buffer[taken].records?.length ?? 1;
      if (taken > 0 && count + size > this.options.maxBatch) break;
      count += size;
      taken++;
    }
    this.buffered -= count;
    return this.buffer.splice(0, taken);
  }

  private async process(batch: Buffered[]): Promise<void> {
    consumerBatchSize.observe({ consumer: this.metricsLabel }, batch.length);
    const redelivered = batch.filter((entry) => entry.delivery.message.deliveryCount > 1).length;
    if (redelivered > 0) consumerRedeliveries.inc({ consumer: this.metricsLabel }, redelivered);
    const accepted: Accepted<T>[] = [];
    const rejected: Promise<void>[] = [];
    for (const owner of batch) {
      const { message } = owner.delivery;
      const records = owner.records ?? [undefined];
      for (let index = 0; index < records.length; index++) {
        const record = owner.records ? recordOf(message, records[index], index) : message;
        const checked = validate(record, this.options.payload);
        if (checked.valid)
          accepted.push({ owner, read: record, message: toStreamMessage(record, checked.value) });
        else rejected.push(this.giveUp(owner, record, 'invalid', checked.error));
      }
    }
    await Promise.all(rejected);
    if (accepted.length > 0 && !(await this.handle(accepted)) && accepted.length > 1)
      this.logger.warn(
        `Handler failed for a batch of ${accepted.length}; handled its messages apart`,
      );
    let acked = 0;
    for (const owner of batch) {
      if (owner.retryMs === undefined) {
        owner.delivery.ack();
        acked++;
      } else owner.delivery.nak(owner.retryMs);
    }
    consumerDelivered.inc({ consumer: this.metricsLabel, outcome: 'acked' }, acked);
    if (acked < batch.length)
      consumerDelivered.inc(
        { consumer: this.metricsLabel, outcome: 'retried' },
        batch.length - acked,
      );
    await this.settle();
  }

  /** Handles `group`, halving it on failure; whether the handler took it whole. */
  private async handle(group: Accepted<T>[]): Promise<boolean> {
    try {
      await this.handler(group.map((entry) => entry.message));
    } catch (error) {
      if (isInfrastructureFailure(error)) this.waitForInfrastructure(group, error);
      else if (group.length === 1) await this.failed(group[0], error);
      else {
        const half = Math.ceil(group.length / 2);
        await this.handle(group.slice(0, half));
        await this.handle(group.slice(half));
      }
      return false;
    }
    return true;
  }

  /** Every message of the group again after a backoff; one log line for the group. */
  private waitForInfrastructure(group: Accepted<T>[], error: unknown): void {
    const backoff = Math.max(...group.map((entry) => retryDelay(entry.message.deliveryCount)));
    this.logger.warn(
      `Handler could not reach what it stores to for ${group.length} messages, retrying in ` +
        `${backoff} ms: ${errorText(error)}`,
    );
    for (const { owner } of group) retryLater(owner, backoff);
  }

  private async failed(entry: Accepted<T>, error: unknown): Promise<void> {
    const { owner } = entry;
    const deliveries = entry.message.deliveryCount;
    if (deliveries >= this.options.maxDeliveries) {
      await this.giveUp(owner, entry.read, 'handler_failed', errorText(error));
      return;
    }
    const backoff = retryDelay(deliveries);
    this.logger.warn(
      `Handler failed for #${entry.message.sequence} (delivery ${deliveries} of ` +
        `${this.options.maxDeliveries}), retrying in ${backoff} ms: ${errorText(error)}`,
    );
    retryLater(owner, backoff);
  }

  /**
   * Dead-letters the record; if the dead letter cannot be stored, its message waits instead.
   * The message is acked with the others of its batch.
   */
  private async giveUp(
    owner: Buffered,
    record: ReadMessage,
    reason: 'invalid' | 'handler_failed',
    error: string,
  ): Promise<void> {
    try {
      await deadLetter(
        {
          stream: this.options.stream,
          consumer: this.options.consumer,
          metricsLabel: this.metricsLabel,
          sink: this.options.deadLetters,
          logger: this.logger,
        },
        record,
        reason,
        error,
      );
    } catch (storeError) {
      this.logger.error(
        `Could not dead-letter #${record.sequence}, it will be redelivered: ${errorText(storeError)}`,
      );
      retryLater(owner, retryDelay(record.deliveryCount));
    }
  }

  private async settle(): Promise<void> {
    try {
      await this.options.afterSettle?.();
    } catch (error) {
      // Unconfirmed acks only mean possible redelivery, which at-least-once handlers accept.
      this.logger.warn('Could not confirm acks', errorText(error));
    }
  }
}

/** The message a handler gets: the validated data, without the adapter's extras. */
export function toStreamMessage<T>(message: ReadMessage, data: T): StreamMessage<T> {
  return {
    subject: message.subject,
    data,
    msgId: message.msgId,
    deliveryCount: message.deliveryCount,
    sequence: message.sequence,
  };
}

/** The message waits for redelivery after the longest backoff any of its records asked for. */
function retryLater(owner: Buffered, delayMs: number): void {
  owner.retryMs = Math.max(owner.retryMs ?? 0, delayMs);
}

/** One record of a packed message, as a message of its own for validation and dead letters. */
function recordOf(message: ReadMessage, data: unknown, index: number): ReadMessage {
  return { ...message, data, record: index, raw: () => JSON.stringify(data) ?? 'null' };
}

/** Exponential backoff by delivery attempt, capped. */
export function retryDelay(deliveryCount: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, deliveryCount - 1), MAX_RETRY_DELAY_MS);
}
