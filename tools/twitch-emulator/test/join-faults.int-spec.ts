import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import tmi from 'tmi.js';
import { type TwitchEmulator } from '../src/index.js';
import { clientInfo, login, RawIrcClient, request, startTestEmulator, sync } from './helpers.js';

let emulator: TwitchEmulator;
const open: RawIrcClient[] = [];
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

beforeAll(async () => {
  emulator = await startTestEmulator();
  for (const room of ['slow_room', 'random_room', 'ghost_room', 'tmi_room'])
    await request(emulator, 'POST', '/control/users', { login: room });
});
afterEach(async () => {
  for (const client of open.splice(0)) client.close();
  await request(emulator, 'DELETE', '/control/faults');
});
afterAll(() => emulator.close());

async function loggedIn(nick: string): Promise<RawIrcClient> {
  const client = await RawIrcClient.tcp(emulator);
  open.push(client);
  await login(client, undefined, nick);
  return client;
}

function fault(body: object) {
  return request(emulator, 'POST', '/control/faults', body);
}

async function say(channel: string, text: string): Promise<number> {
  const response = await request(emulator, 'POST', `/control/channels/${channel}/messages`, {
    messages: [{ login: 'chatty', text }],
  });
  return (response.body as { connections: number }).connections;
}

const echoOf = (nick: string, channel: string) => (line: string) =>
  line === `:${nick}!${nick}@${nick}.tmi.twitch.tv JOIN #${channel}`;

describe('join-delay', () => {
  it('answers a JOIN only after the delay, and chat before the answer does not reach the client', async () => {
    const delayed = await fault({ kind: 'join-delay', channel: '#Slow_Room', delayMs: 2500 });
    expect(delayed).toMatchObject({
      status: 200,
      body: { kind: 'join-delay', channel: 'slow_room', delayMs: 2500 },
    });
    const client = await loggedIn('justinfan2500');
    const sentAt = Date.now();
    client.send('JOIN #slow_room');
    await sync(client, 'joining');
    expect(await clientInfo(emulator, 'justinfan2500')).toMatchObject({
      channels: [],
      pendingJoins: ['slow_room'],
    });
    expect(await say('slow_room', 'before the answer')).toBe(0);

    await client.waitForLine(echoOf('justinfan2500', 'slow_room'), 6000);
    const elapsed = Date.now() - sentAt;
    expect(elapsed).toBeGreaterThanOrEqual(2490);
    expect(elapsed).toBeLessThan(4500);
    // The delayed reply is Twitch's whole answer, in Twitch's order.
    await client.waitForLine((line) => line.endsWith(':tmi.twitch.tv ROOMSTATE #slow_room'));
    const reply = client.lines.slice(client.lines.findIndex(echoOf('justinfan2500', 'slow_room')));
    expect(reply.map((line) => line.replace(/^@\S+ /, '').split(' ')[1])).toEqual([
      'JOIN',
      '353',
      '366',
      'ROOMSTATE',
    ]);
    expect(await clientInfo(emulator, 'justinfan2500')).toMatchObject({
      channels: ['slow_room'],
      pendingJoins: [],
    });

    expect(await say('slow_room', 'after the answer')).toBe(1);
    await client.waitForLine((line) => line.endsWith(':after the answer'));
    expect(client.lines.some((line) => line.endsWith(':before the answer'))).toBe(false);
  });

  it('draws a delay between minMs and maxMs for each JOIN, and leaves other channels alone', async () => {
    await fault({ kind: 'join-delay', channel: 'random_room', minMs: 300, maxMs: 600 });
    const client = await loggedIn('justinfan3600');
    const sentAt = Date.now();
    client.send('JOIN #random_room,#slow_room');
    await client.waitForLine(echoOf('justinfan3600', 'slow_room'));
    expect(client.lines.some(echoOf('justinfan3600', 'random_room'))).toBe(false);
    await client.waitForLine(echoOf('justinfan3600', 'random_room'));
    const elapsed = Date.now() - sentAt;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(2600);
  });

  it('delays only the JOINs of the given client', async () => {
    const slow = await loggedIn('justinfan4001');
    const quick = await loggedIn('justinfan4002');
    const { id } = await clientInfo(emulator, 'justinfan4001');
    await fault({ kind: 'join-delay', clientId: id, delayMs: 10_000 });
    slow.send('JOIN #slow_room');
    quick.send('JOIN #slow_room');
    await quick.waitForLine(echoOf('justinfan4002', 'slow_room'));
    await sync(slow, 'after-quick');
    expect(slow.lines.some(echoOf('justinfan4001', 'slow_room'))).toBe(false);
    expect(await clientInfo(emulator, 'justinfan4001')).toMatchObject({
      pendingJoins: ['slow_room'],
    });
  });
});

describe('join-silent', () => {
  it('never answers the JOIN nor delivers the channel’s chat; after clearing, a new JOIN works', async () => {
    const silenced = await fault({ kind: 'join-silent', channel: 'ghost_room' });
    expect(silenced.body).toEqual({ kind: 'join-silent', channel: 'ghost_room' });
    const client = await loggedIn('justinfan5000');
    client.send('JOIN #ghost_room');
    await sync(client, 'joined-silently');
    expect(await say('ghost_room', 'nobody hears this')).toBe(0);
    await expect(client.waitForLine((line) => line.includes('#ghost_room'), 1500)).rejects.toThrow(
      /timed out/,
    );
    expect(await clientInfo(emulator, 'justinfan5000')).toMatchObject({
      channels: [],
      pendingJoins: [],
      unansweredJoins: ['ghost_room'],
    });

    await request(emulator, 'DELETE', '/control/faults');
    client.send('JOIN #ghost_room');
    await client.waitForLine(echoOf('justinfan5000', 'ghost_room'));
    expect(await say('ghost_room', 'now you hear me')).toBe(1);
    await client.waitForLine((line) => line.endsWith(':now you hear me'));
    await sync(client, 'after-rejoin');
    // One answer, to the new JOIN; the silenced one stays unanswered.
    expect(client.lines.filter(echoOf('justinfan5000', 'ghost_room'))).toHaveLength(1);
    expect(client.lines.some((line) => line.endsWith(':nobody hears this'))).toBe(false);
    expect(await clientInfo(emulator, 'justinfan5000')).toMatchObject({
      channels: ['ghost_room'],
      unansweredJoins: [],
    });
  });
});

describe('tmi.js under JOIN faults', () => {
  const clients: tmi.Client[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.disconnect().catch(() => null)));
  });

  function tmiClient(): tmi.Client {
    const client = new tmi.Client({
      options: { skipUpdatingEmotesets: true },
      connection: { server: '127.0.0.1', port: emulator.httpPort, secure: false },
      logger: silent,
    });
    clients.push(client);
    return client;
  }

  it('rejects join() of a silent channel with tmi.js’s own timeout', async () => {
    await fault({ kind: 'join-silent', channel: 'tmi_room' });
    const client = tmiClient();
    await client.connect();
    await expect(client.join('#tmi_room')).rejects.toBe('No response from Twitch.');
  });

  it('rejects join() when the reply is slower than tmi.js waits, then still joins', async () => {
    await fault({ kind: 'join-delay', channel: 'tmi_room', delayMs: 1500 });
    const client = tmiClient();
    await client.connect();
    const joined = new Promise<string>((resolve) =>
      client.on('join', (channel, _user, self) => {
        if (self) resolve(channel);
      }),
    );
    await expect(client.join('#tmi_room')).rejects.toBe('No response from Twitch.');
    expect(await joined).toBe('#tmi_room');
  });
});
