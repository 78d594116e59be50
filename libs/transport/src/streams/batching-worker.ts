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
  /** How long to wait for more messages once one is there; bounds the latency batching adds. */
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
  /** Deliveries failing the handler after which a message is dead-lettered. */
  maxDeliveries: number;
  deadLetters: DeadLetterSink;
}

interface Accepted<T> {
  delivery: Delivery;
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
  private buffer: Delivery[] = [];
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
    this.buffer.push(delivery);
    this.wake?.();
  }

  /** Waits for the batch in flight; messages not yet handed out go back for redelivery at once. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.running;
    const unprocessed = this.buffer;
    this.buffer = [];
    for (const delivery of unprocessed) delivery.nak(0);
    await this.settle();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      if (this.buffer.length === 0) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
        continue;
      }
      if (this.buffer.length < this.options.maxBatch) await delay(this.options.flushDelayMs);
      if (this.stopping) break;
      await this.process(this.buffer.splice(0, this.options.maxBatch));
    }
  }

  private async process(batch: Delivery[]): Promise<void> {
    consumerBatchSize.observe({ consumer: this.metricsLabel }, batch.length);
    const redelivered = batch.filter((delivery) => delivery.message.deliveryCount > 1).length;
    if (redelivered > 0) consumerRedeliveries.inc({ consumer: this.metricsLabel }, redelivered);
    const accepted: Accepted<T>[] = [];
    const rejected: Promise<void>[] = [];
    for (const delivery of batch) {
      const checked = validate(delivery.message, this.options.payload);
      if (checked.valid)
        accepted.push({ delivery, message: toStreamMessage(delivery.message, checked.value) });
      else rejected.push(this.giveUp(delivery, 'invalid', checked.error));
    }
    await Promise.all(rejected);
    if (accepted.length > 0 && !(await this.handle(accepted)) && accepted.length > 1)
      this.logger.warn(
        `Handler failed for a batch of ${accepted.length}; handled its messages apart`,
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
    for (const entry of group) entry.delivery.ack();
    consumerDelivered.inc({ consumer: this.metricsLabel, outcome: 'acked' }, group.length);
    return true;
  }

  /** Every message of the group again after a backoff; one log line for the group. */
  private waitForInfrastructure(group: Accepted<T>[], error: unknown): void {
    const backoff = Math.max(
      ...group.map((entry) => retryDelay(entry.delivery.message.deliveryCount)),
    );
    this.logger.warn(
      `Handler could not reach what it stores to for ${group.length} messages, retrying in ` +
        `${backoff} ms: ${errorText(error)}`,
    );
    for (const entry of group) entry.delivery.nak(backoff);
    consumerDelivered.inc({ consumer: this.metricsLabel, outcome: 'retried' }, group.length);
  }

  private async failed(entry: Accepted<T>, error: unknown): Promise<void> {
    const { delivery } = entry;
    const deliveries = delivery.message.deliveryCount;
    if (deliveries >= this.options.maxDeliveries) {
      await this.giveUp(delivery, 'handler_failed', errorText(error));
      return;
    }
    const backoff = retryDelay(deliveries);
    this.logger.warn(
      `Handler failed for #${delivery.message.sequence} (delivery ${deliveries} of ` +
        `${this.options.maxDeliveries}), retrying in ${backoff} ms: ${errorText(error)}`,
    );
    delivery.nak(backoff);
    consumerDelivered.inc({ consumer: this.metricsLabel, outcome: 'retried' });
  }

  /** Dead-letters and acks; if the dead letter cannot be stored, the message waits instead. */
  private async giveUp(
    delivery: Delivery,
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
        delivery.message,
        reason,
        error,
      );
      delivery.ack();
    } catch (storeError) {
      this.logger.error(
        `Could not dead-letter #${delivery.message.sequence}, it will be redelivered: ${errorText(storeError)}`,
      );
      delivery.nak(retryDelay(delivery.message.deliveryCount));
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

/** Exponential backoff by delivery attempt, capped. */
export function retryDelay(deliveryCount: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, deliveryCount - 1), MAX_RETRY_DELAY_MS);
}
