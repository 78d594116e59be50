import { describe, expect, it } from '@jest/globals';
import type { ChatLineReceived } from '@greetboard/contracts';
import { channelShards } from './chat-lines.consumer.js';

let sequence = 0;
const line = (channel: string): ChatLineReceived => ({
  id: `m${++sequence}`,
  channel,
  channelId: '1',
  userId: `u${sequence}`,
  login: `viewer${sequence}`,
  displayName: `Viewer${sequence}`,
  text: 'hello',
  sentAt: sequence,
  firstMessage: false,
  returningChatter: false,
});
const linesOf = (channel: string, count: number) =>
  Array.from({ length: count }, () => line(channel));

describe('channelShards', () => {
  it('keeps a small batch in one statement', () => {
    const lines = [...linesOf('alpha', 40), ...linesOf('beta', 23)];
    expect(channelShards(lines)).toEqual([lines]);
  });

  it('keeps one channel in one statement, however busy', () => {
    const lines = linesOf('alpha', 300);
    expect(channelShards(lines)).toEqual([lines]);
  });

  it('splits a busy batch into two shards of whole channels, of about equal size, in order', () => {
    const alpha = linesOf('alpha', 40);
    const beta = linesOf('Beta', 30);
    const gamma = linesOf('gamma', 20);
    const lines = [...beta.slice(0, 10), ...alpha, ...gamma, ...beta.slice(10)];
    const shards = channelShards(lines);
    expect(shards).toEqual([alpha, [...beta, ...gamma]]);
  });

  it('puts each channel in exactly one shard, case aside', () => {
    const lines = Array.from({ length: 200 }, (_, n) =>
      line(n % 2 === 0 ? `channel${n % 7}` : `CHANNEL${n % 7}`),
    );
    const shards = channelShards(lines);
    expect(shards).toHaveLength(2);
    expect(shards.flat()).toHaveLength(200);
    const owners = new Map<string, number>();
    shards.forEach((shard, index) => {
      for (const { channel } of shard) {
        const key = channel.toLowerCase();
        expect(owners.get(key) ?? index).toBe(index);
        owners.set(key, index);
      }
    });
    expect(Math.abs(shards[0].length - shards[1].length)).toBeLessThanOrEqual(200 / 7 + 1);
  });
});
