import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type TwitchEmulator } from '../src/index.js';
import {
  eventually,
  login,
  RawIrcClient,
  request,
  startTestEmulator,
  userWithToken,
} from './helpers.js';

let emulator: TwitchEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator({
    joinLimit: { count: 3, windowMs: 60_000 },
    messageLimit: { count: 2, windowMs: 60_000 },
  });
  await request(emulator, 'POST', '/control/users', { login: 'xyz' });
});
afterAll(() => emulator.close());

async function joinedClient(
  kind: 'tcp' | 'ws',
  channel = 'xyz',
  token?: string,
  nick?: string,
): Promise<RawIrcClient> {
  const client =
    kind === 'tcp' ? await RawIrcClient.tcp(emulator) : await RawIrcClient.ws(emulator);
  await login(client, token, nick);
  client.send(`JOIN #${channel}`);
  await client.waitForLine((line) => line.includes(`366`) && line.includes(`#${channel}`));
  return client;
}

describe('IRC fidelity', () => {
  it('relays the documented Twitch lines byte for byte over TCP and WebSocket', async () => {
    const fixture = JSON.parse(
      await readFile(new URL('./fixtures/twitch-docs-lines.json', import.meta.url), 'utf8'),
    ) as { lines: { line: string }[] };
    const lines = fixture.lines.map((entry) => entry.line);
    const tcp = await joinedClient('tcp');
    const ws = await joinedClient('ws');
    const tcpBefore = Buffer.concat(tcp.bytes).length;
    const wsBefore = Buffer.concat(ws.bytes).length;

    const response = await request(emulator, 'POST', '/control/channels/xyz/raw', { lines });
    expect(response.body).toEqual({
      lines: lines.length,
      connections: 2,
      deliveries: lines.length * 2,
    });
    const expected = Buffer.from(lines.map((line) => `${line}\r\n`).join(''), 'utf8');
    for (const [client, before] of [
      [tcp, tcpBefore],
      [ws, wsBefore],
    ] as const) {
      await client.waitUntil(() => Buffer.concat(client.bytes).length >= before + expected.length);
      expect(Buffer.concat(client.bytes).subarray(before).equals(expected)).toBe(true);
    }
    tcp.close();
    ws.close();
  });

  it('negotiates capabilities and strips tags for clients without twitch.tv/tags', async () => {
    const client = await RawIrcClient.tcp(emulator);
    client.send(
      'CAP LS 302',
      'CAP REQ :twitch.tv/tags twitch.tv/bogus',
      'CAP REQ :twitch.tv/commands',
      'NICK justinfan99',
    );
    await client.waitForLine((line) => line.includes(' 376 '));
    expect(client.lines).toContain(
      ':tmi.twitch.tv CAP * LS :twitch.tv/tags twitch.tv/commands twitch.tv/membership',
    );
    expect(client.lines).toContain(':tmi.twitch.tv CAP * NAK :twitch.tv/tags twitch.tv/bogus');
    expect(client.lines).toContain(':tmi.twitch.tv CAP * ACK :twitch.tv/commands');
    expect(client.lines.slice(-7)[0]).toBe(':tmi.twitch.tv 001 justinfan99 :Welcome, GLHF!');
    client.send('JOIN #xyz');
    const roomState = await client.waitForLine((line) => line.includes('ROOMSTATE'));
    expect(roomState).toBe(':tmi.twitch.tv ROOMSTATE #xyz');
    await request(emulator, 'POST', '/control/channels/xyz/messages', {
      messages: [{ login: 'tagless', text: 'no tags here' }],
    });
    expect(await client.waitForLine((line) => line.includes('no tags here'))).toBe(
      ':tagless!tagless@tagless.tmi.twitch.tv PRIVMSG #xyz :no tags here',
    );
    client.close();
  });

  it('joins with Twitch replies, tells about unknown channels and shows membership', async () => {
    const streamer = await userWithToken(emulator, 'member_a');
    const watcher = await joinedClient('tcp');
    const client = await RawIrcClient.tcp(emulator);
    await login(client, streamer.token, 'ignored_nick');
    expect(client.lines).toContain(':tmi.twitch.tv 001 member_a :Welcome, GLHF!');
    expect(
      client.lines.some(
        (line) =>
          line.endsWith(':tmi.twitch.tv GLOBALUSERSTATE') &&
          line.includes(`user-id=${streamer.id}`),
      ),
    ).toBe(true);
    client.send('JOIN #xyz,#no_such_channel');
    await client.waitForLine((line) => line.includes('msg_channel_suspended'));
    expect(client.lines).toEqual(
      expect.arrayContaining([
        ':member_a!member_a@member_a.tmi.twitch.tv JOIN #xyz',
        ':member_a.tmi.twitch.tv 353 member_a = #xyz :member_a',
        ':member_a.tmi.twitch.tv 366 member_a #xyz :End of /NAMES list',
        '@msg-id=msg_channel_suspended :tmi.twitch.tv NOTICE #no_such_channel :This channel does not exist or has been suspended.',
      ]),
    );
    expect(
      client.lines.some((line) => /^@.*room-id=.*:tmi\.twitch\.tv ROOMSTATE #xyz$/.test(line)),
    ).toBe(true);
    expect(client.lines.some((line) => line.endsWith(':tmi.twitch.tv USERSTATE #xyz'))).toBe(true);
    await watcher.waitForLine(
      (line) => line === ':member_a!member_a@member_a.tmi.twitch.tv JOIN #xyz',
    );
    client.send('PART #xyz');
    await watcher.waitForLine(
      (line) => line === ':member_a!member_a@member_a.tmi.twitch.tv PART #xyz',
    );
    client.close();
    watcher.close();
  });

  it('echoes a client PRIVMSG to others with full tags and applies the message rate limit', async () => {
    const sender = await userWithToken(emulator, 'talker');
    const listener = await joinedClient('ws');
    const client = await joinedClient('tcp', 'xyz', sender.token, 'talker');
    client.send('@client-nonce=abc123 PRIVMSG #xyz :\x01ACTION waves\x01');
    const line = await listener.waitForLine((received) => received.includes('ACTION waves'));
    expect(line).toMatch(
      /^@badge-info=[^;]*;badges=[^;]*;client-nonce=abc123;color=[^;]*;display-name=talker;emotes=;first-msg=1;flags=;id=[0-9a-f-]{36};mod=0;/,
    );
    expect(line).toContain(
      `;user-id=${sender.id};user-type= :talker!talker@talker.tmi.twitch.tv PRIVMSG #xyz :\x01ACTION waves\x01`,
    );
    await client.waitForLine((received) => /^@.*;id=[0-9a-f-]{36}.*USERSTATE #xyz$/.test(received));
    client.send('PRIVMSG #xyz :two', 'PRIVMSG #xyz :three');
    await client.waitForLine((received) => received.includes('msg_ratelimit'));
    expect(client.lines).toContain(
      '@msg-id=msg_ratelimit :tmi.twitch.tv NOTICE #xyz :Your message was not sent because you are sending messages too quickly.',
    );
    await listener.waitForLine((received) => received.endsWith(':two'));
    expect(listener.lines.some((received) => received.endsWith(':three'))).toBe(false);
    client.close();
    listener.close();
  });

  it('drops JOINs over the limit without any reply, as Twitch does', async () => {
    const joiner = await userWithToken(emulator, 'joiner');
    for (const login of ['c1', 'c2', 'c3', 'c4'])
      await request(emulator, 'POST', '/control/users', { login });
    const client = await RawIrcClient.tcp(emulator);
    await login(client, joiner.token);
    const before = client.lines.length;
    client.send('JOIN #c1,#c2,#c3,#c4', 'PING :sync');
    await client.waitForLine((line) => line.endsWith('PONG tmi.twitch.tv :sync'));
    const replies = client.lines.slice(before);
    expect(
      replies.filter((line) => line.startsWith(':joiner!joiner@joiner.tmi.twitch.tv JOIN')),
    ).toEqual(
      ['c1', 'c2', 'c3'].map((channel) => `:joiner!joiner@joiner.tmi.twitch.tv JOIN #${channel}`),
    );
    // Twitch documents no NOTICE for the JOIN limit: the JOIN is simply not answered (ADR 0008).
    expect(replies.filter((line) => line.includes('#c4') || line.includes(' NOTICE '))).toEqual([]);
    expect(client.closed).toBe(false);
    const clients = (await request(emulator, 'GET', '/control/clients')).body as {
      data: { nick: string; channels: string[] }[];
    };
    expect(clients.data.find((info) => info.nick === 'joiner')?.channels).toEqual([
      'c1',
      'c2',
      'c3',
    ]);
    client.close();
  });

  it('answers PINGs the way Twitch does and reassembles lines split across TCP chunks', async () => {
    const client = await RawIrcClient.tcp(emulator);
    client.sendRaw('NICK justinf');
    client.sendRaw('an7\r\nPI');
    client.sendRaw('NG\r\nPING :tmi.twitch.tv\r\n');
    await client.waitForLine((line) => line === ':tmi.twitch.tv PONG tmi.twitch.tv :tmi.twitch.tv');
    expect(client.lines).toContain(':tmi.twitch.tv 001 justinfan7 :Welcome, GLHF!');
    expect(client.lines).toContain('PONG :tmi.twitch.tv');
    client.close();
  });

  it('answers malformed input with 421 and keeps serving everyone else', async () => {
    const bystander = await joinedClient('tcp');
    const client = await joinedClient('tcp', 'xyz', undefined, 'justinfan4242');
    client.send(
      '@tags-without-command',
      'FOO bar',
      'WHISPER someone :hi',
      ':prefix.only',
      '\u0000\u0001',
    );
    await client.waitForLine((line) => line.includes('421') && line.includes('WHISPER'));
    expect(client.lines).toEqual(
      expect.arrayContaining([
        ':tmi.twitch.tv 421 justinfan4242 @tags-without-command :Unknown command',
        ':tmi.twitch.tv 421 justinfan4242 FOO :Unknown command',
        ':tmi.twitch.tv 421 justinfan4242 WHISPER :Unknown command',
      ]),
    );
    await request(emulator, 'POST', '/control/channels/xyz/messages', {
      messages: [{ login: 'steady', text: 'still here' }],
    });
    await bystander.waitForLine((line) => line.endsWith(':still here'));
    await client.waitForLine((line) => line.endsWith(':still here'));
    client.close();
    bystander.close();
  });

  it('disconnects a client whose line grows past 8 KB, even without CRLF, and keeps serving everyone else', async () => {
    const bystander = await joinedClient('tcp');
    const flooder = await joinedClient('tcp', 'xyz', undefined, 'justinfan5150');
    const before = flooder.lines.length;
    // A line that never ends: without a cap the server would buffer it for as long as it comes.
    flooder.sendRaw('PRIVMSG #xyz :');
    for (let chunk = 0; chunk < 4; chunk++) flooder.sendRaw('a'.repeat(4096));
    await flooder.waitUntil(() => flooder.closed, 5000, 'the flooding client to be disconnected');
    expect(flooder.lines.slice(before)).toEqual([]);
    await eventually(async () => {
      const clients = (await request(emulator, 'GET', '/control/clients')).body as {
        data: { nick: string }[];
      };
      expect(clients.data.map((info) => info.nick)).not.toContain('justinfan5150');
    });

    await request(emulator, 'POST', '/control/channels/xyz/messages', {
      messages: [{ login: 'steady', text: 'after the flood' }],
    });
    await bystander.waitForLine((line) => line.endsWith(':after the flood'));
    // Over WebSocket a frame is bounded, but a line in it is held to the same limit.
    const wsFlooder = await joinedClient('ws', 'xyz', undefined, 'justinfan5152');
    wsFlooder.send(`PRIVMSG #xyz :${'b'.repeat(9000)}`);
    await wsFlooder.waitUntil(() => wsFlooder.closed, 5000, 'the WebSocket flooder to be dropped');
    const newcomer = await joinedClient('tcp', 'xyz', undefined, 'justinfan5151');
    newcomer.send('PING :fine');
    await newcomer.waitForLine((line) => line.endsWith(':fine'));
    newcomer.close();
    bystander.close();
  });

  it('sends CLEARCHAT and CLEARMSG with Twitch’s tags, only to clients with twitch.tv/commands', async () => {
    const target = await userWithToken(emulator, 'rowdy');
    const room = (
      (await request(emulator, 'POST', '/control/users', { login: 'modroom' })).body as {
        id: string;
      }
    ).id;
    const withCommands = await joinedClient('tcp', 'modroom');
    const tagless = await RawIrcClient.ws(emulator);
    tagless.send('CAP REQ :twitch.tv/commands', 'NICK justinfan6060', 'JOIN #modroom');
    await tagless.waitForLine((line) => line.includes(' 366 '));
    const plain = await RawIrcClient.tcp(emulator);
    plain.send('NICK justinfan6061', 'JOIN #modroom');
    await plain.waitForLine((line) => line.includes(' 366 '));

    const injected = await request(emulator, 'POST', '/control/channels/modroom/messages', {
      messages: [{ login: 'rowdy', text: 'something rude; really' }],
    });
    const messageId = (injected.body as { messageIds: string[] }).messageIds[0] ?? '';
    const cleared: { status: number; body: unknown }[] = [];
    for (const body of [{ login: 'rowdy', durationSec: 600 }, { login: 'rowdy' }, {}]) {
      cleared.push(await request(emulator, 'POST', '/control/channels/modroom/clear-chat', body));
    }
    const deleted = await request(emulator, 'POST', '/control/channels/modroom/clear-message', {
      messageId,
    });
    for (const response of [...cleared, deleted]) {
      expect(response).toMatchObject({
        status: 200,
        body: { lines: 1, connections: 2, deliveries: 2 },
      });
    }

    const ts = '(\\d{13})';
    const expected = [
      `^@ban-duration=600;room-id=${room};target-user-id=${target.id};tmi-sent-ts=${ts} :tmi\\.twitch\\.tv CLEARCHAT #modroom :rowdy$`,
      `^@room-id=${room};target-user-id=${target.id};tmi-sent-ts=${ts} :tmi\\.twitch\\.tv CLEARCHAT #modroom :rowdy$`,
      `^@room-id=${room};tmi-sent-ts=${ts} :tmi\\.twitch\\.tv CLEARCHAT #modroom$`,
      // Twitch leaves room-id empty on CLEARMSG.
      `^@login=rowdy;room-id=;target-msg-id=${messageId};tmi-sent-ts=${ts} :tmi\\.twitch\\.tv CLEARMSG #modroom :something rude; really$`,
    ].map((pattern) => expect.stringMatching(new RegExp(pattern)));
    await withCommands.waitForLine((line) => line.includes('CLEARMSG'));
    const received = withCommands.lines.filter((line) => / CLEAR(CHAT|MSG) #/.test(line));
    expect(received).toEqual(expected);
    expect(
      [...cleared, deleted].map((response) => (response.body as { line: string }).line),
    ).toEqual(received);

    await tagless.waitForLine((line) => line.includes('CLEARMSG'));
    expect(tagless.lines.filter((line) => line.includes(' CLEAR'))).toEqual([
      ':tmi.twitch.tv CLEARCHAT #modroom :rowdy',
      ':tmi.twitch.tv CLEARCHAT #modroom :rowdy',
      ':tmi.twitch.tv CLEARCHAT #modroom',
      ':tmi.twitch.tv CLEARMSG #modroom :something rude; really',
    ]);
    plain.send('PING :sync');
    await plain.waitForLine((line) => line.endsWith(':sync'));
    expect(plain.lines.filter((line) => line.includes('CLEAR'))).toEqual([]);
    for (const client of [withCommands, tagless, plain]) client.close();
  });

  it('refuses malformed and bad authentication with the notices Twitch sends, then closes', async () => {
    const malformed = await RawIrcClient.tcp(emulator);
    malformed.send('PASS notoauth', 'NICK someone');
    await malformed.waitUntil(() => malformed.closed);
    expect(malformed.lines).toEqual([':tmi.twitch.tv NOTICE * :Improperly formatted auth']);

    const readOnly = await userWithToken(emulator, 'no_chat_scope', ['user:read:email']);
    const bad = await RawIrcClient.ws(emulator);
    bad.send(`PASS oauth:${readOnly.token}`, 'NICK no_chat_scope');
    await bad.waitUntil(() => bad.closed);
    expect(bad.lines).toEqual([':tmi.twitch.tv NOTICE * :Login authentication failed']);
  });
});

describe('server PING', () => {
  it('pings on the configured interval and disconnects a client that never answers', async () => {
    const pinging = await startTestEmulator({ pingIntervalMs: 50, pongTimeoutMs: 100 });
    try {
      const polite = await RawIrcClient.tcp(pinging);
      const silent = await RawIrcClient.tcp(pinging);
      await login(polite);
      await login(silent, undefined, 'justinfan2');
      await polite.waitForLine((line) => line === 'PING :tmi.twitch.tv');
      polite.send('PONG :tmi.twitch.tv');
      await silent.waitUntil(() => silent.closed, 2000, 'the silent client to be disconnected');
      expect(polite.closed).toBe(false);
      polite.close();
    } finally {
      await pinging.close();
    }
  });
});
