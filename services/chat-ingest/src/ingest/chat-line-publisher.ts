import { createHash } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { CHAT_LINES_BATCH_MS } from '@greetboard/config';
import {
  CHAT_LINES_BATCH_MAX_BYTES,
  CHAT_LINES_BATCH_MAX_LINES,
  CHAT_LINES_BATCH_SUBJECT,
  type ChatLineReceived,
  type ChatLinesBatch,
} from '@greetboard/contracts';
import { chatLinesPublished } from '@greetboard/metrics';
import type { DurableStreams } from '@greetboard/transport';

/** Lines kept in memory while the stream is unreachable; beyond this, new lines are dropped. */
const MAX_PENDING_LINES = 200_000;
const RETRY_DELAY_MS = 250;

interface Batch {
  lines: ChatLineReceived[];
  /** The digest of its lines' ids: the same lines always give the same key. */
  msgId: string;
}

/**
 * Hands chat lines to the durable stream in batches (ADR 0057): lines read within `lingerMs`
 * (CHAT_LINES_BATCH_MS, ADR 0062) of a batch's first line, of any channels, go out as one
 * message, in the order read, with a digest of their Twitch message ids as the de-duplication
 * key, so a batch published twice (a retry) is stored once. Lines two replicas both read
 * during a handover may be stored twice, in different batches; the sessions service counts
 * each line once by its own id. Publishes are pipelined; batches that fail are retried in
 * order until the stream takes them.
 */
export class ChatLinePublisher {
  private readonly logger = new Logger('chat-line-publisher');
  private readonly retryQueue: Batch[] = [];
  private readonly idleWaiters: (() => void)[] = [];
  private open: ChatLineReceived[] = [];
  private openBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private retrying = false;
  /** Lines in batches being published. */
  private inFlight = 0;
  /** Lines in `retryQueue`. */
  private retryLines = 0;
  private dropped = 0;
  published = 0;

  constructor(
    private readonly streams: Pick<DurableStreams, 'publish'>,
    private readonly lingerMs = CHAT_LINES_BATCH_MS,
  ) {}

  publish(line: ChatLineReceived): void {
    this.open.push(line);
    this.openBytes += estimatedBytes(line);
    if (
      this.open.length >= CHAT_LINES_BATCH_MAX_LINES ||
      this.openBytes >= CHAT_LINES_BATCH_MAX_BYTES
    )
      this.cut();
    else this.timer ??= setTimeout(() => this.cut(), this.lingerMs);
  }

  /**
   * Resolves true once every accepted line is stored (retries included), or false after
   * `timeoutMs`, logging how many lines are given up.
   */
  async flush(timeoutMs: number): Promise<boolean> {
    this.cut();
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

  /** Lines accepted but not yet stored (waiting for their batch, in flight or to be retried). */
  pending(): number {
    return this.open.length + this.inFlight + this.retryLines;
  }

  /** Closes the open batch and publishes it, behind any batch waiting for a retry. */
  private cut(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.open.length === 0) return;
    const lines = this.open;
    this.open = [];
    this.openBytes = 0;
    const batch = { lines, msgId: batchId(lines) };
    if (this.retryQueue.length > 0) {
      this.enqueueForRetry(batch);
      return;
    }
    this.inFlight += lines.length;
    this.send(batch).then(
      () => {
        this.inFlight -= lines.length;
        this.published += lines.length;
        this.notifyIfIdle();
      },
      (error: unknown) => {
        this.inFlight -= lines.length;
        this.logger.warn(
          `Publishing ${lines.length} chat lines failed, retrying: ${String(error)}`,
        );
        this.enqueueForRetry(batch);
        this.notifyIfIdle();
      },
    );
  }

  private async send(batch: Batch) {
    const data: ChatLinesBatch = { lines: batch.lines };
    const result = await this.streams.publish(CHAT_LINES_BATCH_SUBJECT, data, {
      msgId: batch.msgId,
    });
    if (!result.duplicate) chatLinesPublished.inc(batch.lines.length);
    return result;
  }

  private enqueueForRetry(batch: Batch): void {
    if (this.retryLines + batch.lines.length > MAX_PENDING_LINES) {
      this.dropped += batch.lines.length;
      this.logger.error(`Chat stream unreachable: ${this.dropped} lines dropped so far`);
      return;
    }
    this.retryQueue.push(batch);
    this.retryLines += batch.lines.length;
    if (!this.retrying) void this.drainRetries();
  }

  private async drainRetries(): Promise<void> {
    this.retrying = true;
    while (this.retryQueue.length > 0) {
      const batch = this.retryQueue[0];
      try {
        await this.send(batch);
        this.retryQueue.shift();
        this.retryLines -= batch.lines.length;
        this.published += batch.lines.length;
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

/** The batch's de-duplication key: a digest of its lines' Twitch ids, in order. */
export function batchId(lines: readonly ChatLineReceived[]): string {
  const hash = createHash('sha256');
  for (const line of lines) hash.update(line.id).update('\n');
  return hash.digest('base64url');
}

/**
 * An upper bound of a line's JSON size: a character takes at most six bytes (an escape), ids
 * are short, an emote or a badge takes well under 64 bytes.
 */
function estimatedBytes(line: ChatLineReceived): number {
  return (
    512 +
    6 * (line.text.length + line.displayName.length) +
    64 * ((line.emotes?.length ?? 0) + Object.keys(line.badges ?? {}).length)
  );
}
