import { describe, expect, it } from '@jest/globals';
import type { ChatterDto, LiveChattersEvent } from '@greetboard/contracts';
import { jsonBytesAtMost } from '../chatters/chatter-rows.js';
import { splitToFit } from './live-events.js';

const SESSION = '2f6b3c1e-8a4d-4c2b-9e1f-5a7d3b9c0e12';
const chatter = (id: number, firstMessage: string): ChatterDto => ({
  id: String(id),
  sessionId: SESSION,
  username: `viewer_${id}`,
  twitchId: String(100_000 + id),
  displayName: `Viewer ${id}`,
  profileImage: null,
  firstMessage,
  messageCount: 1,
  firstSeenAt: '2026-11-27T12:00:00.000Z',
  lastSeenAt: '2026-11-27T12:00:00.000Z',
  isGreeted: false,
  greetedAt: null,
  greetedBy: null,
  greetedByUser: null,
  isFirstTimeChatter: false,
  isReturningChatter: false,
  raidId: null,
  firstMessageEmotes: [],
  lastSeenBeforeAt: null,
  sessionsSeen: 1,
  moderation: null,
  moderatedAt: null,
  timeoutEndsAt: null,
  firstMessageDeleted: false,
});
const event = (created: ChatterDto[], updated: ChatterDto[]): LiveChattersEvent => ({
  sessionId: SESSION,
  userIds: ['0b6f5a2e-3c1d-4e8f-9a7b-6c5d4e3f2a1b'],
  created,
  updated,
  listVersion: '42',
});

describe('splitToFit', () => {
  it('keeps a batch of ordinary chatters in one event', () => {
    const whole = event(
      Array.from({ length: 400 }, (_, i) => chatter(i, 'hello there')),
      Array.from({ length: 100 }, (_, i) => chatter(400 + i, 'x'.repeat(500))),
    );
    expect(splitToFit(whole)).toEqual([whole]);
  });

  it('splits chatters with long texts into parts under the bus limit, in order', () => {
    // Escaped control characters: six bytes of JSON each, the worst case.
    const text = '\u0001'.repeat(500);
    const whole = event(
      Array.from({ length: 300 }, (_, i) => chatter(i, text)),
      Array.from({ length: 200 }, (_, i) => chatter(300 + i, text)),
    );
    const parts = splitToFit(whole);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(part.sessionId).toBe(SESSION);
      // No part alone is version 42, so none carries a version.
      expect(part.listVersion).toBeUndefined();
      expect(part.userIds).toEqual(whole.userIds);
      expect(Buffer.byteLength(JSON.stringify(part))).toBeLessThan(1024 * 1024);
    }
    expect(parts.flatMap((part) => part.created)).toEqual(whole.created);
    expect(parts.flatMap((part) => part.updated)).toEqual(whole.updated);
  });

  it('gives each part the Twitch line times of its own chatters only', () => {
    const text = '\u0001'.repeat(500);
    const created = Array.from({ length: 500 }, (_, i) => chatter(i, text));
    const linesSentAt = Object.fromEntries(created.map((c, i) => [c.id, 1_700_000_000_000 + i]));
    const parts = splitToFit({ ...event(created, []), linesSentAt });
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect(Object.keys(part.linesSentAt ?? {})).toEqual(part.created.map((c) => c.id));
    }
    expect(Object.assign({}, ...parts.map((part) => part.linesSentAt))).toEqual(linesSentAt);
  });
});

describe('jsonBytesAtMost', () => {
  const uuid = 'ffffffff-ffff-4fff-bfff-ffffffffffff';
  const time = '2026-11-27T23:59:59.999Z';
  const longest = (text: string): ChatterDto => ({
    id: uuid,
    sessionId: uuid,
    username: 'u'.repeat(25),
    twitchId: '9'.repeat(20),
    displayName: text.slice(0, 64),
    profileImage: `https://static-cdn.jtvnw.net/${'p'.repeat(200)}.png`,
    firstMessage: text,
    messageCount: 2_147_483_647,
    firstSeenAt: time,
    lastSeenAt: time,
    isGreeted: true,
    greetedAt: time,
    greetedBy: uuid,
    greetedByUser: { displayName: text.slice(0, 64), profileImage: 'https://x/'.repeat(20) },
    isFirstTimeChatter: true,
    isReturningChatter: true,
    raidId: uuid,
    firstMessageEmotes: Array.from({ length: 40 }, (_, i) => ({
      id: `emotesv2_${'f'.repeat(32)}`,
      start: 100_000 + i,
      end: 100_001 + i,
    })),
    lastSeenBeforeAt: time,
    sessionsSeen: 2_147_483_647,
    moderation: 'timed_out',
    moderatedAt: time,
    timeoutEndsAt: time,
    firstMessageDeleted: true,
  });

  it.each([
    ['plain text', 'hello there '.repeat(40)],
    ['escaped control characters', '\u0001'.repeat(500)],
    ['quotes and backslashes', '"\\'.repeat(250)],
    ['characters outside ASCII', 'ü€😀'.repeat(125)],
  ])('is never less than the JSON of a chatter with %s', (_, text) => {
    const dto = longest(text);
    expect(jsonBytesAtMost(dto)).toBeGreaterThanOrEqual(Buffer.byteLength(JSON.stringify(dto)));
  });

  it('is of the order of the JSON of an ordinary chatter, so ordinary events skip measuring', () => {
    const dto = chatter(1, 'hello there');
    expect(jsonBytesAtMost(dto)).toBeLessThan(4 * Buffer.byteLength(JSON.stringify(dto)));
  });
});
