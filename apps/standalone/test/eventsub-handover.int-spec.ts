import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
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
describe('auto-start across an EventSub handover', () => {
  let stack: TwitchSessionsStack;

  beforeAll(async () => {
    // A poll interval far beyond the test, so every action here comes from EventSub.
    stack = await startTwitchSessionsStack({
      approvedLogins: ['handover_streamer'],
      pollIntervalMs: 3_600_000,
    });
  });

  afterAll(async () => {
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
    await stack.updateSettings(user.id, { autoStartSessions: true });
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
});
