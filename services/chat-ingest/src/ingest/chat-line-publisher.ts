import { Logger } from '@nestjs/common';
import { chatLineSubject, type ChatLineReceived } from '@greetboard/contracts';
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
  private retrying = false;
  private inFlight = 0;
  private dropped = 0;
  published = 0;

  constructor(private readonly streams: DurableStreams) {}

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
      },
      (error: unknown) => {
        this.inFlight--;
        this.logger.warn(`Publishing a chat line failed, retrying: ${String(error)}`);
        this.enqueueForRetry(line);
      },
    );
  }

  /** Lines accepted but not yet stored (in flight or waiting for a retry). */
  pending(): number {
    return this.inFlight + this.retryQueue.length;
  }

  private send(line: ChatLineReceived) {
    return this.streams.publish(chatLineSubject(line.channel), line, { msgId: line.id });
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
      } catch {
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      }
    }
    this.retrying = false;
  }
}
