import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebSocket } from 'ws';
import { type TwitchEmulator } from '../src/index.js';
import { CLIENT, eventually, request, startTestEmulator, userWithToken } from './helpers.js';

interface Notification {
  type: string;
  event: Record<string, string>;
  /** What Helix streams answered for the broadcaster when the notification arrived. */
  helixLive: boolean | undefined;
}

let emulator: TwitchEmulator;
let streamer: { id: string; token: string };

const helix = (path: string) =>
  request(emulator, 'GET', `/helix/${path}`, undefined, {
    Authorization: `Bearer ${streamer.token}`,
    'Client-Id': CLIENT.clientId,
  });
const control = (method: string, path: string, body?: unknown) =>
  request(emulator, method, `/control/channels/flappy/${path}`, body);

async function liveStream(): Promise<Record<string, unknown> | undefined> {
  const answer = await helix(`streams?user_id=${streamer.id}`);
  return (answer.body as { data: Record<string, unknown>[] }).data[0];
}

async function channelInfo(): Promise<Record<string, unknown> | undefined> {
  const answer = await helix(`channels?broadcaster_id=${streamer.id}`);
  return (answer.body as { data: Record<string, unknown>[] }).data[0];
}

/** Subscribes a fresh EventSub connection to the streamer's online and offline events. */
async function watchStreams(): Promise<{ notifications: Notification[]; close(): void }> {
  const socket = new WebSocket(emulator.eventSubWsUrl);
  const notifications: Notification[] = [];
  let sessionId: string | undefined;
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as {
      metadata: { message_type: string; subscription_type?: string };
      payload: { session?: { id: string }; event?: Record<string, string> };
    };
    if (message.metadata.message_type === 'session_welcome')
      sessionId = message.payload.session?.id;
    if (message.metadata.message_type !== 'notification') return;
    const entry: Notification = {
      type: message.metadata.subscription_type ?? '',
      event: message.payload.event ?? {},
      helixLive: undefined,
    };
    notifications.push(entry);
    // Helix is asked as soon as the event arrives: it must already agree.
    void liveStream().then((stream) => (entry.helixLive = stream !== undefined));
  });
  await eventually(() => expect(sessionId).toBeDefined());
  for (const type of ['stream.online', 'stream.offline']) {
    const created = await request(
      emulator,
      'POST',
      '/helix/eventsub/subscriptions',
      {
        type,
        version: '1',
        condition: { broadcaster_user_id: streamer.id },
        transport: { method: 'websocket', session_id: sessionId },
      },
      { Authorization: `Bearer ${streamer.token}`, 'Client-Id': CLIENT.clientId },
    );
    expect(created.status).toBe(202);
  }
  return { notifications, close: () => socket.close() };
}

beforeAll(async () => {
  emulator = await startTestEmulator();
  streamer = await userWithToken(emulator, 'flappy');
});
afterAll(() => emulator.close());

describe('channel information', () => {
  it('answers Get Channel Information with Twitch’s fields, leaving unknown ids out', async () => {
    const answer = await helix(`channels?broadcaster_id=${streamer.id}&broadcaster_id=999999`);
    expect(answer.status).toBe(200);
    const data = (answer.body as { data: Record<string, unknown>[] }).data;
    expect(data).toHaveLength(1);
    expect(Object.keys(data[0] ?? {})).toEqual([
      'broadcaster_id',
      'broadcaster_login',
      'broadcaster_name',
      'broadcaster_language',
      'game_id',
      'game_name',
      'title',
      'delay',
      'tags',
      'content_classification_labels',
      'is_branded_content',
    ]);
    expect(data[0]).toMatchObject({ broadcaster_id: streamer.id, broadcaster_login: 'flappy' });
    expect((await helix('channels')).status).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, i) => `broadcaster_id=${i}`).join('&');
    expect((await helix(`channels?${tooMany}`)).status).toBe(400);
    const anonymous = await request(emulator, 'GET', `/helix/channels?broadcaster_id=1`);
    expect(anonymous.status).toBe(401);
  });

  it('keeps the title while offline and starts the next stream with it', async () => {
    const changed = await control('PATCH', 'info', {
      title: 'Speedrun later',
      gameName: 'Celeste',
    });
    expect(changed.body).toMatchObject({ live: false, info: { title: 'Speedrun later' } });
    expect(await channelInfo()).toMatchObject({ title: 'Speedrun later', game_name: 'Celeste' });

    const live = await control('POST', 'live', {});
    expect(live.body).toMatchObject({ stream: { title: 'Speedrun later', gameName: 'Celeste' } });
    expect(await liveStream()).toMatchObject({ title: 'Speedrun later', game_name: 'Celeste' });

    await control('PATCH', 'info', { title: 'Speedrun now' });
    expect(await liveStream()).toMatchObject({ title: 'Speedrun now' });
    await control('POST', 'offline');

    // A title given when going live is the channel's title from then on.
    await control('POST', 'live', { title: 'Late night' });
    expect(await channelInfo()).toMatchObject({ title: 'Late night' });
    await control('POST', 'offline');
    expect(await channelInfo()).toMatchObject({ title: 'Late night' });
  });

  it('refuses empty or malformed changes', async () => {
    expect((await control('PATCH', 'info', {})).status).toBe(400);
    expect((await control('PATCH', 'info', { title: 7 })).status).toBe(400);
    expect((await control('PATCH', 'info', { language: 'English' })).status).toBe(400);
    expect((await control('PATCH', 'info', { tags: ['x'.repeat(26)] })).status).toBe(400);
  });
});

describe('stream flaps', () => {
  it('drops the stream at once and brings it back with a new id and the current title', async () => {
    const watcher = await watchStreams();
    const first = (await control('POST', 'live', { title: 'Before the drop' })).body as {
      stream: { id: string };
    };
    await eventually(() => expect(watcher.notifications).toHaveLength(1));

    const started = Date.now();
    const flap = await control('POST', 'flap', { offlineMs: 600 });
    expect(Date.now() - started).toBeLessThan(500);
    expect(flap.status).toBe(202);
    const times = flap.body as { offlineAt: string; onlineAt: string; streamId: string };
    expect(Date.parse(times.onlineAt) - Date.parse(times.offlineAt)).toBe(600);
    expect(times.streamId).not.toBe(first.stream.id);
    expect(await liveStream()).toBeUndefined();

    // Asked again while pending: the same flap, neither stretched nor doubled.
    const again = await control('POST', 'flap', { offlineMs: 5_000 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ ...times, alreadyPending: true });
    await control('PATCH', 'info', { title: 'After the drop' });

    await eventually(() => expect(watcher.notifications).toHaveLength(3), 3_000);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(times.onlineAt));
    expect(watcher.notifications.map((n) => n.type)).toEqual([
      'stream.online',
      'stream.offline',
      'stream.online',
    ]);
    expect(watcher.notifications[2]?.event).toMatchObject({
      id: times.streamId,
      broadcaster_user_id: streamer.id,
      type: 'live',
    });
    expect(await liveStream()).toMatchObject({ id: times.streamId, title: 'After the drop' });
    await eventually(() =>
      expect(watcher.notifications.map((n) => n.helixLive)).toEqual([true, false, true]),
    );
    await control('POST', 'offline');
    watcher.close();
  });

  it('is cancelled by a DELETE or by the stream ending, and refused while offline', async () => {
    expect((await control('POST', 'flap', { offlineMs: 100 })).status).toBe(409);
    await control('POST', 'live');
    await control('POST', 'flap', { offlineMs: 200 });
    expect((await control('DELETE', 'flap')).body).toEqual({ cancelled: true, live: false });
    expect((await control('DELETE', 'flap')).body).toEqual({ cancelled: false, live: false });

    await control('POST', 'live');
    await control('POST', 'flap', { offlineMs: 200 });
    await control('POST', 'offline');
    const info = await control('GET', 'info');
    expect(info.body).toMatchObject({ live: false, flap: null });
    // Past the would-be return: the channel stayed offline.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await liveStream()).toBeUndefined();
  });
});
