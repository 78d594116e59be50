import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type TwitchEmulator } from '../src/index.js';
import {
  CLIENT,
  login,
  RawIrcClient,
  request,
  startTestEmulator,
  userWithToken,
} from './helpers.js';

let emulator: TwitchEmulator;
let streamer: { id: string; token: string };

function helix(
  method: string,
  path: string,
  token: string,
  body?: unknown,
  clientId = CLIENT.clientId,
) {
  return request(emulator, method, `/helix/${path}`, body, {
    Authorization: `Bearer ${token}`,
    'Client-Id': clientId,
  });
}

beforeAll(async () => {
  emulator = await startTestEmulator({ helixRateLimitPerMinute: 30 });
  streamer = await userWithToken(emulator, 'helix_streamer', [
    'chat:read',
    'user:write:chat',
    'user:read:email',
    'moderator:manage:announcements',
  ]);
});
afterAll(() => emulator.close());

describe('Helix', () => {
  it('returns the token user, users by id and login, and email only with user:read:email', async () => {
    const own = await helix('GET', 'users', streamer.token);
    expect(own.status).toBe(200);
    const [user] = (own.body as { data: Record<string, unknown>[] }).data;
    expect(Object.keys(user ?? {})).toEqual([
      'id',
      'login',
      'display_name',
      'type',
      'broadcaster_type',
      'description',
      'profile_image_url',
      'offline_image_url',
      'view_count',
      'email',
      'created_at',
    ]);
    expect(user).toMatchObject({
      id: streamer.id,
      login: 'helix_streamer',
      email: 'helix_streamer@users.emulator.invalid',
    });

    const other = await userWithToken(emulator, 'helix_other', ['chat:read']);
    const both = await helix(
      'GET',
      `users?id=${other.id}&login=helix_streamer&login=helix_other`,
      other.token,
    );
    const data = (both.body as { data: Record<string, unknown>[] }).data;
    expect(data.map((entry) => entry.login).sort()).toEqual(['helix_other', 'helix_streamer']);
    expect(data.every((entry) => !('email' in entry))).toBe(true);

    const tooMany = await helix(
      'GET',
      `users?${Array.from({ length: 101 }, (_, i) => `id=${i}`).join('&')}`,
      streamer.token,
    );
    expect(tooMany).toMatchObject({ status: 400, body: { error: 'Bad Request', status: 400 } });
  });

  it('rejects missing tokens, mismatched client ids and missing scopes in Twitch error shape', async () => {
    const missing = await request(emulator, 'GET', '/helix/users', undefined, {
      'Client-Id': CLIENT.clientId,
    });
    expect(missing).toMatchObject({
      status: 401,
      body: { error: 'Unauthorized', status: 401, message: 'OAuth token is missing' },
    });
    const mismatch = await helix('GET', 'users', streamer.token, undefined, 'someotherclient');
    expect(mismatch.body).toEqual({
      error: 'Unauthorized',
      status: 401,
      message: 'Client ID and OAuth token do not match',
    });
    const reader = await userWithToken(emulator, 'helix_reader', ['chat:read']);
    const noScope = await helix('POST', 'chat/messages', reader.token, {
      broadcaster_id: streamer.id,
      sender_id: reader.id,
      message: 'hi',
    });
    expect(noScope.body).toEqual({
      error: 'Unauthorized',
      status: 401,
      message: 'Missing scope: user:write:chat',
    });
  });

  it('lists live streams from the control API', async () => {
    expect((await helix('GET', 'streams?user_login=helix_streamer', streamer.token)).body).toEqual({
      data: [],
      pagination: {},
    });
    await request(emulator, 'POST', '/control/channels/helix_streamer/live', {
      title: 'Testing',
      viewerCount: 7,
    });
    const live = (await helix('GET', `streams?user_id=${streamer.id}`, streamer.token)).body as {
      data: Record<string, unknown>[];
    };
    expect(live.data[0]).toMatchObject({
      user_id: streamer.id,
      user_login: 'helix_streamer',
      user_name: 'helix_streamer',
      type: 'live',
      title: 'Testing',
      viewer_count: 7,
      game_name: 'Just Chatting',
      language: 'en',
      is_mature: false,
    });
    await request(emulator, 'POST', '/control/channels/helix_streamer/offline');
    expect((await helix('GET', 'streams', streamer.token)).body).toEqual({
      data: [],
      pagination: {},
    });
  });

  it('sends chat messages and announcements into IRC', async () => {
    const client = await RawIrcClient.tcp(emulator);
    await login(client);
    client.send('JOIN #helix_streamer');
    await client.waitForLine((line) => line.includes('ROOMSTATE'));

    const sent = await helix('POST', 'chat/messages', streamer.token, {
      broadcaster_id: streamer.id,
      sender_id: streamer.id,
      message: 'hello from helix',
    });
    const messageId = (sent.body as { data: { message_id: string; is_sent: boolean }[] }).data[0];
    expect(messageId).toMatchObject({ is_sent: true });
    const line = await client.waitForLine((received) =>
      received.endsWith('PRIVMSG #helix_streamer :hello from helix'),
    );
    expect(line).toContain(`;id=${messageId?.message_id};`);
    expect(line).toContain('badges=broadcaster/1;');

    const announced = await helix(
      'POST',
      `chat/announcements?broadcaster_id=${streamer.id}&moderator_id=${streamer.id}`,
      streamer.token,
      { message: 'big news', color: 'purple' },
    );
    expect(announced.status).toBe(204);
    const notice = await client.waitForLine((received) => received.includes('USERNOTICE'));
    expect(notice).toMatch(
      /;msg-id=announcement;msg-param-color=PURPLE;.* :tmi\.twitch\.tv USERNOTICE #helix_streamer :big news$/,
    );
    client.close();
  });

  it('sends rate limit headers, 429s when the bucket is spent and obeys injected faults', async () => {
    const response = await helix('GET', 'users', streamer.token);
    expect(Number(response.headers.get('ratelimit-limit'))).toBe(30);
    expect(Number(response.headers.get('ratelimit-remaining'))).toBeLessThan(30);
    expect(Number(response.headers.get('ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000 - 1);

    await request(emulator, 'POST', '/control/faults', { kind: 'helix-5xx', count: 1 });
    expect((await helix('GET', 'users', streamer.token)).status).toBe(500);
    expect((await helix('GET', 'users', streamer.token)).status).toBe(200);

    let last = response;
    for (let i = 0; i < 40 && last.status !== 429; i++)
      last = await helix('GET', 'users', streamer.token);
    expect(last.status).toBe(429);
    expect(last.body).toMatchObject({ error: 'Too Many Requests', status: 429 });
    expect(last.headers.get('ratelimit-remaining')).toBe('0');
  });
});

describe('images, as Twitch serves them', () => {
  it("serves each user's profile image and the known global emotes at the CDN's path", async () => {
    // The URL Helix users answers as profile_image_url (Helix itself is rate limited here).
    const avatar = await fetch(
      emulator.state.users.byLogin('helix_streamer')?.profileImageUrl ?? '',
    );
    expect([avatar.status, avatar.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);

    const emote = (id: string, theme: string) =>
      fetch(`${emulator.httpUrl}/emoticons/v2/${id}/default/${theme}/1.0`);
    const kappa = await emote('25', 'dark');
    expect([kappa.status, kappa.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
    expect(await kappa.text()).toContain('>Ka<');
    expect((await emote('9', 'light')).status).toBe(200);
    // An id the emulator does not know answers 404, as the CDN does: screens show the code.
    expect((await emote('99999999', 'dark')).status).toBe(404);
  });
});
