import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import tmi from 'tmi.js';
import { type TwitchEmulator } from '../src/index.js';
import { CLIENT, eventually, REDIRECT_URI, request, startTestEmulator } from './helpers.js';

interface ClientInfo {
  id: string;
  nick: string;
  authenticated: boolean;
  channels: string[];
}

let emulator: TwitchEmulator;
let token: string;
const clients: tmi.Client[] = [];
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Signs emulator_streamer in through the real authorization code flow, as the product does. */
async function tokenThroughOAuth(): Promise<string> {
  const form = new URLSearchParams({
    client_id: CLIENT.clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'chat:read chat:edit',
    state: 'tmi',
    login: 'emulator_streamer',
    decision: 'authorize',
  });
  const consent = await fetch(`${emulator.httpUrl}/oauth2/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code') ?? '';
  const exchanged = await fetch(`${emulator.httpUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: CLIENT.clientId,
      client_secret: CLIENT.clientSecret,
      code,
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT_URI,
    }).toString(),
  });
  return ((await exchanged.json()) as { access_token: string }).access_token;
}

function newClient(identity?: { username: string; password: string }): tmi.Client {
  const client = new tmi.Client({
    options: { skipUpdatingEmotesets: true, skipMembership: false },
    connection: {
      server: '127.0.0.1',
      port: emulator.httpPort,
      secure: false,
      reconnect: true,
      reconnectInterval: 100,
    },
    identity,
    channels: ['#emulator_streamer'],
    logger: silent,
  });
  clients.push(client);
  return client;
}

function joined(client: tmi.Client): Promise<void> {
  return new Promise((resolve) => {
    client.on('join', (_channel, _user, self) => {
      if (self) resolve();
    });
  });
}

function nextMessage(client: tmi.Client, text: string): Promise<tmi.ChatUserstate> {
  return new Promise((resolve) => {
    client.on('message', (_channel, userstate, message) => {
      if (message === text) resolve(userstate);
    });
  });
}

async function inject(
  text: string,
  login = 'viewer_one',
  tags?: Record<string, string>,
): Promise<string> {
  const response = await request(emulator, 'POST', '/control/channels/emulator_streamer/messages', {
    messages: [{ login, text, tags }],
  });
  return (response.body as { messageIds: string[] }).messageIds[0] ?? '';
}

async function ircClients(): Promise<ClientInfo[]> {
  return ((await request(emulator, 'GET', '/control/clients')).body as { data: ClientInfo[] }).data;
}

beforeAll(async () => {
  emulator = await startTestEmulator();
  token = await tokenThroughOAuth();
  await request(emulator, 'POST', '/control/users', {
    login: 'viewer_one',
    displayName: 'Viewer_One',
  });
  await request(emulator, 'POST', '/control/channels/emulator_streamer/roles', {
    login: 'viewer_one',
    role: 'vip',
  });
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.disconnect().catch(() => undefined)));
});

afterAll(() => emulator.close());

describe('tmi.js against the emulator over WebSocket', () => {
  it('logs in with an OAuth token, joins and parses every PRIVMSG tag', async () => {
    const client = newClient({ username: 'emulator_streamer', password: `oauth:${token}` });
    const hasJoined = joined(client);
    await client.connect();
    await hasJoined;

    const parentId = await inject('hello there', 'viewer_one');
    const parentUser = emulator.state.users.byLogin('viewer_one');
    const received = nextMessage(client, '@Viewer_One Kappa nice; really\\good');
    const before = Date.now();
    const id = await inject('@Viewer_One Kappa nice; really\\good', 'replier', {
      'reply-parent-msg-id': parentId,
      'reply-parent-user-id': parentUser?.id ?? '',
      'reply-parent-user-login': 'viewer_one',
      'reply-parent-display-name': 'Viewer_One',
      'reply-parent-msg-body': 'hello there',
      'reply-thread-parent-msg-id': parentId,
      'reply-thread-parent-user-login': 'viewer_one',
    });
    const userstate = await received;
    const replier = emulator.state.users.byLogin('replier');
    expect(userstate.id).toBe(id);
    expect(userstate['user-id']).toBe(replier?.id);
    expect(userstate['display-name']).toBe('replier');
    expect(userstate.color).toBe(replier?.color === '' ? null : replier?.color);
    expect(userstate.emotes).toEqual({ '25': ['12-16'] });
    expect(userstate['first-msg']).toBe(true);
    expect(userstate['returning-chatter']).toBe(false);
    expect(userstate['message-type']).toBe('chat');
    expect(Number(userstate['tmi-sent-ts'])).toBeGreaterThanOrEqual(before - 1000);
    expect(userstate['room-id']).toBe(emulator.state.users.byLogin('emulator_streamer')?.id);
    expect(userstate['reply-parent-msg-id']).toBe(parentId);
    expect(userstate['reply-parent-msg-body']).toBe('hello there');
    expect(userstate['reply-parent-display-name']).toBe('Viewer_One');
    expect(userstate['reply-parent-user-login']).toBe('viewer_one');

    const vipMessage = nextMessage(client, 'second one');
    await inject('second one', 'viewer_one');
    const vipState = await vipMessage;
    expect(vipState['first-msg']).toBe(false);
    expect(vipState.badges).toMatchObject({ vip: '1' });
    expect(vipState.vip).toBe(true);
    expect(vipState['display-name']).toBe('Viewer_One');
  });

  it('survives RECONNECT and a dropped socket by reconnecting and rejoining', async () => {
    const client = newClient({ username: 'emulator_streamer', password: `oauth:${token}` });
    const hasJoined = joined(client);
    await client.connect();
    await hasJoined;
    const [first] = (await ircClients()).filter((info) => info.nick === 'emulator_streamer');
    expect(first).toBeDefined();

    await request(emulator, 'POST', '/control/faults', {
      kind: 'reconnect',
      clientId: first?.id,
      graceMs: 50,
    });
    const second = await eventually(async () => {
      const found = (await ircClients()).find(
        (info) =>
          info.id !== first?.id &&
          info.nick === 'emulator_streamer' &&
          info.channels.includes('emulator_streamer'),
      );
      expect(found).toBeDefined();
      return found as ClientInfo;
    });
    expect((await ircClients()).some((info) => info.id === first?.id)).toBe(false);
    const afterReconnect = nextMessage(client, 'after reconnect');
    await inject('after reconnect');
    await afterReconnect;

    await request(emulator, 'POST', '/control/faults', { kind: 'drop', clientId: second.id });
    await eventually(async () => {
      const found = (await ircClients()).find(
        (info) =>
          info.id !== second.id &&
          info.id !== first?.id &&
          info.channels.includes('emulator_streamer'),
      );
      expect(found?.authenticated).toBe(true);
    });
    const afterDrop = nextMessage(client, 'after drop');
    await inject('after drop');
    await afterDrop;
  });

  it('reports a deleted message, a timeout, a ban and a cleared chat', async () => {
    const client = newClient({ username: 'emulator_streamer', password: `oauth:${token}` });
    const hasJoined = joined(client);
    await client.connect();
    await hasJoined;
    const room = emulator.state.users.byLogin('emulator_streamer')?.id;
    const viewer = emulator.state.users.byLogin('viewer_one')?.id;
    const moderate = (path: string, body: object) =>
      request(emulator, 'POST', `/control/channels/emulator_streamer/${path}`, body);

    const messageId = await inject('please delete me', 'viewer_one');
    const deleted = new Promise<unknown[]>((resolve) =>
      client.once('messagedeleted', (...args: unknown[]) => resolve(args)),
    );
    await moderate('clear-message', { messageId });
    expect(await deleted).toEqual([
      '#emulator_streamer',
      'viewer_one',
      'please delete me',
      expect.objectContaining({
        login: 'viewer_one',
        'target-msg-id': messageId,
        'message-type': 'messagedeleted',
      }),
    ]);

    const timedOut = new Promise<unknown[]>((resolve) =>
      client.once('timeout', (...args: unknown[]) => resolve(args)),
    );
    await moderate('clear-chat', { login: 'viewer_one', durationSec: 600 });
    const [timeoutChannel, timeoutUser, , duration, timeoutTags] = await timedOut;
    expect([timeoutChannel, timeoutUser, duration]).toEqual([
      '#emulator_streamer',
      'viewer_one',
      600,
    ]);
    expect(timeoutTags).toMatchObject({
      'ban-duration': '600',
      'room-id': room,
      'target-user-id': viewer,
    });

    const banned = new Promise<unknown[]>((resolve) =>
      client.once('ban', (...args: unknown[]) => resolve(args)),
    );
    await moderate('clear-chat', { login: 'viewer_one' });
    const [banChannel, banUser, , banTags] = await banned;
    expect([banChannel, banUser]).toEqual(['#emulator_streamer', 'viewer_one']);
    expect(banTags).toMatchObject({ 'room-id': room, 'target-user-id': viewer });
    expect(banTags).not.toHaveProperty('ban-duration');

    const clearedChat = new Promise<unknown[]>((resolve) =>
      client.once('clearchat', (...args: unknown[]) => resolve(args)),
    );
    await moderate('clear-chat', {});
    expect(await clearedChat).toEqual(['#emulator_streamer']);
  });

  it('emits raided, subscription, resub, subgift and announcements as usernotice', async () => {
    const client = newClient({ username: 'emulator_streamer', password: `oauth:${token}` });
    const hasJoined = joined(client);
    await client.connect();
    await hasJoined;
    const notify = (path: string, body: object) =>
      request(emulator, 'POST', `/control/channels/emulator_streamer/${path}`, body);
    const next = (event: string) =>
      new Promise<unknown[]>((resolve) =>
        client.once(event as 'raided', (...args: unknown[]) => resolve(args)),
      );

    const raided = next('raided');
    await notify('raid', { from: 'raiding_party', viewerCount: 321 });
    const [raidChannel, raider, viewers, raidTags] = await raided;
    expect([raidChannel, raider, viewers]).toEqual(['#emulator_streamer', 'raiding_party', 321]);
    expect(raidTags).toMatchObject({
      'msg-id': 'raid',
      'msg-param-login': 'raiding_party',
      'user-id': emulator.state.users.byLogin('raiding_party')?.id,
      'system-msg': '321 raiders from raiding_party have joined!',
    });

    const subscribed = next('subscription');
    await notify('sub', { login: 'viewer_one', plan: 'Prime' });
    const [subChannel, subscriber, subMethods, subMessage, subTags] = await subscribed;
    expect([subChannel, subscriber, subMessage]).toEqual([
      '#emulator_streamer',
      'Viewer_One',
      null,
    ]);
    expect(subMethods).toEqual({
      prime: true,
      plan: 'Prime',
      planName: 'Channel Subscription (emulator_streamer)',
    });
    // tmi.js turns every tag value "1" into true.
    expect(subTags).toMatchObject({ 'msg-param-cumulative-months': true, 'message-type': 'sub' });

    const resubscribed = next('resub');
    await notify('resub', {
      login: 'viewer_one',
      months: 18,
      streakMonths: 5,
      plan: '3000',
      message: 'eighteen months Kappa',
    });
    const [, resubscriber, streak, resubMessage, resubTags, resubMethods] = await resubscribed;
    expect([resubscriber, streak, resubMessage]).toEqual([
      'Viewer_One',
      5,
      'eighteen months Kappa',
    ]);
    expect(resubMethods).toMatchObject({ prime: false, plan: '3000' });
    expect(resubTags).toMatchObject({
      'msg-param-cumulative-months': '18',
      'badge-info': { subscriber: '18' },
      emotes: { '25': ['16-20'] },
    });

    const gifted = next('subgift');
    await notify('subgift', { login: 'viewer_one', recipient: 'lucky_viewer', months: 3 });
    const [, gifter, , recipient, giftMethods, giftTags] = await gifted;
    expect([gifter, recipient]).toEqual(['Viewer_One', 'lucky_viewer']);
    expect(giftMethods).toMatchObject({ plan: '1000' });
    expect(giftTags).toMatchObject({
      'msg-param-recipient-id': emulator.state.users.byLogin('lucky_viewer')?.id,
      'msg-param-months': '3',
    });

    const announced = next('usernotice');
    await notify('announcement', { message: 'stream starts soon', color: 'blue' });
    const [msgId, announceChannel, announceTags, announcement] = await announced;
    expect([msgId, announceChannel, announcement]).toEqual([
      'announcement',
      '#emulator_streamer',
      'stream starts soon',
    ]);
    expect(announceTags).toMatchObject({ 'msg-param-color': 'BLUE', login: 'emulator_streamer' });
  });

  it('reads chat anonymously as justinfan', async () => {
    const client = newClient();
    const hasJoined = joined(client);
    await client.connect();
    await hasJoined;
    expect(client.getUsername()).toMatch(/^justinfan\d+$/);
    const received = nextMessage(client, 'hi lurker');
    await inject('hi lurker');
    expect((await received)['user-id']).toBe(emulator.state.users.byLogin('viewer_one')?.id);
    const info = (await ircClients()).find((entry) => entry.nick === client.getUsername());
    expect(info).toMatchObject({ authenticated: false, channels: ['emulator_streamer'] });
  });

  it('reports a bad token as a login failure', async () => {
    const client = newClient({
      username: 'emulator_streamer',
      password: 'oauth:notatokenweissued000000000000',
    });
    await expect(client.connect()).rejects.toBe('Login authentication failed');
  });
});
