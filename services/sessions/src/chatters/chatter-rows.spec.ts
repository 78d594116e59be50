import { describe, expect, it } from '@jest/globals';
import type { ChatterDto } from '@greetboard/contracts';
import { jsonBytesAtMost, recordedChatter, type RecordedChatterRow } from './chatter-rows.js';

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
    const dto: ChatterDto = {
      ...longest('hello there'),
      username: 'viewer_1',
      twitchId: '100001',
      displayName: 'Viewer 1',
      profileImage: null,
      greetedByUser: null,
      firstMessageEmotes: [],
      moderation: null,
    };
    expect(jsonBytesAtMost(dto)).toBeLessThan(4 * Buffer.byteLength(JSON.stringify(dto)));
  });
});

describe('recordedChatter', () => {
  const row = (editorIds: string): RecordedChatterRow => ({
    chatter_json: '{"id":"c1","username":"viewer_1"}',
    id: 'c1',
    session_id: 's1',
    last_seen_ms: 1_764_300_000_123,
    has_profile_image: false,
    owner_id: 'owner',
    editor_ids: editorIds,
    list_version: '7',
  });

  it('reads the comma-separated editor ids, none when the text is empty', () => {
    expect(recordedChatter(row(''), true).editorIds).toEqual([]);
    const ids = ['e5b0c1a2-0000-4000-8000-000000000001', 'e5b0c1a2-0000-4000-8000-000000000002'];
    expect(recordedChatter(row(ids.join(',')), false).editorIds).toEqual(ids);
  });

  it('carries the row as it came, the JSON parsed only on reading `chatter`', () => {
    const chatter = recordedChatter(row(''), true);
    expect(chatter).toMatchObject({
      id: 'c1',
      sessionId: 's1',
      json: '{"id":"c1","username":"viewer_1"}',
      lastSeenMs: 1_764_300_000_123,
      hasProfileImage: false,
      isNew: true,
      ownerId: 'owner',
      listVersion: '7',
    });
    expect(chatter.chatter).toEqual({ id: 'c1', username: 'viewer_1' });
  });
});
