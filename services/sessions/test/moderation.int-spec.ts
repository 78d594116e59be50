import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  SESSIONS_REQUESTS as R,
  type ChatLineReceived,
  type SessionDto,
} from '@greetboard/contracts';
import { waitFor } from '@greetboard/testing';
import { ChatLinesConsumer } from '../src/monitoring/chat-lines.consumer.js';
import { ModerationRepository } from '../src/moderation/moderation.repository.js';
import { chatLine, startSessionsHarness, type SessionsHarness, type TestUser } from './harness.js';

/**
 * Moderation follows chat (ADR 0041) on real PostgreSQL: bans, timeouts and deleted first
 * messages mark chatters of every active session of the channel, once, in one statement.
 */
describe('moderation records', () => {
  let h: SessionsHarness;
  let owner: TestUser;
  let moderation: ModerationRepository;

  const ban = (channel: string, login: string, sentAt: number): ChatLineReceived => ({
    ...chatLine(channel, login, ''),
    id: `clearchat:1:tw-${login}:${sentAt}`,
    sentAt,
    moderation: 'ban',
  });
  const timeout = (channel: string, login: string, sentAt: number, seconds: number) => ({
    ...ban(channel, login, sentAt),
    moderation: 'timeout' as const,
    timeoutSeconds: seconds,
  });
  const deletion = (channel: string, login: string, messageId: string): ChatLineReceived => ({
    ...chatLine(channel, login, ''),
    id: `clearmsg:${messageId}`,
    userId: '',
    moderation: 'delete_message',
    targetMessageId: messageId,
  });
  const chatters = async (session: SessionDto) =>
    (await h.request(R.listChatters, { actor: owner.actor, sessionId: session.id })).chatters;
  /** Only `active` of the owner's sessions is active (one per channel), started an hour ago. */
  const setActive = async (active: SessionDto[]) => {
    await h.db.query(`UPDATE sessions.sessions SET is_active = false WHERE user_id = $1`, [
      owner.id,
    ]);
    await h.db.query(
      `UPDATE sessions.sessions SET is_active = true, started_at = now() - interval '1 hour'
        WHERE id = ANY($1::uuid[])`,
      [active.map((s) => s.id)],
    );
  };

  beforeAll(async () => {
    h = await startSessionsHarness();
    owner = await h.seedUser();
    moderation = h.service.get(ModerationRepository);
  });

  afterAll(() => h.close());

  it('marks a banned or timed-out chatter in the running session, once under redelivery', async () => {
    const ended = await h.request(R.createSession, { actor: owner.actor, name: 'Ended' });
    const second = await h.request(R.createSession, { actor: owner.actor, name: 'Running' });
    await setActive([second]);
    const channel = owner.username;
    // Chat lines go to the running session; seed the ended one's rows directly.
    await h.chatters.recordChatLines([chatLine(channel, 'spam_bot'), chatLine(channel, 'napper')]);
    await h.db.query(
      `INSERT INTO sessions.chatters (session_id, twitch_id, username, display_name,
         first_message, message_count, first_seen_at, last_seen_at, version)
       SELECT s, 'tw-spam_bot', 'spam_bot', 'SPAM_BOT', 'buy followers', 1, now(), now(), 1
         FROM unnest($1::uuid[]) s
       ON CONFLICT DO NOTHING`,
      [[second.id, ended.id]],
    );
    const at = Date.UTC(2026, 1, 1, 12);
    const records = [
      ban(channel, 'spam_bot', at),
      timeout(channel, 'napper', at, 600),
      ban(channel, 'never_chatted', at),
    ];
    const versionBefore = await h.chatters.listVersion(second.id);

    const marked = await moderation.recordModeration(records);

    expect(marked.map((m) => [m.chatter.sessionId, m.chatter.username]).sort()).toEqual(
      [
        [second.id, 'napper'],
        [second.id, 'spam_bot'],
      ].sort(),
    );
    const banned = marked.find((m) => m.chatter.username === 'spam_bot')!.chatter;
    expect(banned).toMatchObject({
      moderation: 'banned',
      moderatedAt: new Date(at).toISOString(),
      timeoutEndsAt: null,
      firstMessageDeleted: false,
    });
    expect(marked.find((m) => m.chatter.username === 'napper')!.chatter).toMatchObject({
      moderation: 'timed_out',
      timeoutEndsAt: new Date(at + 600_000).toISOString(),
    });
    // One list version step per session.
    expect(BigInt(await h.chatters.listVersion(second.id))).toBe(BigInt(versionBefore) + 1n);
    // The ended session and someone who never chatted are untouched (no row is added).
    const endedRows = await chatters(ended);
    expect(endedRows.map((c) => [c.username, c.moderation])).toEqual([['spam_bot', null]]);
    expect((await chatters(second)).map((c) => c.username).sort()).toEqual(['napper', 'spam_bot']);

    // A redelivery, and an older record arriving late, change nothing.
    expect(await moderation.recordModeration(records)).toEqual([]);
    expect(await moderation.recordModeration([timeout(channel, 'spam_bot', at - 1, 60)])).toEqual(
      [],
    );
    expect(await h.chatters.listVersion(second.id)).toBe(String(BigInt(versionBefore) + 1n));

    // A later timeout replaces the ban; the chatter speaking after it ended is back.
    const [replaced] = await moderation.recordModeration([
      timeout(channel, 'napper', at + 1_000, 10),
    ]);
    expect(replaced.chatter).toMatchObject({ moderation: 'timed_out' });
    await h.chatters.recordChatLines([
      chatLine(channel, 'napper', 'back', { sentAt: at + 12_000 }),
    ]);
    const napper = (await chatters(second)).find((c) => c.username === 'napper')!;
    expect(napper).toMatchObject({ moderation: null, timeoutEndsAt: null });
  });

  it('marks a deleted first message, not a deleted later one, and ignores a cleared chat', async () => {
    const session = await h.request(R.createSession, { actor: owner.actor, name: 'Deletes' });
    await setActive([session]);
    const channel = owner.username;
    const firstLine = chatLine(channel, 'rude', 'something rude');
    const laterLine = chatLine(channel, 'rude', 'sorry');
    const otherLine = chatLine(channel, 'polite', 'hello');
    await h.chatters.recordChatLines([firstLine, laterLine, otherLine]);
    const cleared: ChatLineReceived = {
      ...chatLine(channel, channel, ''),
      userId: '',
      moderation: 'clear_chat',
    };

    expect(
      await moderation.recordModeration([deletion(channel, 'rude', laterLine.id), cleared]),
    ).toEqual([]);
    const [marked] = await moderation.recordModeration([
      deletion(channel, 'rude', firstLine.id),
      deletion(channel, 'rude', firstLine.id),
    ]);
    expect(marked.chatter).toMatchObject({
      username: 'rude',
      firstMessage: 'something rude',
      firstMessageDeleted: true,
      moderation: null,
    });
    expect(await moderation.recordModeration([deletion(channel, 'rude', firstLine.id)])).toEqual(
      [],
    );
    const rows = await chatters(session);
    expect(rows.map((c) => [c.username, c.firstMessageDeleted])).toEqual([
      ['rude', true],
      ['polite', false],
    ]);
  });

  it('sends a chatter created and banned in one batch live once, already marked', async () => {
    const session = await h.request(R.createSession, { actor: owner.actor, name: 'Live' });
    await setActive([session]);
    const channel = owner.username;
    const line = chatLine(channel, 'quick_bot', 'spam');
    const from = h.chatterEvents.length;
    await h.service.get(ChatLinesConsumer).handle(
      [line, ban(channel, 'quick_bot', line.sentAt + 500)].map((data, index) => ({
        subject: `chat.line.v1.${data.channel}`,
        data,
        msgId: data.id,
        deliveryCount: 1,
        sequence: index + 1,
      })),
    );
    await waitFor(() => h.chatterEvents.length > from);
    const [event] = h.chatterEvents.slice(from);
    expect(event.sessionId).toBe(session.id);
    expect(event.updated).toEqual([]);
    expect(event.created.map((c) => [c.username, c.moderation])).toEqual([['quick_bot', 'banned']]);
    expect(event.listVersion).toBe(await h.chatters.listVersion(session.id));
  });
});
