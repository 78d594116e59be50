import { Logger } from '@nestjs/common';
import { chatLineSubject, type ChatLineReceived } from '@greetboard/contracts';
import { chatLinesPublished } from '@greetboard/metrics';
import type { DurableStreams } from '@greetboard/transport';

/** Lines kept in memory while the stream is unreachable; beyond this, new lines are dropped. */
const MAX_PENDING_LINES = 200_000;
const RETRY_DELAY_MS = 250;

/**
 * Hands every chat line to the durable stream with Twitch's message id as the
 * de-duplication key, so a line published twice (a retry, or two replicas reading the same
 * channel during a handover) is stored once. Publishes are pipelined; lines that fail are
 * retried in order until the stream takes them.
 */
export class ChatLinePublisher {
  private readonly logger = new Logger('chat-line-publisher');
  private readonly retryQueue: ChatLineReceived[] = [];
  private readonly idleWaiters: (() => void)[] = [];
  private retrying = false;
  private inFlight = 0;
  private dropped = 0;
  published = 0;

  constructor(private readonly streams: Pick<DurableStreams, 'publish'>) {}

  publish(line: ChatLineReceived): void {
    if (this.retryQueue.length > 0) {
      this.enqueueForRetry(line);
      return;
    }
    this.inFlight++;
    this.send(line).then(
      () => {
        this.inFlight--;
        this.published++;
        this.notifyIfIdle();
      },
      (error: unknown) => {
        this.inFlight--;
        this.logger.warn(`Publishing a chat line failed, retrying: ${String(error)}`);
        this.enqueueForRetry(line);
        this.notifyIfIdle();
      },
    );
  }

  /**
   * Resolves true once every accepted line is stored (retries included), or false after
   * `timeoutMs`, logging how many lines are given up.
   */
  async flush(timeoutMs: number): Promise<boolean> {
    if (this.pending() === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const stored = await Promise.race([
      new Promise<true>((resolve) => this.idleWaiters.push(() => resolve(true))),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
    clearTimeout(timer);
    if (!stored) this.logger.error(`${this.pending()} chat lines not stored after ${timeoutMs} ms`);
    return stored;
  }

  /** Lines accepted but not yet stored (in flight or waiting for a retry). */
  pending(): number {
    return this.inFlight + this.retryQueue.length;
  }

  private async send(line: ChatLineReceived) {
    const result = await this.streams.publish(chatLineSubject(line.channel), line, {
      msgId: line.id,
    });
    if (!result.duplicate) chatLinesPublished.inc();
    return result;
  }

  private enqueueForRetry(line: ChatLineReceived): void {
    if (this.retryQueue.length >= MAX_PENDING_LINES) {
      this.dropped++;
      if (this.dropped % 1_000 === 1) {
        this.logger.error(`Chat stream unreachable: ${this.dropped} lines dropped so far`);
      }
      return;
    }
    this.retryQueue.push(line);
    if (!this.retrying) void this.drainRetries();
  }

  private async drainRetries(): Promise<void> {
    this.retrying = true;
    while (this.retryQueue.length > 0) {
      const line = this.retryQueue[0];
      try {
        await this.send(line);
        this.retryQueue.shift();
        this.published++;
        this.notifyIfIdle();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      }
    }
    this.retrying = false;
  }

  private notifyIfIdle(): void {
    if (this.pending() === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
