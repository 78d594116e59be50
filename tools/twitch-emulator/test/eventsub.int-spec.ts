import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebSocket } from 'ws';
import { type TwitchEmulator } from '../src/index.js';
import { CLIENT, eventually, request, startTestEmulator } from './helpers.js';

interface EventSubMessage {
  metadata: { message_type: string; subscription_type?: string; message_id: string };
  payload: {
    session?: { id: string; keepalive_timeout_seconds: number; status: string };
    subscription?: { id: string; type: string; status: string };
    event?: Record<string, string>;
  };
}

/** An EventSub WebSocket client that records every message it receives. */
async function connectEventSub(
  url: string,
): Promise<{ socket: WebSocket; messages: EventSubMessage[] }> {
  const socket = new WebSocket(url);
  const messages: EventSubMessage[] = [];
  socket.on('message', (data: Buffer) =>
    messages.push(JSON.parse(data.toString()) as EventSubMessage),
  );
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  await eventually(() => expect(messages[0]?.metadata.message_type).toBe('session_welcome'));
  return { socket, messages };
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
});
