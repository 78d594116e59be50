import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { type TwitchEmulator } from '../src/index.js';
import {
  clientInfo,
  eventually,
  login,
  RawIrcClient,
  request,
  startTestEmulator,
  sync,
} from './helpers.js';

let emulator: TwitchEmulator;
const open: RawIrcClient[] = [];

beforeAll(async () => {
  emulator = await startTestEmulator();
  await request(emulator, 'POST', '/control/users', { login: 'outage_room' });
});
afterEach(async () => {
  for (const client of open.splice(0)) client.close();
  await request(emulator, 'DELETE', '/control/faults');
});
afterAll(() => emulator.close());

async function connected(kind: 'tcp' | 'ws', nick: string, channel?: string) {
  const client =
    kind === 'tcp' ? await RawIrcClient.tcp(emulator) : await RawIrcClient.ws(emulator);
  open.push(client);
  await login(client, undefined, nick);
  if (channel !== undefined) {
    client.send(`JOIN #${channel}`);
    await client.waitForLine((line) => line.endsWith(` JOIN #${channel}`));
  }
  return client;
}

function fault(body: object) {
  return request(emulator, 'POST', '/control/faults', body);
}

async function say(text: string): Promise<number> {
  const response = await request(emulator, 'POST', '/control/channels/outage_room/messages', {
    messages: [{ login: 'chatty', text }],
  });
  return (response.body as { connections: number }).connections;
}

/**
 * A TCP connection during a `refuse` outage. The reset may reach the client while it still
 * completes the handshake (connect fails) or just after (it closes): both before any line.
 */
function tcpAttempt(): Promise<string> {
  return RawIrcClient.tcp(emulator).then(
    async (client) => {
      open.push(client);
      await client.waitUntil(() => client.closed, 2000, 'the refused TCP connection to close');
      return client.lines.length === 0 ? 'reset before any line' : client.lines.join('\n');
    },
    (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? 'reset before any line' : String(error),
  );
}

/** Polls the fault state until the outage is over. */
async function outageOver(): Promise<void> {
  await eventually(async () => {
    expect((await request(emulator, 'GET', '/control/faults')).body).toMatchObject({
      outage: null,
    });
  }, 10_000);
}

describe('outage', () => {
  it('refuses new connections, drops the open ones, and comes back with no memory of joins', async () => {
    const tcp = await connected('tcp', 'justinfan6001', 'outage_room');
    const ws = await connected('ws', 'justinfan6002', 'outage_room');
    const started = await fault({ kind: 'outage', mode: 'refuse', durationMs: 2000 });
    expect(started).toMatchObject({
      status: 200,
      body: { kind: 'outage', mode: 'refuse', durationMs: 2000, dropped: 2 },
    });
    const endsAt = (started.body as { endsAt: string }).endsAt;
    await tcp.waitUntil(() => tcp.closed, 2000, 'the TCP client to be dropped');
    await ws.waitUntil(() => ws.closed, 2000, 'the WebSocket client to be dropped');
    expect((await request(emulator, 'GET', '/control/faults')).body).toMatchObject({
      outage: { mode: 'refuse', endsAt },
    });

    // Refused: a WebSocket handshake gets 503, a TCP connection is reset before any line.
    await expect(RawIrcClient.ws(emulator)).rejects.toThrow(/503/);
    expect(await tcpAttempt()).toBe('reset before any line');

    // What the control API and the traffic generator send meanwhile reaches nobody.
    expect(await say('during the outage')).toBe(0);
    const traffic = await request(emulator, 'POST', '/control/channels/outage_room/traffic', {
      rate: 1000,
      durationSec: 0.05,
      wait: true,
    });
    expect(traffic.body).toMatchObject({ sent: 50, delivered: 0, undelivered: 50 });
    expect((await request(emulator, 'GET', '/control/clients')).body).toEqual({ data: [] });

    await outageOver();
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(endsAt));
    const rejoined = await connected('tcp', 'justinfan6001', 'outage_room');
    const reconnectedOnly = await connected('ws', 'justinfan6002');
    expect(await clientInfo(emulator, 'justinfan6002')).toMatchObject({ channels: [] });
    expect(await say('welcome back')).toBe(1);
    await rejoined.waitForLine((line) => line.endsWith(':welcome back'));
    await sync(reconnectedOnly, 'no-rejoin');
    expect(reconnectedOnly.lines.some((line) => line.includes('PRIVMSG'))).toBe(false);
    expect(rejoined.lines.some((line) => line.endsWith(':during the outage'))).toBe(false);
  });

  it('in drop mode accepts new connections and cuts them at once', async () => {
    const before = await connected('tcp', 'justinfan6101', 'outage_room');
    await fault({ kind: 'outage', mode: 'drop', durationMs: 1500 });
    await before.waitUntil(() => before.closed, 2000, 'the open client to be dropped');

    // The WebSocket handshake completes, then the connection goes; so does a TCP one.
    const ws = await RawIrcClient.ws(emulator);
    await ws.waitUntil(() => ws.closed, 2000, 'the new WebSocket client to be dropped');
    const tcp = await RawIrcClient.tcp(emulator);
    tcp.send('NICK justinfan6102');
    await tcp.waitUntil(() => tcp.closed, 2000, 'the new TCP client to be dropped');
    expect([...ws.lines, ...tcp.lines]).toEqual([]);

    await outageOver();
    const after = await connected('tcp', 'justinfan6103', 'outage_room');
    expect(await say('back again')).toBe(1);
    await after.waitForLine((line) => line.endsWith(':back again'));
  });

  it('writes what it counted as delivered before an outage cuts the connections', async () => {
    const tcp = await connected('tcp', 'justinfan6301', 'outage_room');
    const ws = await connected('ws', 'justinfan6302', 'outage_room');
    // Delivered and cut in the same turn of the event loop, before the batched write: the
    // delivery count is what a soak test expects to be read, so the lines must still go out.
    const delivery = emulator.state.irc.deliver('outage_room', [
      ':chatty!chatty@chatty.tmi.twitch.tv PRIVMSG #outage_room :last words',
    ]);
    expect(emulator.state.irc.drop(undefined)).toBe(2);
    expect(delivery.connections).toBe(2);
    for (const client of [tcp, ws]) {
      await client.waitUntil(() => client.closed, 2000, 'the client to be dropped');
      expect(client.lines.filter((line) => line.endsWith(':last words'))).toHaveLength(1);
    }
  });

  it('ends early when the faults are cleared', async () => {
    await fault({ kind: 'outage', durationMs: 600_000 });
    await expect(RawIrcClient.ws(emulator)).rejects.toThrow(/503/);
    await request(emulator, 'DELETE', '/control/faults');
    await connected('ws', 'justinfan6201', 'outage_room');
  });
});

describe('reconnect-storm', () => {
  const isReconnect = (line: string) => line === ':tmi.twitch.tv RECONNECT';

  it('sends RECONNECT the given number of times, intervalMs apart, to one client', async () => {
    const target = await connected('tcp', 'justinfan7001');
    const bystander = await connected('tcp', 'justinfan7002');
    const { id } = await clientInfo(emulator, 'justinfan7001');
    const startedAt = Date.now();
    const storm = await fault({ kind: 'reconnect-storm', clientId: id, count: 4, intervalMs: 150 });
    expect(storm.body).toEqual({ kind: 'reconnect-storm', affected: 1, count: 4, intervalMs: 150 });
    await target.waitUntil(
      () => target.lines.filter(isReconnect).length === 4,
      5000,
      '4 RECONNECTs',
    );
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(440);
    await eventually(async () => {
      expect((await request(emulator, 'GET', '/control/faults')).body).toMatchObject({
        reconnectStorms: [],
      });
    });
    await sync(target, 'storm-over');
    expect(target.lines.filter(isReconnect)).toHaveLength(4);
    // A storm only announces: the connection stays open until the client leaves.
    expect(target.closed).toBe(false);
    await sync(bystander, 'not-me');
    expect(bystander.lines.some(isReconnect)).toBe(false);
  });

  it('hits every connection without clientId, and stops when the faults are cleared', async () => {
    const first = await connected('tcp', 'justinfan7101');
    const second = await connected('ws', 'justinfan7102');
    const storm = await fault({ kind: 'reconnect-storm', count: 1000, intervalMs: 50 });
    expect(storm.body).toMatchObject({ affected: 2 });
    await first.waitUntil(() => first.lines.filter(isReconnect).length >= 2);
    await second.waitUntil(() => second.lines.filter(isReconnect).length >= 2);
    expect((await request(emulator, 'GET', '/control/faults')).body).toMatchObject({
      reconnectStorms: [{ count: 1000, intervalMs: 50 }],
    });
    await request(emulator, 'DELETE', '/control/faults');
    await sync(first, 'cleared');
    const received = first.lines.filter(isReconnect).length;
    await expect(
      first.waitUntil(() => first.lines.filter(isReconnect).length > received, 300),
    ).rejects.toThrow(/timed out/);
  });
});

describe('validation of the JOIN, outage and storm faults', () => {
  it.each([
    [
      { kind: 'flood' },
      400,
      /"kind" must be one of .*join-delay, join-silent, outage, reconnect-storm/,
    ],
    [{ kind: 'join-delay' }, 400, /give "delayMs", or "minMs" and "maxMs"/],
    [{ kind: 'join-delay', delayMs: -1 }, 400, /"delayMs" must be between 0 and 10000/],
    [{ kind: 'join-delay', delayMs: 10_001 }, 400, /"delayMs" must be between 0 and 10000/],
    [{ kind: 'join-delay', delayMs: 1.5 }, 400, /"delayMs" must be an integer/],
    [{ kind: 'join-delay', minMs: -5, maxMs: 10 }, 400, /"minMs" must be between 0 and 10000/],
    [{ kind: 'join-delay', minMs: 5, maxMs: 10_001 }, 400, /"maxMs" must be between 0 and 10000/],
    [{ kind: 'join-delay', minMs: 900, maxMs: 100 }, 400, /"minMs" must not exceed "maxMs"/],
    [{ kind: 'join-delay', minMs: 100 }, 400, /give "delayMs", or "minMs" and "maxMs"/],
    [{ kind: 'join-delay', delayMs: 5, maxMs: 9 }, 400, /not both/],
    [{ kind: 'join-delay', delayMs: 5, channel: 'No Such' }, 400, /"channel": "No Such" is not/],
    [{ kind: 'join-silent' }, 400, /"channel" must be a non-empty string/],
    [{ kind: 'outage' }, 400, /"durationMs" is required/],
    [{ kind: 'outage', durationMs: -1 }, 400, /"durationMs" must be between 1/],
    [{ kind: 'outage', durationMs: 100, mode: 'flaky' }, 400, /"mode" must be one of refuse, drop/],
    [{ kind: 'reconnect-storm', intervalMs: 10 }, 400, /"count" is required/],
    [{ kind: 'reconnect-storm', count: 0, intervalMs: 10 }, 400, /"count" must be between 1/],
    [{ kind: 'reconnect-storm', count: 3 }, 400, /"intervalMs" is required/],
    // An unknown client is a missing resource, as everywhere in the control API.
    [{ kind: 'join-delay', delayMs: 5, clientId: 'gone' }, 404, /client "gone" is not connected/],
    [{ kind: 'join-silent', channel: 'x', clientId: 'gone' }, 404, /client "gone" is not/],
    [{ kind: 'reconnect-storm', count: 2, intervalMs: 9, clientId: 'gone' }, 404, /not connected/],
  ])('%j answers %i with a clear message', async (body, status, message) => {
    const response = await fault(body);
    expect(response.status).toBe(status);
    expect((response.body as { error: string }).error).toMatch(message);
  });

  it('refuses an outage for one client: Twitch is down for everyone', async () => {
    await connected('tcp', 'justinfan8001');
    const { id } = await clientInfo(emulator, 'justinfan8001');
    const response = await fault({ kind: 'outage', durationMs: 100, clientId: id });
    expect(response).toMatchObject({
      status: 400,
      body: { error: 'an outage takes all of Twitch chat down: "clientId" does not apply' },
    });
    expect((await request(emulator, 'GET', '/control/faults')).body).toMatchObject({
      outage: null,
    });
  });
});

describe('moderation of messages sent earlier', () => {
  it('deletes a traffic message and times out its chatter, with every tag Twitch sends', async () => {
    const reader = await connected('tcp', 'justinfan9001', 'outage_room');
    const report = (
      await request(emulator, 'POST', '/control/channels/outage_room/traffic', {
        rate: 1000,
        durationSec: 0.02,
        seed: 7,
        wait: true,
      })
    ).body as { messageIds: string[] };
    const messageId = report.messageIds[0] ?? '';
    const original = await reader.waitForLine((line) => line.includes(`;id=${messageId};`));
    const [, author, text] = / :(\w+)!\S+ PRIVMSG #outage_room :(.*)$/.exec(original) ?? [];
    const room = emulator.state.users.byLogin('outage_room')?.id;
    const authorId = emulator.state.users.byLogin(author ?? '')?.id;

    // Only the id: the emulator remembers the channel's recent messages, whoever sent them.
    const deleted = await request(emulator, 'POST', '/control/channels/outage_room/clear-message', {
      messageId,
    });
    expect(deleted).toMatchObject({ status: 200, body: { connections: 1 } });
    const timedOut = await request(emulator, 'POST', '/control/channels/outage_room/clear-chat', {
      login: author,
      durationSec: 30,
    });
    expect(timedOut.status).toBe(200);
    await reader.waitForLine((line) => line.includes(' CLEARCHAT '));
    const ts = '\\d{13}';
    expect(reader.lines.find((line) => line.includes(' CLEARMSG '))).toMatch(
      new RegExp(
        `^@login=${author};room-id=;target-msg-id=${messageId};tmi-sent-ts=${ts} :tmi\\.twitch\\.tv CLEARMSG #outage_room :`,
      ),
    );
    expect(reader.lines.find((line) => line.includes(' CLEARMSG '))?.endsWith(` :${text}`)).toBe(
      true,
    );
    expect(reader.lines.find((line) => line.includes(' CLEARCHAT '))).toMatch(
      new RegExp(
        `^@ban-duration=30;room-id=${room};target-user-id=${authorId};tmi-sent-ts=${ts} :tmi\\.twitch\\.tv CLEARCHAT #outage_room :${author}$`,
      ),
    );
  });
});
