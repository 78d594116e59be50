import { setTimeout as delay } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import { consumerBatchSize, consumerDelivered, consumerRedeliveries } from '@greetboard/metrics';
import type { BatchHandler, StreamMessage } from './durable-streams.js';

/** A message handed to a consumer, with the means to settle it. */
export interface Delivery<T> {
  readonly message: StreamMessage<T>;
  ack(): void;
  /** Asks for redelivery after `delayMs`. */
  nak(delayMs: number): void;
}

export interface BatchingOptions {
  maxBatch: number;
  /** How long to wait for more messages once one is there; bounds the latency batching adds. */
  flushDelayMs: number;
  /** Runs after a batch's acks/naks, e.g. to make sure they reached the server. */
  afterSettle?: () => Promise<void>;
  /** Name used in logs. */
  label: string;
  /** The durable consumer's name, the `consumer` label of its metrics (default: label). */
  consumer?: string;
}

const FIRST_RETRY_DELAY_MS = 100;
const MAX_RETRY_DELAY_MS = 5_000;

/**
 * The consumer side shared by both stream implementations: deliveries are buffered as they
 * arrive, gathered into batches of at most `maxBatch`, handed to the handler one batch at a time
 * (so order holds), acked after the handler resolves and nak'ed with a backoff if it throws.
 */
export class BatchingWorker<T> {
  private readonly logger: Logger;
  private buffer: Delivery<T>[] = [];
  private wake: (() => void) | undefined;
  private stopping = false;
  private readonly running: Promise<void>;

  constructor(
    private readonly handler: BatchHandler<T>,
    private readonly options: BatchingOptions,
  ) {
    this.logger = new Logger(`BatchingWorker(${options.label})`);
    // Series exist from the start, so rates over them read 0 rather than nothing.
    const consumer = options.consumer ?? options.label;
    consumerRedeliveries.inc({ consumer }, 0);
    for (const outcome of ['acked', 'retried']) consumerDelivered.inc({ consumer, outcome }, 0);
    this.running = this.run();
  }

  push(delivery: Delivery<T>): void {
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

  private async process(batch: Delivery<T>[]): Promise<void> {
    const consumer = this.options.consumer ?? this.options.label;
    consumerBatchSize.observe({ consumer }, batch.length);
    const redelivered = batch.filter((delivery) => delivery.message.deliveryCount > 1).length;
    if (redelivered > 0) consumerRedeliveries.inc({ consumer }, redelivered);
    try {
      await this.handler(batch.map((delivery) => delivery.message));
    } catch (error) {
      this.logger.warn(
        `Handler failed for a batch of ${batch.length}; it will be redelivered`,
        error instanceof Error ? error.stack : String(error),
      );
      for (const delivery of batch) delivery.nak(retryDelay(delivery.message.deliveryCount));
      consumerDelivered.inc({ consumer, outcome: 'retried' }, batch.length);
      await this.settle();
      return;
    }
    for (const delivery of batch) delivery.ack();
    consumerDelivered.inc({ consumer, outcome: 'acked' }, batch.length);
    await this.settle();
  }

  private async settle(): Promise<void> {
    try {
      await this.options.afterSettle?.();
    } catch (error) {
      // Unconfirmed acks only mean possible redelivery, which at-least-once handlers accept.
      this.logger.warn(
        'Could not confirm acks',
        error instanceof Error ? error.message : String(error),
      );
    }
  }
}

/** Exponential backoff by delivery attempt, capped. */
export function retryDelay(deliveryCount: number): number {
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(0, deliveryCount - 1), MAX_RETRY_DELAY_MS);
}
