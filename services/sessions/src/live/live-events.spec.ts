import { describe, expect, it } from '@jest/globals';
import {
  chatterMessageLines,
  type ChatterDto,
  type LiveChatterMessages,
  type LiveChattersEvent,
} from '@greetboard/contracts';
import { MESSAGES_BYTES, asTexts, packToFit } from './live-events.js';

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

const OTHER_SESSION = '5b1e7c2a-9d3f-4e6a-8b0c-1d2e3f4a5b6c';

/** The chatters of the packs, back as the events they came from (parts joined). */
function unpack(packs: LiveChatterMessages[]) {
  const sessions: { sessionId: string; created: ChatterDto[]; updated: ChatterDto[] }[] = [];
  for (const session of packs.flatMap((pack) => pack.sessions)) {
    const lines = chatterMessageLines(session.messages)!;
    expect(lines).toBeDefined();
    expect(session.linesSentAt).toHaveLength(lines.length);
    let last = sessions.at(-1);
    if (last?.sessionId !== session.sessionId) {
      last = { sessionId: session.sessionId, created: [], updated: [] };
      sessions.push(last);
    }
    for (const line of lines) {
      const message = JSON.parse(line) as { type: string; payload: ChatterDto };
      (message.type === 'new_chatter' ? last.created : last.updated).push(message.payload);
    }
  }
  return sessions;
}

describe('packToFit', () => {
  it('packs the batch of ordinary chatters of several sessions into one bus message', () => {
    const mine = event(
      Array.from({ length: 300 }, (_, i) => chatter(i, 'hello there')),
      Array.from({ length: 100 }, (_, i) => chatter(300 + i, 'x'.repeat(200))),
    );
    const theirs = {
      ...event([chatter(900, 'hi')], []),
      sessionId: OTHER_SESSION,
      listVersion: '7',
    };
    theirs.created[0].sessionId = OTHER_SESSION;
    const packs = packToFit([mine, theirs].map(asTexts));
    expect(packs).toHaveLength(1);
    expect(packs[0].sessions.map((s) => [s.sessionId, s.listVersion])).toEqual([
      [SESSION, '42'],
      [OTHER_SESSION, '7'],
    ]);
    expect(unpack(packs)).toEqual([
      { sessionId: SESSION, created: mine.created, updated: mine.updated },
      { sessionId: OTHER_SESSION, created: theirs.created, updated: [] },
    ]);
  });

  it.each([
    ['escaped control characters', '\u0001'.repeat(500)],
    ['quotes and backslashes', '"\\'.repeat(250)],
    ['characters outside ASCII', 'ü€😀'.repeat(125)],
  ])('splits chatters with long %s into parts under the bus limit, in order', (_, text) => {
    const whole = event(
      Array.from({ length: 300 }, (_, i) => chatter(i, text)),
      Array.from({ length: 200 }, (_, i) => chatter(300 + i, text)),
    );
    const packs = packToFit([asTexts(whole)]);
    expect(packs.length).toBeGreaterThan(1);
    for (const [index, pack] of packs.entries()) {
      // As the bus carries it: the event inside the transport's envelope.
      const bytes = Buffer.byteLength(JSON.stringify({ pattern: 'live', data: pack }));
      expect(bytes).toBeLessThan(MESSAGES_BYTES);
      // Filled, not split early: every message but the last holds at least half the bound.
      if (index < packs.length - 1) expect(bytes).toBeGreaterThan(0.45 * MESSAGES_BYTES);
      for (const part of pack.sessions) {
        expect(part.sessionId).toBe(SESSION);
        // No part alone is version 42, so none carries a version.
        expect(part.listVersion).toBeUndefined();
        expect(part.userIds).toEqual(whole.userIds);
      }
    }
    expect(unpack(packs)).toEqual([
      { sessionId: SESSION, created: whole.created, updated: whole.updated },
    ]);
  });

  it('gives each message the Twitch time of the line behind it, -1 where there is none', () => {
    const created = Array.from({ length: 3 }, (_, i) => chatter(i, 'hi'));
    const updated = [chatter(3, 'hello')];
    const linesSentAt = { [created[0].id]: 1_700_000_000_000, [updated[0].id]: 1_700_000_000_500 };
    const [pack] = packToFit([asTexts({ ...event(created, updated), linesSentAt })]);
    expect(pack.sessions[0].linesSentAt).toEqual([1_700_000_000_000, -1, -1, 1_700_000_000_500]);
  });

  it("wraps each chatter's JSON text in its message as given, without reading it", () => {
    // As PostgreSQL writes a nested object: spaces around the colon, kept byte for byte.
    const json = '{"id":"1","greetedByUser":{"displayName" : "Ann"},"firstMessage":"a\\nb"}';
    const [pack] = packToFit([
      { ...event([], []), created: [{ id: '1', json }], updated: [{ id: '2', json: '{}' }] },
    ]);
    expect(chatterMessageLines(pack.sessions[0].messages)).toEqual([
      `{"type":"new_chatter","payload":${json}}`,
      '{"type":"chatter_update","payload":{}}',
    ]);
  });

  it('publishes nothing for events without chatters', () => {
    expect(packToFit([asTexts(event([], []))])).toEqual([]);
  });
});
