import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { Logger } from '@nestjs/common';
import { type WebSocket as ServerSocket, WebSocketServer } from 'ws';
import type { StreamEventType } from '../twitch/twitch-client.js';
import { EventSubConnection } from './eventsub-connection.js';

/** Polls until the probe answers something truthy, or fails after 5 s naming what it awaited. */
async function waitFor<T>(probe: () => T, { what }: { what: string }): Promise<NonNullable<T>> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** One connection the fake EventSub server accepted. */
interface Accepted {
  socket: ServerSocket;
  url: string;
  closed: boolean;
}

/** A stand-in for Twitch's EventSub server on a loopback port; the test says what it sends. */
async function fakeEventSub() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  const accepted: Accepted[] = [];
  server.on('connection', (socket, request) => {
    const connection = { socket, url: request.url ?? '', closed: false };
    accepted.push(connection);
    socket.on('close', () => (connection.closed = true));
  });
  let messages = 0;
  const send = (to: Accepted, type: string, payload: object, extra: object = {}) =>
    to.socket.send(
      JSON.stringify({
        metadata: {
          message_id: `generated-${++messages}`,
          message_type: type,
          message_timestamp: new Date().toISOString(),
          ...extra,
        },
        payload,
      }),
    );
  return {
    url: `ws://127.0.0.1:${port}/ws`,
    accepted,
    welcome: (to: Accepted, sessionId: string) =>
      send(to, 'session_welcome', {
        session: { id: sessionId, status: 'connected', keepalive_timeout_seconds: 10 },
      }),
    reconnect: (to: Accepted, sessionId: string) =>
      send(to, 'session_reconnect', {
        session: {
          id: sessionId,
          status: 'reconnecting',
          keepalive_timeout_seconds: null,
          reconnect_url: `ws://127.0.0.1:${port}/ws?reconnect=${sessionId}`,
        },
      }),
    notify: (to: Accepted, type: StreamEventType, messageId: string) =>
      send(
        to,
        'notification',
        { event: { broadcaster_user_id: '1' } },
        { message_id: messageId, subscription_type: type, subscription_version: '1' },
      ),
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

type FakeEventSub = Awaited<ReturnType<typeof fakeEventSub>>;

const logger = { debug: () => undefined } as unknown as Logger;

describe('EventSubConnection', () => {
  let twitch: FakeEventSub;
  let connection: EventSubConnection | undefined;
  let events: StreamEventType[];
  let subscribed: string[];
  let tokenUsable: boolean;

  const start = () => {
    connection = new EventSubConnection({
      url: twitch.url,
      label: 'test',
      logger,
      subscribe: (sessionId) => {
        subscribed.push(sessionId);
        return Promise.resolve(tokenUsable);
      },
      onStreamEvent: (type) => events.push(type),
    });
    connection.start();
    return connection;
  };
  const nth = (index: number) =>
    waitFor(() => twitch.accepted[index], { what: `connection ${index + 1}` });

  beforeEach(async () => {
    twitch = await fakeEventSub();
    events = [];
    subscribed = [];
    tokenUsable = true;
  });

  afterEach(async () => {
    connection?.close();
    await twitch.close();
  });

  /** A connection welcomed as session-1 and subscribed. */
  const upAndSubscribed = async () => {
    const events = start();
    const first = await nth(0);
    twitch.welcome(first, 'session-1');
    await waitFor(() => events.up, { what: 'the subscription' });
    return { events, first };
  };

  it('keeps acting on the old socket until the reconnect_url welcomes it, then closes the old one', async () => {
    const { events: eventSub, first } = await upAndSubscribed();
    twitch.reconnect(first, 'session-1');
    const second = await nth(1);
    expect(second.url).toBe('/ws?reconnect=session-1');

    // Not welcomed on the new socket yet: the old one still carries the events.
    twitch.notify(first, 'stream.online', 'online-1');
    await waitFor(() => events.length === 1, { what: 'the event on the old socket' });
    expect(first.closed).toBe(false);
    expect(eventSub.up).toBe(true);

    twitch.welcome(second, 'session-2');
    await waitFor(() => first.closed, { what: 'the old socket to be closed' });
    expect(eventSub.up).toBe(true);
    twitch.notify(second, 'stream.offline', 'offline-1');
    await waitFor(() => events.length === 2, { what: 'the event on the new socket' });
    expect(events).toEqual(['stream.online', 'stream.offline']);
    // The subscriptions moved with the session: nothing is subscribed again.
    expect(subscribed).toEqual(['session-1']);
  });

  it('acts once on an event that arrives on both sockets', async () => {
    const { first } = await upAndSubscribed();
    twitch.reconnect(first, 'session-1');
    const second = await nth(1);
    twitch.notify(first, 'stream.online', 'online-1');
    twitch.welcome(second, 'session-2');
    twitch.notify(second, 'stream.online', 'online-1');
    twitch.notify(second, 'stream.offline', 'offline-1');
    await waitFor(() => events.includes('stream.offline'), { what: 'the last event' });
    expect(events).toEqual(['stream.online', 'stream.offline']);
  });

  it('stops reconnecting without a usable token until retryNow, which resumes it', async () => {
    tokenUsable = false;
    const eventSub = start();
    const first = await nth(0);
    twitch.welcome(first, 'session-1');
    await waitFor(() => eventSub.waitingForToken, { what: 'the refused subscription' });
    expect(eventSub.up).toBe(false);
    await waitFor(() => first.closed, { what: 'the socket to be closed' });
    // The backoff would reconnect after 1 s; absence can only be shown by waiting past that.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(twitch.accepted).toHaveLength(1);

    tokenUsable = true;
    eventSub.retryNow();
    const second = await nth(1);
    expect(eventSub.waitingForToken).toBe(false);
    twitch.welcome(second, 'session-2');
    await waitFor(() => eventSub.up, { what: 'the resumed subscription' });
    expect(subscribed).toEqual(['session-1', 'session-2']);
    // Connected already: another retryNow opens nothing.
    eventSub.retryNow();
    twitch.notify(second, 'stream.online', 'online-1');
    await waitFor(() => events.length === 1, { what: 'the event' });
    expect(twitch.accepted).toHaveLength(2);
  });

  it('falls back to a fresh connection when the old socket closes and the move fails', async () => {
    const { events: eventSub, first } = await upAndSubscribed();
    twitch.reconnect(first, 'session-1');
    const second = await nth(1);
    first.socket.close(4004, 'Reconnect grace time expired');
    // Mid-move: still up while the reconnect_url may welcome us.
    await waitFor(() => first.closed, { what: 'the old socket to close' });
    expect(eventSub.up).toBe(true);
    second.socket.close(4007, 'Invalid reconnect');
    await waitFor(() => !eventSub.up, { what: 'the connection to go down' });
    const third = await nth(2);
    expect(third.url).toBe('/ws');
    twitch.welcome(third, 'session-3');
    await waitFor(() => eventSub.up, { what: 'the fresh subscription' });
    expect(subscribed).toEqual(['session-1', 'session-3']);
  });
});
