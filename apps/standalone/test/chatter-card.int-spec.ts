import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SESSIONS_REQUESTS, type ChatterCardDto } from '@greetboard/contracts';
import { ChatterProfilesJob } from '@greetboard/sessions';
import { waitFor } from '@greetboard/testing';
import {
  startTwitchSessionsStack,
  type SignedInUser,
  type TwitchSessionsStack,
} from './twitch-sessions-stack.js';

const STREAMER = 'card_streamer';
const HOUR_MS = 3_600_000;

/**
 * A chatter's card (ADR 0055) from end to end: the emulator sends PRIVMSGs with Twitch's
 * `badges` tag, chat-ingest reads them over IRC, the sessions service keeps the latest line's
 * badges on the chatter, and the profile job asks Helix (through auth) for the account's
 * `created_at`.
 */
describe('chatter card: badges from IRC and account age from Helix', () => {
  let stack: TwitchSessionsStack;
  let streamer: SignedInUser;
  let sessionId: string;

  beforeAll(async () => {
    stack = await startTwitchSessionsStack({
      approvedLogins: [STREAMER],
      chatIngest: true,
      chatterProfiles: { intervalMs: 24 * HOUR_MS, retryAfterMs: 60_000 },
    });
    streamer = await stack.signIn(STREAMER);
    const session = await stack.request(SESSIONS_REQUESTS.createSession, {
      actor: streamer.actor,
      name: 'Cards',
    });
    await stack.request(SESSIONS_REQUESTS.updateSession, {
      actor: streamer.actor,
      sessionId: session.id,
      isActive: true,
    });
    sessionId = session.id;
    await waitFor(() => stack.emulator.state.irc.joinedChannels().includes(STREAMER), {
      what: 'chat-ingest in the channel',
      timeoutMs: 30_000,
    });
  }, 90_000);

  afterAll(async () => {
    await stack?.close();
  });

  const say = (messages: { login: string; text: string; tags?: Record<string, string> }[]) =>
    stack.control('POST', `/control/channels/${STREAMER}/messages`, { messages });

  async function chatterId(login: string, lines: number): Promise<string> {
    return waitFor(
      async () => {
        const { rows } = await stack.db.query<{ id: string; message_count: number }>(
          `SELECT id, message_count FROM sessions.chatters
            WHERE session_id = $1 AND username = $2`,
          [sessionId, login],
        );
        const row = rows[0];
        return row && row.message_count >= lines ? row.id : undefined;
      },
      { what: `${login}'s ${lines} lines counted`, timeoutMs: 30_000 },
    );
  }

  const card = (id: string, actor = streamer.actor): Promise<ChatterCardDto> =>
    stack.request(SESSIONS_REQUESTS.chatterCard, { actor, sessionId, chatterId: id });

  it('keeps the badges of the latest line: subscriber, VIP and moderator as Twitch tags them', async () => {
    stack.emulator.state.users.ensure('card_mod');
    await stack.control('POST', `/control/channels/${STREAMER}/roles`, {
      login: 'card_mod',
      role: 'moderator',
    });
    await say([
      { login: 'card_mod', text: 'hello from a mod' },
      { login: 'card_sub', text: 'first', tags: { badges: 'subscriber/12,vip/1' } },
      { login: 'card_plain', text: 'hi', tags: { badges: '' } },
    ]);
    const mod = await chatterId('card_mod', 1);
    const sub = await chatterId('card_sub', 1);
    const plain = await chatterId('card_plain', 1);
    expect((await card(mod)).badges).toMatchObject({ moderator: '1' });
    expect((await card(sub)).badges).toEqual({ subscriber: '12', vip: '1' });
    expect((await card(plain)).badges).toEqual({});

    // The VIP badge was taken away: the next line's tag is what the card shows.
    await say([{ login: 'card_sub', text: 'second', tags: { badges: 'subscriber/12' } }]);
    await chatterId('card_sub', 2);
    const later = await card(sub);
    expect(later.badges).toEqual({ subscriber: '12' });
    expect(later.chatter.messageCount).toBe(2);
    expect(later.chatter.firstMessage).toBe('first');
  }, 90_000);

  it("shows the account's creation time once the profile job asked Helix", async () => {
    const sub = await chatterId('card_sub', 1);
    expect((await card(sub)).accountCreatedAt).toBeNull();
    await stack.sessions.get(ChatterProfilesJob).run();
    const viewer = stack.emulator.state.users.byLogin('card_sub');
    expect(viewer).toBeDefined();
    const { accountCreatedAt } = await card(sub);
    expect(accountCreatedAt).not.toBeNull();
    expect(Date.parse(accountCreatedAt ?? '')).toBe(Date.parse(viewer?.createdAt ?? ''));
  }, 90_000);

  it('answers only the owner and editors, and only for a chatter of that session', async () => {
    const sub = await chatterId('card_sub', 1);
    const stranger = await stack.signIn('card_stranger');
    // As for every session route: a session the caller may not see does not exist for them.
    await expect(card(sub, stranger.actor)).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
    const other = await stack.request(SESSIONS_REQUESTS.createSession, {
      actor: streamer.actor,
      name: 'Other',
    });
    await expect(
      stack.request(SESSIONS_REQUESTS.chatterCard, {
        actor: streamer.actor,
        sessionId: other.id,
        chatterId: sub,
      }),
    ).rejects.toMatchObject({ code: 'CHATTER_NOT_FOUND' });
  }, 90_000);
});
