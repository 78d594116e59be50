import { describe, expect, it } from '@jest/globals';
import type { ChatLineReceived } from '@greetboard/contracts';
import type { PublishResult } from '@greetboard/transport';
import { ChatLinePublisher } from './chat-line-publisher.js';

/** A chat stream that refuses the first `failures` publishes, then stores by message id. */
class FlakyStream {
  readonly stored = new Set<string>();
  constructor(public failures: number) {}

  publish<T>(_subject: string, _data: T, opts: { msgId: string }): Promise<PublishResult> {
    if (this.failures > 0) {
      this.failures--;
      return Promise.reject(new Error('stream unreachable'));
    }
    this.stored.add(opts.msgId);
    return Promise.resolve({ duplicate: false, sequence: this.stored.size });
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
    expect([...stream.stored].sort()).toEqual(['a', 'b', 'c', 'd']);
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
