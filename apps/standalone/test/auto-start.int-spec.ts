import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SESSIONS_REQUESTS, type SessionDto } from '@greetboard/contracts';
import { freePort, waitFor } from '@greetboard/testing';
import {
  enabledStreamSubscriptions,
  startTwitchSessionsStack,
  type SignedInUser,
  type TwitchSessionsStack,
} from './twitch-sessions-stack.js';

async function sessionsOf(stack: TwitchSessionsStack, user: SignedInUser): Promise<SessionDto[]> {
  const all = await stack.request(SESSIONS_REQUESTS.listSessions, { actor: user.actor });
  return all.filter((session) => session.userId === user.id);
}

const activeOf = async (stack: TwitchSessionsStack, user: SignedInUser) =>
  (await sessionsOf(stack, user)).filter((session) => session.isActive);

const firstActive = async (stack: TwitchSessionsStack, user: SignedInUser) =>
  (await activeOf(stack, user))[0];

describe('auto-start over EventSub', () => {
  let stack: TwitchSessionsStack;

  beforeAll(async () => {
    // A poll interval far beyond the test: after the first look at each stream, only EventSub
    // moves anything here.
    stack = await startTwitchSessionsStack({
      approvedLogins: ['auto_streamer', 'flapper', 'manual_streamer', 'toggler'],
      pollIntervalMs: 3_600_000,
    });
  });

  afterAll(async () => {
    await stack?.close();
  });

  const today = () => new Date().toISOString().slice(0, 10);

  it('starts a session named after the stream, which waits for it through a flap', async () => {
    const user = await stack.signIn('auto_streamer');
    await stack.updateSettings(user.id, {
      autoStartSessions: true,
      defaultKeywords: JSON.stringify(['hello', 'hi']),
    });
    await waitFor(
      async () =>
        (await enabledStreamSubscriptions(stack.emulator, user.twitchId)).join() ===
        'stream.offline,stream.online',
      { what: 'the EventSub subscriptions' },
    );
    await stack.control('POST', '/control/channels/auto_streamer/live', { title: 'Chill Monday' });
    const session = await waitFor(() => firstActive(stack, user), {
      timeoutMs: 5_000,
      what: 'the auto-started session',
    });
    expect(session).toMatchObject({
      name: `Chill Monday — ${today()}`,
      isActive: true,
      startedBy: 'auto',
      stream: { live: true, title: 'Chill Monday', stopsAt: null },
    });
    expect(JSON.parse(session.keywords)).toEqual(['hello', 'hi']);

    // Offline: the session waits for the stream (the default grace is 10 minutes).
    await stack.control('POST', '/control/channels/auto_streamer/offline');
    const waiting = await waitFor(
      async () => {
        const current = await firstActive(stack, user);
        return current?.stream?.live === false ? current : undefined;
      },
      { timeoutMs: 5_000, what: 'the session to note the stream offline' },
    );
    expect(waiting.id).toBe(session.id);
    const grace = Date.parse(waiting.stream!.stopsAt!) - Date.parse(waiting.stream!.since);
    expect(grace).toBe(10 * 60_000);

    // Back within the grace: the same session goes on.
    await stack.control('POST', '/control/channels/auto_streamer/live', { title: 'Chill Monday' });
    const continued = await waitFor(
      async () => {
        const current = await firstActive(stack, user);
        return current?.stream?.live === true ? current : undefined;
      },
      { timeoutMs: 5_000, what: 'the session to go on' },
    );
    expect(continued).toMatchObject({ id: session.id, stream: { stopsAt: null } });
    expect(await sessionsOf(stack, user)).toHaveLength(1);
  });

  it('stops after the grace; the next stream starts a new session named after its title', async () => {
    const user = await stack.signIn('flapper');
    await stack.updateSettings(user.id, { autoStartSessions: true, autoStartGraceMinutes: 0 });
    await waitFor(
      async () => (await enabledStreamSubscriptions(stack.emulator, user.twitchId)).length === 2,
      { what: 'the EventSub subscriptions' },
    );
    await stack.control('POST', '/control/channels/flapper/live', { title: 'Part one' });
    const first = await waitFor(() => firstActive(stack, user), { what: 'the first session' });
    await stack.control('POST', '/control/channels/flapper/offline');
    await waitFor(async () => (await activeOf(stack, user)).length === 0, {
      timeoutMs: 5_000,
      what: 'the session to stop',
    });
    await stack.control('POST', '/control/channels/flapper/live', { title: 'Part two' });
    const second = await waitFor(() => firstActive(stack, user), { what: 'the second session' });
    expect(second.id).not.toBe(first.id);
    expect(second.name).toBe(`Part two — ${today()}`);
  });

  it('follows the stream of a session started by hand, which never stops with it', async () => {
    const user = await stack.signIn('manual_streamer');
    const manual = await stack.request(SESSIONS_REQUESTS.createSession, {
      actor: user.actor,
      name: 'By hand',
    });
    // Auto-start off: the owner of a running session is watched all the same.
    await waitFor(
      async () => (await enabledStreamSubscriptions(stack.emulator, user.twitchId)).length === 2,
      { what: 'the EventSub subscriptions' },
    );
    await stack.control('POST', '/control/channels/manual_streamer/live', { title: 'Hello' });
    await waitFor(async () => (await firstActive(stack, user))?.stream?.live === true, {
      what: 'the stream noted live',
    });
    await stack.updateSettings(user.id, { autoStartSessions: true });
    await stack.control('POST', '/control/channels/manual_streamer/offline');
    const offline = await waitFor(
      async () => {
        const current = await firstActive(stack, user);
        return current?.stream?.live === false ? current : undefined;
      },
      { what: 'the stream noted offline' },
    );
    expect(offline).toMatchObject({ id: manual.id, isActive: true, stream: { stopsAt: null } });
    await stack.control('POST', '/control/channels/manual_streamer/live', { title: 'Again' });
    await waitFor(async () => (await firstActive(stack, user))?.stream?.title === 'Again', {
      what: 'the stream noted live again',
    });
    const sessions = await sessionsOf(stack, user);
    expect(sessions.map((session) => [session.id, session.isActive])).toEqual([[manual.id, true]]);
  });

  it('closes the watch when the setting is turned off', async () => {
    const user = await stack.signIn('toggler');
    await stack.updateSettings(user.id, { autoStartSessions: true });
    await waitFor(
      async () => (await enabledStreamSubscriptions(stack.emulator, user.twitchId)).length === 2,
      { what: 'the EventSub subscriptions' },
    );
    await stack.updateSettings(user.id, { autoStartSessions: false });
    await waitFor(
      async () => (await enabledStreamSubscriptions(stack.emulator, user.twitchId)).length === 0,
      { what: 'the EventSub connection to close' },
    );
  });
});

describe('auto-start by polling Helix when EventSub is unreachable', () => {
  let stack: TwitchSessionsStack;

  beforeAll(async () => {
    // Nothing listens on this port: every EventSub connection fails and the poll takes over.
    const closedPort = await freePort();
    stack = await startTwitchSessionsStack({
      approvedLogins: ['polled_streamer'],
      eventSubUrl: `ws://127.0.0.1:${closedPort}/eventsub`,
      pollIntervalMs: 200,
    });
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('starts and stops the session from the streams poll', async () => {
    const user = await stack.signIn('polled_streamer');
    await stack.updateSettings(user.id, { autoStartSessions: true, autoStartGraceMinutes: 0 });
    await stack.control('POST', '/control/channels/polled_streamer/live', { title: 'Polled' });
    const session = await waitFor(() => firstActive(stack, user), {
      timeoutMs: 5_000,
      what: 'the session started by the poll',
    });
    expect(session.name).toBe(`Polled — ${new Date().toISOString().slice(0, 10)}`);
    await stack.control('POST', '/control/channels/polled_streamer/offline');
    await waitFor(async () => (await activeOf(stack, user)).length === 0, {
      timeoutMs: 5_000,
      what: 'the session stopped by the poll',
    });
    expect(await enabledStreamSubscriptions(stack.emulator, user.twitchId)).toEqual([]);
  });
});
