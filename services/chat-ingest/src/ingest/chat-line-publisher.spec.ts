import { describe, expect, it } from '@jest/globals';
import {
  CHAT_LINES_BATCH_MAX_LINES,
  CHAT_LINES_BATCH_SUBJECT,
  chatLineRecords,
  type ChatLineReceived,
  type ChatLinesBatch,
} from '@greetboard/contracts';
import type { PublishResult } from '@greetboard/transport';
import { batchId, ChatLinePublisher } from './chat-line-publisher.js';

/**
 * A chat stream that refuses the first `failures` publishes, then stores by message id (a
 * message id seen before is a duplicate, as JetStream's de-duplication has it).
 */
class FlakyStream {
  readonly messages = new Map<string, { subject: string; data: unknown }>();
  attempts: string[] = [];
  constructor(public failures: number) {}

  publish<T>(subject: string, data: T, opts: { msgId: string }): Promise<PublishResult> {
    this.attempts.push(opts.msgId);
    if (this.failures > 0) {
      this.failures--;
      return Promise.reject(new Error('stream unreachable'));
    }
    const duplicate = this.messages.has(opts.msgId);
    if (!duplicate) this.messages.set(opts.msgId, { subject, data });
    return Promise.resolve({ duplicate, sequence: this.messages.size });
  }

  /** Every stored line's id, in stream order, read as the sessions consumer reads them. */
  get stored(): string[] {
    return [...this.messages.values()]
      .flatMap(
        ({ subject, data }) => (chatLineRecords(data, subject) ?? [data]) as ChatLineReceived[],
      )
      .map((stored) => stored.id);
  }
}

const line = (id: string): ChatLineReceived => ({
  id,
  channel: 'streamer',
  channelId: '42',
  userId: '1337',
  login: 'viewer',
  displayName: 'Viewer',
  text: 'hi',
  sentAt: 1_700_000_000_000,
  firstMessage: false,
  returningChatter: false,
});

describe('ChatLinePublisher.flush', () => {
  it('resolves once every line, retried ones included, is in the stream', async () => {
    const stream = new FlakyStream(2);
    const publisher = new ChatLinePublisher(stream);
    for (const id of ['a', 'b', 'c', 'd']) publisher.publish(line(id));
    expect(publisher.pending()).toBe(4);
    await expect(publisher.flush(5_000)).resolves.toBe(true);
    expect(publisher.pending()).toBe(0);
    expect(stream.stored).toEqual(['a', 'b', 'c', 'd']);
  });

  it('resolves at once with nothing pending', async () => {
    await expect(new ChatLinePublisher(new FlakyStream(0)).flush(0)).resolves.toBe(true);
  });

  it('gives up after the timeout while the stream stays unreachable', async () => {
    const stream = new FlakyStream(Number.POSITIVE_INFINITY);
    const publisher = new ChatLinePublisher(stream);
    publisher.publish(line('a'));
    await expect(publisher.flush(100)).resolves.toBe(false);
    expect(publisher.pending()).toBe(1);
    stream.failures = 0; // let the retry loop end
    await publisher.flush(5_000);
  });
});

describe('ChatLinePublisher batches', () => {
  it('sends the lines read within the linger as one message keyed by their ids', async () => {
    const stream = new FlakyStream(0);
    const publisher = new ChatLinePublisher(stream, 20);
    for (const id of ['a', 'b', 'c']) publisher.publish(line(id));
    expect(stream.attempts).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect([...stream.messages.entries()]).toEqual([
      [
        batchId([line('a'), line('b'), line('c')]),
        {
          subject: CHAT_LINES_BATCH_SUBJECT,
          data: { lines: [line('a'), line('b'), line('c')] } satisfies ChatLinesBatch,
        },
      ],
    ]);
    expect(publisher.published).toBe(3);
  });

  it('retries a batch under the same key, so the stream stores it once', async () => {
    const stream = new FlakyStream(1);
    const publisher = new ChatLinePublisher(stream, 1);
    publisher.publish(line('a'));
    publisher.publish(line('b'));
    await publisher.flush(5_000);
    expect(stream.attempts).toHaveLength(2);
    expect(new Set(stream.attempts).size).toBe(1);
    expect(stream.stored).toEqual(['a', 'b']);
  });

  it('gives different lines different keys and the same lines the same key', () => {
    expect(batchId([line('a'), line('b')])).toBe(batchId([line('a'), line('b')]));
    expect(batchId([line('a'), line('b')])).not.toBe(batchId([line('ab')]));
    expect(batchId([line('a'), line('b')])).not.toBe(batchId([line('b'), line('a')]));
  });

  it('cuts a batch at its most lines without waiting for the linger', async () => {
    const stream = new FlakyStream(0);
    const publisher = new ChatLinePublisher(stream, 60_000);
    const ids = Array.from({ length: CHAT_LINES_BATCH_MAX_LINES + 1 }, (_, i) => `l${i}`);
    for (const id of ids) publisher.publish(line(id));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stream.messages.size).toBe(1);
    expect(stream.stored).toEqual(ids.slice(0, CHAT_LINES_BATCH_MAX_LINES));
    expect(publisher.pending()).toBe(1);
    await publisher.flush(5_000);
    expect(stream.stored).toEqual(ids);
  });

  it('cuts a batch before its JSON could reach the size limit', async () => {
    const stream = new FlakyStream(0);
    const publisher = new ChatLinePublisher(stream, 60_000);
    const long = (id: string) => ({ ...line(id), text: '\u0000'.repeat(500) });
    for (let i = 0; i < 200; i++) publisher.publish(long(`l${i}`));
    await publisher.flush(5_000);
    const sizes = [...stream.messages.values()].map(({ data }) => JSON.stringify(data).length);
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThan(256 * 1024);
    expect(stream.stored).toHaveLength(200);
  });
});
