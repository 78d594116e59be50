import { describe, expect, it } from '@jest/globals';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ChatterSnapshot, isChatterSnapshot } from './session-domain-events.js';

const valid = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  sessionId: '2f6b3c1e-8a4d-4c2b-9e1f-5a7d3b9c0e12',
  ownerId: '0b6f5a2e-3c1d-4e8f-9a7b-6c5d4e3f2a1b',
  twitchId: '12345',
  firstSeenAt: '2026-11-24T09:00:00.123456+00:00',
  lastSeenAt: '2026-11-24T09:05:00Z',
  messageCount: 3,
  isGreeted: true,
  greetedAt: '2026-11-24T09:06:00.5+01:00',
  version: 7,
};

const decoratorsAccept = (value: object) =>
  validateSync(plainToInstance(ChatterSnapshot, value), { whitelist: true }).length === 0;

describe('isChatterSnapshot', () => {
  it.each<[string, object]>([
    ['a greeted chatter', valid],
    ['an ungreeted chatter', { ...valid, isGreeted: false, greetedAt: null }],
    ['no greetedAt at all', { ...valid, isGreeted: false, greetedAt: undefined }],
    ['a banned chatter', { ...valid, moderation: 'banned' }],
    ['a timed-out chatter', { ...valid, moderation: 'timed_out' }],
    ['a chatter without moderation', { ...valid, moderation: null }],
  ])('accepts %s, as the decorators do', (_, event) => {
    expect(isChatterSnapshot(event)).toBe(true);
    expect(decoratorsAccept(event)).toBe(true);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a list', [valid]],
    ['an id that is no UUID', { ...valid, id: 'chatter-1' }],
    ['a missing owner', { ...valid, ownerId: undefined }],
    ['a Twitch id over 64 characters', { ...valid, twitchId: '1'.repeat(65) }],
    ['a Twitch id that is a number', { ...valid, twitchId: 12345 }],
    ['a first-seen time that is no timestamp', { ...valid, firstSeenAt: 'yesterday' }],
    ['an impossible date', { ...valid, lastSeenAt: '2026-13-45T09:00:00Z' }],
    ['no messages', { ...valid, messageCount: 0 }],
    ['a fractional count', { ...valid, messageCount: 1.5 }],
    ['a greet flag that is a string', { ...valid, isGreeted: 'true' }],
    ['a greet time that is a number', { ...valid, greetedAt: 1_700_000_000 }],
    ['version zero', { ...valid, version: 0 }],
    ['an unknown moderation', { ...valid, moderation: 'muted' }],
    ['a version that is a string', { ...valid, version: '7' }],
  ])('rejects %s, as the decorators do', (_, event) => {
    expect(isChatterSnapshot(event)).toBe(false);
    if (typeof event === 'object' && event !== null && !Array.isArray(event)) {
      expect(decoratorsAccept(event)).toBe(false);
    }
  });
});
