import 'reflect-metadata';
import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ChatLineReceived, isChatLineReceived } from './chat-line.js';

const valid = {
  id: 'b34ccfc7-4977-403a-8a94-33c6bac34fb8',
  channel: 'streamer',
  channelId: '42',
  userId: '1337',
  login: 'ronni',
  displayName: 'Ronni',
  text: 'Kappa',
  sentAt: 1507246572675,
  firstMessage: true,
  returningChatter: false,
  color: '#0D4200',
  badges: { subscriber: '12' },
};

const variants: Record<string, unknown>[] = [
  valid,
  { ...valid, color: undefined, badges: undefined },
  { ...valid, id: 'x'.repeat(65) },
  { ...valid, channel: 'Not A Login' },
  { ...valid, login: '' },
  { ...valid, userId: 1337 },
  { ...valid, displayName: 'x'.repeat(65) },
  { ...valid, text: 'x'.repeat(1001) },
  { ...valid, sentAt: -1 },
  { ...valid, sentAt: 1.5 },
  { ...valid, sentAt: '1507246572675' },
  { ...valid, firstMessage: 'true' },
  { ...valid, returningChatter: 1 },
  { ...valid, color: 'x'.repeat(17) },
  { ...valid, badges: 'subscriber/12' },
  { ...valid, channelId: undefined },
  { ...valid, raidViewerCount: 150 },
  { ...valid, raidViewerCount: 0 },
  { ...valid, raidViewerCount: -1 },
  { ...valid, raidViewerCount: 1.5 },
  { ...valid, raidViewerCount: '150' },
  { ...valid, subscription: 'sub' },
  { ...valid, subscription: 'resub' },
  { ...valid, subscription: 'subgift' },
  { ...valid, moderation: 'ban' },
  { ...valid, moderation: 'timeout', timeoutSeconds: 600 },
  { ...valid, moderation: 'timeout', timeoutSeconds: 0 },
  { ...valid, moderation: 'timeout', timeoutSeconds: 1_209_601 },
  { ...valid, moderation: 'delete_message', userId: '', targetMessageId: 'abc-123' },
  { ...valid, moderation: 'delete_message', targetMessageId: 'x'.repeat(65) },
  { ...valid, moderation: 'unban' },
  { ...valid, emotes: [{ id: '25', start: 0, end: 4 }] },
  { ...valid, emotes: [{ id: '25', start: 0, end: 5 }] },
  { ...valid, text: '🎉 Kappa', emotes: [{ id: '25', start: 2, end: 6 }] },
  { ...valid, text: '🎉 Kappa', emotes: [{ id: '25', start: 3, end: 7 }] },
  {
    ...valid,
    text: 'Kappa Kappa',
    emotes: [
      { id: '25', start: 0, end: 6 },
      { id: '25', start: 6, end: 10 },
    ],
  },
  { ...valid, emotes: [{ id: 'no spaces', start: 0, end: 4 }] },
  { ...valid, emotes: '25:0-4' },
];

describe('isChatLineReceived', () => {
  it('agrees with the class-validator rules of ChatLineReceived', () => {
    for (const variant of variants) {
      const byDecorators = validateSync(plainToInstance(ChatLineReceived, variant)).length === 0;
      expect([JSON.stringify(variant).slice(0, 80), isChatLineReceived(variant)]).toEqual([
        JSON.stringify(variant).slice(0, 80),
        byDecorators,
      ]);
    }
    expect(isChatLineReceived(null)).toBe(false);
    expect(isChatLineReceived('line')).toBe(false);
  });
});
