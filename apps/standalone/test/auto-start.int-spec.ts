import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
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
  const logLines: string[] = [];

  beforeAll(async () => {
    // A poll interval far beyond the test, so only EventSub can start anything here.
    stack = await startTwitchSessionsStack({
      approvedLogins: ['auto_streamer', 'manual_streamer', 'toggler'],
      pollIntervalMs: 3_600_000,
    });
    const log = Logger.prototype.log;
    jest.spyOn(Logger.prototype, 'log').mockImplementation(function (this: Logger, ...args) {
      logLines.push(String(args[0]));
      log.apply(this, args);
    });
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await stack?.close();
  });

  it('starts "{username} Stream" when the stream goes online and stops it when it goes offline', async () => {
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
    await stack.control('POST', '/control/channels/auto_streamer/live');
    const session = await waitFor(() => firstActive(stack, user), {
      timeoutMs: 5_000,
      what: 'the auto-started session',
    });
    expect(session).toMatchObject({ name: 'auto_streamer Stream', isActive: true });
    expect(JSON.parse(session.keywords)).toEqual(['hello', 'hi']);

    await stack.control('POST', '/control/channels/auto_streamer/offline');
    await waitFor(async () => (await activeOf(stack, user)).length === 0, {
      timeoutMs: 5_000,
      what: 'the session to stop',
    });
    const after = await sessionsOf(stack, user);
    expect(after).toHaveLength(1);
    expect(after[0]?.endedAt).not.toBeNull();
  });

  it('creates nothing when a session is already active, and going offline leaves it running', async () => {
    const user = await stack.signIn('manual_streamer');
    const manual = await stack.request(SESSIONS_REQUESTS.createSession, {
      actor: user.actor,
      name: 'By hand',
    });
    await stack.updateSettings(user.id, { autoStartSessions: true });
    await waitFor(
      async () => (await enabledStreamSubscriptions(stack.emulator, user.twitchId)).length === 2,
      { what: 'the EventSub subscriptions' },
    );
    const skipped = () =>
      logLines.filter((line) => line.includes(`User ${user.id} went live with a session`)).length;
    await stack.control('POST', '/control/channels/manual_streamer/live');
    await waitFor(() => skipped() === 1, { what: 'the first online to be handled' });
    await stack.control('POST', '/control/channels/manual_streamer/offline');
    // One user's events are handled in order: once the second online is, the offline was.
    await stack.control('POST', '/control/channels/manual_streamer/live');
    await waitFor(() => skipped() === 2, { what: 'the second online to be handled' });
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
    await stack.updateSettings(user.id, { autoStartSessions: true });
    await stack.control('POST', '/control/channels/polled_streamer/live');
    const session = await waitFor(() => firstActive(stack, user), {
      timeoutMs: 5_000,
      what: 'the session started by the poll',
    });
    expect(session.name).toBe('polled_streamer Stream');
    await stack.control('POST', '/control/channels/polled_streamer/offline');
    await waitFor(async () => (await activeOf(stack, user)).length === 0, {
      timeoutMs: 5_000,
      what: 'the session stopped by the poll',
    });
    expect(await enabledStreamSubscriptions(stack.emulator, user.twitchId)).toEqual([]);
  });
});
