import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { SESSIONS_REQUESTS } from '@greetboard/contracts';
import { waitFor } from '@greetboard/testing';
import {
  readChat,
  startTwitchSessionsStack,
  type ChatReader,
  type SignedInUser,
  type TwitchSessionsStack,
} from './twitch-sessions-stack.js';

const started = (name: string) => `Greetboard: greeting session "${name}" started — say hi!`;
const ended = (name: string) =>
  `Greetboard: greeting session "${name}" ended. Thanks for chatting!`;

/**
 * Announce session status: sessions publishes SessionStatusChanged, auth posts the message
 * in the owner's chat through Helix with the owner's token, seen here by a viewer in IRC.
 */
describe('announcing session status in chat', () => {
  let stack: TwitchSessionsStack;
  let streamer: SignedInUser;
  let chat: ChatReader;
  const warnings: string[] = [];

  beforeAll(async () => {
    stack = await startTwitchSessionsStack({ approvedLogins: ['loud_streamer', 'quiet_streamer'] });
    streamer = await stack.signIn('loud_streamer');
    chat = await readChat(stack.emulator, 'loud_streamer');
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(function (message: unknown) {
      warnings.push(String(message));
    });
  });

  afterEach(async () => {
    await stack.control('DELETE', '/control/faults');
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    chat?.close();
    await stack?.close();
  });

  it('posts "started" and "ended" in the owner chat when the setting is on', async () => {
    await stack.updateSettings(streamer.id, { announceSessionStatus: true });
    const session = await stack.request(SESSIONS_REQUESTS.createSession, {
      actor: streamer.actor,
      name: 'Friday chill',
    });
    await waitFor(() => chat.messages.includes(started('Friday chill')), {
      what: 'the start announcement',
    });
    await stack.request(SESSIONS_REQUESTS.updateSession, {
      actor: streamer.actor,
      sessionId: session.id,
      isActive: false,
    });
    await waitFor(() => chat.messages.includes(ended('Friday chill')), {
      what: 'the end announcement',
    });
    expect(chat.messages).toEqual([started('Friday chill'), ended('Friday chill')]);
  });

  it('announces the end of an active session that is deleted', async () => {
    chat.messages.length = 0;
    const session = await stack.request(SESSIONS_REQUESTS.createSession, {
      actor: streamer.actor,
      name: 'Doomed',
    });
    await waitFor(() => chat.messages.length === 1, { what: 'the start announcement' });
    await stack.request(SESSIONS_REQUESTS.deleteSession, {
      actor: streamer.actor,
      sessionId: session.id,
    });
    await waitFor(() => chat.messages.length === 2, { what: 'the end announcement' });
    expect(chat.messages).toEqual([started('Doomed'), ended('Doomed')]);
  });

  it('posts nothing when the setting is off', async () => {
    const quiet = await stack.signIn('quiet_streamer');
    const quietChat = await readChat(stack.emulator, 'quiet_streamer');
    try {
      const session = await stack.request(SESSIONS_REQUESTS.createSession, {
        actor: quiet.actor,
        name: 'Silent one',
      });
      await stack.request(SESSIONS_REQUESTS.updateSession, {
        actor: quiet.actor,
        sessionId: session.id,
        isActive: false,
      });
      // A marker announcement from the other streamer, published after the quiet ones, is
      // handled after them (one ordered stream): once it is in, the quiet ones were skipped.
      chat.messages.length = 0;
      await stack.request(SESSIONS_REQUESTS.createSession, {
        actor: streamer.actor,
        name: 'Marker',
      });
      await waitFor(() => chat.messages.includes(started('Marker')), { what: 'the marker' });
      expect(quietChat.messages).toEqual([]);
    } finally {
      quietChat.close();
    }
  });

  it('logs a Helix failure and still starts the session', async () => {
    await stack.control('POST', '/control/faults', { kind: 'helix-5xx', count: 5 });
    chat.messages.length = 0;
    const session = await stack.request(SESSIONS_REQUESTS.createSession, {
      actor: streamer.actor,
      name: 'Unlucky',
    });
    expect(session.isActive).toBe(true);
    const warning = await waitFor(
      () => warnings.find((line) => line.includes(`Could not announce session ${session.id}`)),
      { what: 'the logged failure' },
    );
    expect(warning).toContain('HTTP 500');
    const [row] = (
      await stack.db.query<{ is_active: boolean }>(
        'SELECT is_active FROM sessions.sessions WHERE id = $1',
        [session.id],
      )
    ).rows;
    expect(row?.is_active).toBe(true);
    expect(chat.messages).toEqual([]);
  });
});
