import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { SESSIONS_REQUESTS, type SessionDto } from '@greetboard/contracts';
import { waitFor } from '@greetboard/testing';
import {
  enabledStreamSubscriptions,
  startTwitchSessionsStack,
  type SignedInUser,
  type TwitchSessionsStack,
} from './twitch-sessions-stack.js';

interface EventSubSessionInfo {
  id: string;
  connected: boolean;
  reconnecting: boolean;
  subscriptions: { condition: { broadcaster_user_id: string } }[];
}

/**
 * Auto-start across an EventSub reconnect (ADR 0043): Twitch tells the client to move, keeps
 * sending on the old connection until the new one is welcomed, and may send again there what
 * it is unsure arrived. Every stream event must be acted on, and acted on once.
 */
describe('auto-start’s EventSub connection', () => {
  let stack: TwitchSessionsStack;
  const debugLines: string[] = [];

  beforeAll(async () => {
    // A poll interval far beyond the test, so every action here comes from EventSub.
    stack = await startTwitchSessionsStack({
      approvedLogins: ['handover_streamer', 'tokenless_streamer', 'chatty_streamer'],
      pollIntervalMs: 3_600_000,
      chatIngest: true,
    });
    jest.spyOn(Logger.prototype, 'debug').mockImplementation((message: unknown) => {
      debugLines.push(String(message));
    });
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await stack?.close();
  });

  const sessionsOf = async (user: SignedInUser): Promise<SessionDto[]> =>
    (await stack.request(SESSIONS_REQUESTS.listSessions, { actor: user.actor })).filter(
      (session) => session.userId === user.id,
    );

  const eventSubSessionsOf = async (user: SignedInUser): Promise<EventSubSessionInfo[]> => {
    const { data } = (await stack.control('GET', '/control/eventsub')) as {
      data: EventSubSessionInfo[];
    };
    return data.filter((session) =>
      session.subscriptions.some((s) => s.condition.broadcaster_user_id === user.twitchId),
    );
  };

  it('acts once on every stream event produced while the client moves to the reconnect_url', async () => {
    const user = await stack.signIn('handover_streamer');
    // No grace: each offline stops the session and each online starts one, so an event acted
    // on twice shows as a session too many or too few.
    await stack.updateSettings(user.id, { autoStartSessions: true, autoStartGraceMinutes: 0 });
    await waitFor(
      async () => (await enabledStreamSubscriptions(stack.emulator, user.twitchId)).length === 2,
      { what: 'the EventSub subscriptions' },
    );
    await stack.control('POST', '/control/channels/handover_streamer/live');
    const first = await waitFor(async () => (await sessionsOf(user)).find((s) => s.isActive), {
      what: 'the auto-started session',
    });
    const [before] = await eventSubSessionsOf(user);

    // In one tick, so that the stream drops and returns before the client can even read
    // session_reconnect: both events go to the old connection and, redelivered with their
    // message ids, again to the new one, where acting on them twice would stop the new
    // session and start a third.
    const { channels, eventSub, users } = stack.emulator.state;
    const broadcaster = users.byLogin('handover_streamer');
    if (!broadcaster || !before) throw new Error('the streamer has no EventSub session');
    const channel = channels.channel(broadcaster);
    expect(eventSub.reconnect(before.id, 30_000, { redeliver: true })).toEqual([before.id]);
    channels.goOffline(channel);
    channels.goLive(channel);

    const movedFrom = async (previous: string) => {
      const [moved] = await waitFor(
        async () => {
          const found = await eventSubSessionsOf(user);
          return found.length === 1 && found[0]?.id !== previous && !found[0]?.reconnecting
            ? found
            : undefined;
        },
        { what: 'the client on its new EventSub session' },
      );
      expect(moved).toMatchObject({ connected: true });
      expect(await enabledStreamSubscriptions(stack.emulator, user.twitchId)).toEqual([
        'stream.offline',
        'stream.online',
      ]);
      return moved?.id ?? '';
    };
    const startedAfter = (previous: readonly string[]) =>
      waitFor(
        async () => (await sessionsOf(user)).find((s) => s.isActive && !previous.includes(s.id)),
        { what: 'the session started when the stream came back' },
      );

    const second = await startedAfter([first.id]);
    const afterFirstMove = await movedFrom(before.id);

    // Without redelivery the old connection alone carries the events: a client that stops
    // reading it at session_reconnect loses them.
    expect(eventSub.reconnect(afterFirstMove, 30_000)).toEqual([afterFirstMove]);
    channels.goOffline(channel);
    channels.goLive(channel);
    const third = await startedAfter([first.id, second.id]);
    await movedFrom(afterFirstMove);

    // Sent after the redelivered events on the same connection: once this offline has stopped
    // the session, any duplicate before it would have been acted on too.
    await stack.control('POST', '/control/channels/handover_streamer/offline');
    await waitFor(async () => (await sessionsOf(user)).every((s) => !s.isActive), {
      what: 'the session to stop',
    });
    const sessions = await sessionsOf(user);
    expect(sessions.map((s) => s.id).sort()).toEqual([first.id, second.id, third.id].sort());
    expect(sessions.every((s) => s.endedAt !== null)).toBe(true);
  });

  it('waits without reconnecting while the user has no token, and resumes once there is one', async () => {
    const user = await stack.signIn('tokenless_streamer');
    const { rows } = await stack.db.query<Record<string, unknown>>(
      'DELETE FROM auth.twitch_tokens WHERE user_id = $1 RETURNING *',
      [user.id],
    );
    expect(rows).toHaveLength(1);
    await stack.updateSettings(user.id, { autoStartSessions: true });
    const ofUser = () => debugLines.filter((line) => line.includes(`for user ${user.id} `));
    await waitFor(() => ofUser().some((line) => line.includes('waits for a token')), {
      what: 'the connection to wait for a token',
    });

    // What a new sign-in stores; the watcher looks again within one tick (5 s).
    const row = rows[0] ?? {};
    await stack.db.query(
      `INSERT INTO auth.twitch_tokens
         (user_id, access_token, refresh_token, scopes, expires_at, validated_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        row.user_id,
        row.access_token,
        row.refresh_token,
        row.scopes,
        row.expires_at,
        row.validated_at,
      ],
    );
    await waitFor(
      async () => (await enabledStreamSubscriptions(stack.emulator, user.twitchId)).length === 2,
      { what: 'the EventSub subscriptions after the token came back' },
    );
    // One refused attempt, then nothing until the token was back: no retry was scheduled.
    expect(ofUser().filter((line) => line.includes('retrying'))).toEqual([]);
    await stack.control('POST', '/control/channels/tokenless_streamer/live');
    await waitFor(async () => (await sessionsOf(user)).some((s) => s.isActive), {
      what: 'the auto-started session',
    });
  });

  it('counts every chat line sent into the session while the client moves', async () => {
    const user = await stack.signIn('chatty_streamer');
    await stack.updateSettings(user.id, { autoStartSessions: true });
    await waitFor(
      async () => (await enabledStreamSubscriptions(stack.emulator, user.twitchId)).length === 2,
      { what: 'the EventSub subscriptions' },
    );
    await stack.control('POST', '/control/channels/chatty_streamer/live');
    const session = await waitFor(async () => (await sessionsOf(user)).find((s) => s.isActive), {
      what: 'the auto-started session',
    });
    await waitFor(() => stack.emulator.state.irc.joinedChannels().includes('chatty_streamer'), {
      what: 'chat-ingest in the channel',
    });
    let sent = 0;
    const chat = async (count: number) => {
      const messages = Array.from({ length: count }, () => ({
        login: `viewer_${sent % 7}`,
        text: `line ${++sent}`,
      }));
      await stack.control('POST', '/control/channels/chatty_streamer/messages', { messages });
    };
    const counted = async () =>
      Number(
        (
          await stack.db.query<{ lines: string }>(
            'SELECT COALESCE(SUM(message_count), 0) AS lines FROM sessions.chatters WHERE session_id = $1',
            [session.id],
          )
        ).rows[0]?.lines,
      );

    await chat(5);
    const [before] = await eventSubSessionsOf(user);
    await stack.control('POST', '/control/faults', {
      kind: 'eventsub-reconnect',
      sessionId: before?.id,
      redeliver: true,
    });
    // Not waiting for the move: these lines meet the client on its way to the reconnect_url.
    await chat(5);
    await waitFor(
      async () => {
        const found = await eventSubSessionsOf(user);
        return found.length === 1 && found[0]?.id !== before?.id && !found[0]?.reconnecting;
      },
      { what: 'the client on its new EventSub session' },
    );
    await chat(5);
    await waitFor(async () => (await counted()) === sent, {
      what: `all ${sent} lines counted in the session`,
    });
    const sessions = await sessionsOf(user);
    expect(sessions.map((s) => [s.id, s.isActive])).toEqual([[session.id, true]]);
  });
});
