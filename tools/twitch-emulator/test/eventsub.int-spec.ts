import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebSocket } from 'ws';
import { type TwitchEmulator } from '../src/index.js';
import { CLIENT, eventually, request, startTestEmulator } from './helpers.js';

interface EventSubMessage {
  metadata: { message_type: string; subscription_type?: string; message_id: string };
  payload: {
    session?: {
      id: string;
      keepalive_timeout_seconds: number | null;
      status: string;
      reconnect_url: string | null;
    };
    subscription?: {
      id: string;
      type: string;
      status: string;
      condition: Record<string, string>;
      transport: { method: string; session_id: string };
    };
    event?: Record<string, string>;
  };
}

interface EventSubClient {
  socket: WebSocket;
  messages: EventSubMessage[];
  /** Resolves with the close code once the server closes the connection. */
  closed: Promise<number>;
}

/** An EventSub WebSocket client that records every message it receives. */
async function connectEventSub(url: string, welcomed = true): Promise<EventSubClient> {
  const socket = new WebSocket(url);
  const messages: EventSubMessage[] = [];
  socket.on('message', (data: Buffer) =>
    messages.push(JSON.parse(data.toString()) as EventSubMessage),
  );
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  if (welcomed)
    await eventually(() => expect(messages[0]?.metadata.message_type).toBe('session_welcome'));
  return { socket, messages, closed };
}

function ofType(messages: readonly EventSubMessage[], type: string): EventSubMessage[] {
  return messages.filter((message) => message.metadata.message_type === type);
}

describe('EventSub over WebSocket', () => {
  let emulator: TwitchEmulator;
  let userToken: string;
  let appToken: string;
  let streamerId: string;

  const helix = (method: string, path: string, token: string, body?: unknown) =>
    request(emulator, method, path, body, {
      Authorization: `Bearer ${token}`,
      'Client-Id': CLIENT.clientId,
    });

  beforeAll(async () => {
    emulator = await startTestEmulator();
    const streamer = await request(emulator, 'POST', '/control/users', { login: 'live_streamer' });
    streamerId = (streamer.body as { id: string }).id;
    const issued = await request(emulator, 'POST', '/control/tokens', {
      login: 'live_streamer',
      scopes: ['chat:read'],
    });
    userToken = (issued.body as { access_token: string }).access_token;
    const app = await fetch(`${emulator.httpUrl}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: CLIENT.clientId,
        client_secret: CLIENT.clientSecret,
        grant_type: 'client_credentials',
      }),
    });
    appToken = ((await app.json()) as { access_token: string }).access_token;
  });

  afterAll(async () => {
    await emulator.close();
  });

  it('welcomes, subscribes and delivers stream.online and stream.offline notifications', async () => {
    const { socket, messages } = await connectEventSub(emulator.eventSubWsUrl);
    const session = messages[0]?.payload.session;
    expect(session).toMatchObject({ status: 'connected', keepalive_timeout_seconds: 10 });

    for (const type of ['stream.online', 'stream.offline']) {
      const created = await helix('POST', '/helix/eventsub/subscriptions', userToken, {
        type,
        version: '1',
        condition: { broadcaster_user_id: streamerId },
        transport: { method: 'websocket', session_id: session?.id },
      });
      expect(created.status).toBe(202);
      expect(created.body).toMatchObject({ data: [{ type, status: 'enabled' }] });
    }

    expect(
      (await request(emulator, 'POST', '/control/channels/live_streamer/live', {})).status,
    ).toBe(200);
    await eventually(() =>
      expect(messages.some((m) => m.metadata.message_type === 'notification')).toBe(true),
    );
    const online = messages.find((m) => m.metadata.subscription_type === 'stream.online');
    expect(online?.payload.event).toMatchObject({
      broadcaster_user_id: streamerId,
      broadcaster_user_login: 'live_streamer',
      type: 'live',
    });

    await request(emulator, 'POST', '/control/channels/live_streamer/offline', {});
    await eventually(() =>
      expect(messages.some((m) => m.metadata.subscription_type === 'stream.offline')).toBe(true),
    );
    socket.close();
  });

  it('refuses bad subscriptions with Twitch error bodies', async () => {
    const { socket, messages } = await connectEventSub(emulator.eventSubWsUrl);
    const sessionId = messages[0]?.payload.session?.id;
    const subscribe = (token: string, body: unknown) =>
      helix('POST', '/helix/eventsub/subscriptions', token, body);
    const valid = {
      type: 'stream.online',
      version: '1',
      condition: { broadcaster_user_id: streamerId },
      transport: { method: 'websocket', session_id: sessionId },
    };

    const withAppToken = await subscribe(appToken, valid);
    expect(withAppToken.status).toBe(400);
    expect(withAppToken.body).toMatchObject({ error: 'Bad Request', status: 400 });
    expect((await subscribe(userToken, { ...valid, type: 'channel.follow' })).status).toBe(400);
    expect(
      (
        await subscribe(userToken, {
          ...valid,
          transport: { method: 'websocket', session_id: 'nope' },
        })
      ).status,
    ).toBe(400);
    expect((await subscribe(userToken, valid)).status).toBe(202);
    expect((await subscribe(userToken, valid)).status).toBe(409);
    const missingToken = await request(emulator, 'POST', '/helix/eventsub/subscriptions', valid, {
      'Client-Id': CLIENT.clientId,
    });
    expect(missingToken.status).toBe(401);
    socket.close();
  });

  it('ends a connection’s subscriptions when it closes', async () => {
    const { socket, messages } = await connectEventSub(emulator.eventSubWsUrl);
    const sessionId = messages[0]?.payload.session?.id;
    await helix('POST', '/helix/eventsub/subscriptions', userToken, {
      type: 'stream.online',
      version: '1',
      condition: { broadcaster_user_id: streamerId },
      transport: { method: 'websocket', session_id: sessionId },
    });
    const listed = async () =>
      (
        (await helix('GET', '/helix/eventsub/subscriptions', userToken)).body as {
          data: { transport: { session_id: string } }[];
        }
      ).data.filter((s) => s.transport.session_id === sessionId);
    expect(await listed()).toHaveLength(1);
    socket.close();
    await eventually(async () => expect(await listed()).toHaveLength(0));
  });

  describe('faults', () => {
    const subscribe = async (
      sessionId: string,
      type = 'stream.online',
      broadcasterId = streamerId,
    ) => {
      const created = await helix('POST', '/helix/eventsub/subscriptions', userToken, {
        type,
        version: '1',
        condition: { broadcaster_user_id: broadcasterId },
        transport: { method: 'websocket', session_id: sessionId },
      });
      expect(created.status).toBe(202);
      return (created.body as { data: { id: string }[] }).data[0]?.id ?? '';
    };
    const listed = async (sessionId: string) =>
      (
        (await helix('GET', '/helix/eventsub/subscriptions', userToken)).body as {
          data: { id: string; type: string; transport: { session_id: string } }[];
        }
      ).data.filter((s) => s.transport.session_id === sessionId);
    const fault = (body: object) => request(emulator, 'POST', '/control/faults', body);
    const toggleLive = async (channel = 'live_streamer') => {
      await request(emulator, 'POST', `/control/channels/${channel}/live`, {});
      await request(emulator, 'POST', `/control/channels/${channel}/offline`, {});
    };

    it('hands the subscriptions over to a new session at the reconnect_url, then closes the old connection', async () => {
      const old = await connectEventSub(emulator.eventSubWsUrl);
      const sessionId = old.messages[0]?.payload.session?.id ?? '';
      const subscriptionId = await subscribe(sessionId);

      const told = await fault({ kind: 'eventsub-reconnect', sessionId });
      expect(told.body).toMatchObject({ sessionIds: [sessionId], graceMs: 30_000 });
      await eventually(() => expect(ofType(old.messages, 'session_reconnect')).toHaveLength(1));
      const reconnect = ofType(old.messages, 'session_reconnect')[0]?.payload.session;
      expect(reconnect).toMatchObject({
        id: sessionId,
        status: 'reconnecting',
        keepalive_timeout_seconds: null,
      });
      const reconnectUrl = reconnect?.reconnect_url ?? '';
      expect(reconnectUrl.startsWith(`${emulator.eventSubWsUrl}?`)).toBe(true);

      // Until the client is welcomed on the new URL, the old connection still gets events.
      await request(emulator, 'POST', '/control/channels/live_streamer/live', {});
      await eventually(() =>
        expect(old.messages.some((m) => m.metadata.subscription_type === 'stream.online')).toBe(
          true,
        ),
      );

      const moved = await connectEventSub(reconnectUrl);
      const newSessionId = moved.messages[0]?.payload.session?.id ?? '';
      expect(moved.messages[0]?.payload.session).toMatchObject({
        status: 'connected',
        reconnect_url: null,
      });
      expect(newSessionId).not.toBe(sessionId);
      expect(await old.closed).toBe(1000);
      expect(await listed(sessionId)).toEqual([]);
      expect((await listed(newSessionId)).map((s) => s.id)).toEqual([subscriptionId]);
      const oldCount = old.messages.length;
      await request(emulator, 'POST', '/control/channels/live_streamer/offline', {});
      await request(emulator, 'POST', '/control/channels/live_streamer/live', {});
      await eventually(() =>
        expect(moved.messages.some((m) => m.metadata.subscription_type === 'stream.online')).toBe(
          true,
        ),
      );
      expect(old.messages).toHaveLength(oldCount);
      const inspected = (await request(emulator, 'GET', '/control/eventsub')).body as {
        data: { id: string; connected: boolean; reconnecting: boolean }[];
      };
      expect(inspected.data.some((session) => session.id === sessionId)).toBe(false);
      expect(inspected.data.find((session) => session.id === newSessionId)).toMatchObject({
        connected: true,
        reconnecting: false,
      });
      await request(emulator, 'POST', '/control/channels/live_streamer/offline', {});
      moved.socket.close();
    });

    it('holds the events for a client that closes the old connection before moving', async () => {
      const old = await connectEventSub(emulator.eventSubWsUrl);
      const sessionId = old.messages[0]?.payload.session?.id ?? '';
      const subscriptionId = await subscribe(sessionId);
      await subscribe(sessionId, 'stream.offline');
      await fault({ kind: 'eventsub-reconnect', sessionId });
      await eventually(() => expect(ofType(old.messages, 'session_reconnect')).toHaveLength(1));
      old.socket.close();
      await old.closed;
      expect((await listed(sessionId)).map((s) => s.id)).toContain(subscriptionId);
      // Produced while the client has no connection at all: not to be lost.
      await toggleLive();
      const url = ofType(old.messages, 'session_reconnect')[0]?.payload.session?.reconnect_url;
      const moved = await connectEventSub(url ?? '');
      expect(moved.messages[0]?.payload.session?.id).not.toBe(sessionId);
      await eventually(() =>
        expect(
          ofType(moved.messages, 'notification').map((m) => m.metadata.subscription_type),
        ).toEqual(['stream.online', 'stream.offline']),
      );
      expect(ofType(old.messages, 'notification')).toEqual([]);
      moved.socket.close();
    });

    it('redelivers what the old connection was sent meanwhile, with the same message ids', async () => {
      const old = await connectEventSub(emulator.eventSubWsUrl);
      const sessionId = old.messages[0]?.payload.session?.id ?? '';
      await subscribe(sessionId);
      await fault({ kind: 'eventsub-reconnect', sessionId, redeliver: true });
      await eventually(() => expect(ofType(old.messages, 'session_reconnect')).toHaveLength(1));
      await toggleLive();
      await eventually(() => expect(ofType(old.messages, 'notification')).toHaveLength(1));
      const url = ofType(old.messages, 'session_reconnect')[0]?.payload.session?.reconnect_url;
      const moved = await connectEventSub(url ?? '');
      await eventually(() => expect(ofType(moved.messages, 'notification')).toHaveLength(1));
      expect(ofType(moved.messages, 'notification')[0]?.metadata.message_id).toBe(
        ofType(old.messages, 'notification')[0]?.metadata.message_id,
      );
      expect(await old.closed).toBe(1000);
      moved.socket.close();
    });

    it('closes with 4004 and ends the session when the client does not move in time', async () => {
      const old = await connectEventSub(emulator.eventSubWsUrl);
      const sessionId = old.messages[0]?.payload.session?.id ?? '';
      await subscribe(sessionId);
      await fault({ kind: 'eventsub-reconnect', sessionId, graceMs: 100 });
      expect(await old.closed).toBe(4004);
      expect(await listed(sessionId)).toEqual([]);
      const url = ofType(old.messages, 'session_reconnect')[0]?.payload.session?.reconnect_url;
      const late = await connectEventSub(url ?? '', false);
      expect(await late.closed).toBe(4007);
      expect(late.messages).toEqual([]);
    });

    it('answers 404 for an unknown session or subscription', async () => {
      expect((await fault({ kind: 'eventsub-reconnect', sessionId: 'nope' })).status).toBe(404);
      expect((await fault({ kind: 'eventsub-revocation', subscriptionId: 'nope' })).status).toBe(
        404,
      );
      expect((await fault({ kind: 'eventsub-revocation', login: 'nobody_known' })).status).toBe(
        404,
      );
    });

    it('revokes a subscription: the session is told why and Helix no longer lists it', async () => {
      // A broadcaster of its own, so that revoking by login meets no other test's subscriptions.
      const broadcaster = await request(emulator, 'POST', '/control/users', {
        login: 'revoked_streamer',
      });
      const broadcasterId = (broadcaster.body as { id: string }).id;
      const client = await connectEventSub(emulator.eventSubWsUrl);
      const sessionId = client.messages[0]?.payload.session?.id ?? '';
      const online = await subscribe(sessionId, 'stream.online', broadcasterId);
      const offline = await subscribe(sessionId, 'stream.offline', broadcasterId);

      const revoked = await fault({
        kind: 'eventsub-revocation',
        subscriptionId: online,
        status: 'user_removed',
      });
      expect(revoked.body).toMatchObject({ subscriptionIds: [online], status: 'user_removed' });
      await eventually(() => expect(ofType(client.messages, 'revocation')).toHaveLength(1));
      const revocation = ofType(client.messages, 'revocation')[0];
      expect(revocation?.metadata).toMatchObject({
        subscription_type: 'stream.online',
        subscription_version: '1',
      });
      expect(revocation?.payload.subscription).toMatchObject({
        id: online,
        status: 'user_removed',
        type: 'stream.online',
        condition: { broadcaster_user_id: broadcasterId },
        transport: { method: 'websocket', session_id: sessionId },
      });
      expect((await listed(sessionId)).map((s) => s.id)).toEqual([offline]);

      // The revoked subscription delivers nothing more; the other one still does.
      await toggleLive('revoked_streamer');
      await eventually(() =>
        expect(client.messages.some((m) => m.metadata.subscription_type === 'stream.offline')).toBe(
          true,
        ),
      );
      expect(ofType(client.messages, 'notification')).toHaveLength(1);

      const byLogin = await fault({ kind: 'eventsub-revocation', login: 'revoked_streamer' });
      expect(byLogin.body).toMatchObject({
        subscriptionIds: [offline],
        status: 'authorization_revoked',
      });
      await eventually(() => expect(ofType(client.messages, 'revocation')).toHaveLength(2));
      expect(await listed(sessionId)).toEqual([]);
      expect(client.socket.readyState).toBe(WebSocket.OPEN);
      client.socket.close();
    });
  });
});
