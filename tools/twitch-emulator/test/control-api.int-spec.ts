import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type TwitchEmulator } from '../src/index.js';
import {
  CLIENT,
  login,
  RawIrcClient,
  REDIRECT_URI,
  request,
  startTestEmulator,
} from './helpers.js';

let emulator: TwitchEmulator;

beforeAll(async () => {
  emulator = await startTestEmulator();
});
afterAll(() => emulator.close());

describe('control API validation', () => {
  it.each([
    ['POST', '/control/users', '{not json', /not valid JSON/],
    ['POST', '/control/users', '[1,2]', /must be a JSON object/],
    ['POST', '/control/users', { login: 'Has Spaces' }, /not a Twitch login/],
    ['POST', '/control/users', { displayName: 'x' }, /"login" must be a non-empty string/],
    ['POST', '/control/users', { login: 'ok_user', id: 'abc' }, /must be a string of digits/],
    [
      'POST',
      '/control/channels/emulator_streamer/messages',
      { messages: [] },
      /"messages" must be a non-empty array/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/messages',
      { messages: [{ login: 'a' }] },
      /messages\[0\]\.text/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/messages',
      { messages: [{ login: 'a', text: 'x', tags: { id: 5 } }] },
      /tags\.id must be a string/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/raw',
      { lines: ['ok', 'two\r\nlines'] },
      /lines\[1\] must not contain CR or LF/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/traffic',
      { rate: -1, durationSec: 1 },
      /"rate" must be between/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/traffic',
      { rate: 10 },
      /"durationSec" is required/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/traffic',
      { rate: 10, durationSec: 1, firstTimeShare: 0.8, returningShare: 0.5 },
      /must not exceed 1/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/clear-chat',
      { durationSec: 60 },
      /"durationSec" needs "login"/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/clear-chat',
      { login: 'emulator_streamer', durationSec: 1_209_601 },
      /"durationSec" must be between 1 and 1209600/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/clear-message',
      {},
      /"messageId" must be a non-empty string/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/clear-message',
      { messageId: 'x', login: 'someone', text: 'two\nlines' },
      /"text" must not contain line breaks/,
    ],
    ['POST', '/control/faults', { kind: 'meteor' }, /"kind" must be one of reconnect, drop/],
    ['POST', '/control/faults', { kind: 'stall' }, /"durationMs" is required/],
    ['POST', '/control/faults', { kind: 'helix-429' }, /give "durationMs" or "count"/],
    ['POST', '/control/faults', { kind: 'expire-token' }, /give "token" or "login"/],
    ['POST', '/control/faults', { kind: 'eventsub-revocation' }, /give "subscriptionId" or/],
    [
      'POST',
      '/control/faults',
      { kind: 'eventsub-revocation', login: 'emulator_streamer', status: 'bored' },
      /"status" must be one of authorization_revoked/,
    ],
    [
      'POST',
      '/control/faults',
      { kind: 'eventsub-reconnect', graceMs: 0 },
      /"graceMs" must be between 1 and/,
    ],
    ['POST', '/control/channels/emulator_streamer/raid', {}, /"from" must be a non-empty/],
    [
      'POST',
      '/control/channels/emulator_streamer/raid',
      { from: 'Not A Login' },
      /"from": "Not A Login" is not a Twitch login/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/raid',
      { from: 'raider_x', viewerCount: 0 },
      /"viewerCount" must be between 1/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/sub',
      { login: 'new_sub', plan: '4000' },
      /"plan" must be one of Prime, 1000, 2000, 3000/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/resub',
      { login: 'old_sub' },
      /"months" is required/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/resub',
      { login: 'old_sub', months: 3, streakMonths: 4 },
      /"streakMonths" must be between 1 and 3/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/subgift',
      { login: 'gifter_x', recipient: 'gifter_x' },
      /"recipient" must not be the gifter/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/subgift',
      { login: 'gifter_x', recipient: 'lucky_x', plan: 'Prime' },
      /Prime subscriptions cannot be gifted/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/announcement',
      { message: 'hi', color: 'pink' },
      /"color" must be one of PRIMARY/,
    ],
    [
      'POST',
      '/control/channels/emulator_streamer/announcement',
      { message: 'two\nlines' },
      /"message" must not contain line breaks/,
    ],
  ])('%s %s %j answers 400 with a clear message', async (method, path, body, message) => {
    const response = await request(emulator, method, path, body);
    expect(response.status).toBe(400);
    expect((response.body as { error: string }).error).toMatch(message);
  });

  it('refuses a USERNOTICE message over 500 characters', async () => {
    const response = await request(emulator, 'POST', '/control/channels/emulator_streamer/resub', {
      login: 'old_sub',
      months: 3,
      message: 'a'.repeat(501),
    });
    expect(response).toMatchObject({
      status: 400,
      body: { error: '"message" may hold at most 500 characters' },
    });
  });

  it('creates nobody when a USERNOTICE request is refused', async () => {
    const before = (await request(emulator, 'GET', '/control/users')).body as { data: unknown[] };
    for (const [path, body] of [
      ['raid', { from: 'raider_x', viewerCount: 0 }],
      ['sub', { login: 'new_sub', plan: '4000' }],
      ['resub', { login: 'old_sub', months: 3, streakMonths: 4 }],
      ['subgift', { login: 'gifter_x', recipient: 'lucky_x', plan: 'Prime' }],
    ] as const) {
      const response = await request(
        emulator,
        'POST',
        `/control/channels/emulator_streamer/${path}`,
        body,
      );
      expect(response.status).toBe(400);
    }
    const after = (await request(emulator, 'GET', '/control/users')).body as { data: unknown[] };
    expect(after.data).toHaveLength(before.data.length);
  });

  it('answers 404 for unknown channels and runs, 405 for wrong methods and 409 for taken logins', async () => {
    expect(
      (await request(emulator, 'POST', '/control/channels/ghost/raw', { lines: ['x'] })).status,
    ).toBe(404);
    expect((await request(emulator, 'GET', '/control/traffic/run-999')).status).toBe(404);
    expect(
      await request(emulator, 'POST', '/control/channels/emulator_streamer/clear-chat', {
        login: 'nobody_here',
      }),
    ).toMatchObject({ status: 404, body: { error: 'user "nobody_here" does not exist' } });
    const unknownMessage = await request(
      emulator,
      'POST',
      '/control/channels/emulator_streamer/clear-message',
      { messageId: '00000000-0000-4000-8000-000000000000' },
    );
    expect(unknownMessage.status).toBe(404);
    expect((unknownMessage.body as { error: string }).error).toMatch(/give "login" and "text"/);
    expect((await request(emulator, 'PUT', '/control/users', {})).status).toBe(405);
    const conflict = await request(emulator, 'POST', '/control/users', {
      login: 'emulator_streamer',
    });
    expect(conflict).toMatchObject({
      status: 409,
      body: { error: 'user "emulator_streamer" already exists' },
    });
  });
});

describe('control API origin and body rules', () => {
  const autoApproval = () =>
    fetch(
      `${emulator.httpUrl}/oauth2/authorize?${new URLSearchParams({
        client_id: CLIENT.clientId,
        redirect_uri: REDIRECT_URI,
        response_type: 'code',
        scope: 'user:read:email',
      }).toString()}`,
      { redirect: 'manual' },
    );

  it('refuses another website, before anything changes', async () => {
    for (const [method, path, body] of [
      ['POST', '/control/oauth/auto-approve', { login: 'emulator_streamer' }],
      ['POST', '/control/users', { login: 'made_by_evil' }],
      ['DELETE', '/control/faults', undefined],
      ['GET', '/control/users', undefined],
    ] as const) {
      const response = await request(emulator, method, path, body, {
        Origin: 'https://evil.example',
      });
      expect(response).toMatchObject({
        status: 403,
        body: { error: expect.stringContaining('refuses cross-origin requests') },
      });
    }
    const users = (await request(emulator, 'GET', '/control/users')).body as {
      data: { login: string }[];
    };
    expect(users.data.map((user) => user.login)).not.toContain('made_by_evil');
    expect((await autoApproval()).status).toBe(200);
  });

  it('refuses a body that is not JSON, as a form or text/plain page would send', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const response = await fetch(`${emulator.httpUrl}/control/oauth/auto-approve`, {
        method: 'POST',
        headers: contentType ? { 'Content-Type': contentType } : {},
        body: contentType ? JSON.stringify({ login: 'emulator_streamer' }) : undefined,
      });
      expect(response.status).toBe(415);
      expect(((await response.json()) as { error: string }).error).toMatch(
        /accepts only Content-Type: application\/json/,
      );
    }
    expect((await autoApproval()).status).toBe(200);
  });

  it('accepts its own origin and callers that send none', async () => {
    const own = await request(emulator, 'GET', '/control/users', undefined, {
      Origin: new URL(emulator.httpUrl).origin,
    });
    expect(own.status).toBe(200);
    const charset = await fetch(`${emulator.httpUrl}/control/users`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ login: 'json_with_charset' }),
    });
    expect(charset.status).toBe(201);
  });
});

describe('control API behaviour', () => {
  it('creates and lists users', async () => {
    const created = await request(emulator, 'POST', '/control/users', {
      login: 'listed',
      displayName: 'Listed',
      id: '4242',
    });
    expect(created).toMatchObject({
      status: 201,
      body: { id: '4242', login: 'listed', displayName: 'Listed' },
    });
    const list = (await request(emulator, 'GET', '/control/users')).body as {
      data: { login: string }[];
    };
    expect(list.data.map((user) => user.login)).toContain('listed');
  });

  it('runs seeded traffic: same seed, same chatters and fresh message ids; reports deliveries exactly', async () => {
    const client = await RawIrcClient.tcp(emulator);
    await login(client);
    client.send('JOIN #emulator_streamer');
    await client.waitForLine((line) => line.includes('ROOMSTATE'));
    const options = {
      rate: 2000,
      durationSec: 0.25,
      chatters: 30,
      seed: 99,
      replies: true,
      duplicateIdShare: 0.1,
      unicode: true,
      longLines: true,
      wait: true,
    };
    const first = (
      await request(emulator, 'POST', '/control/channels/emulator_streamer/traffic', options)
    ).body as Record<string, unknown>;
    const second = (
      await request(emulator, 'POST', '/control/channels/emulator_streamer/traffic', options)
    ).body as Record<string, unknown>;
    expect(first).toMatchObject({ status: 'finished', sent: 500, delivered: 500 });
    expect(first.duplicates).toBeGreaterThan(0);
    expect(second.perChatter).toEqual(first.perChatter);
    expect(second.duplicates).toBe(first.duplicates);
    const ids = first.messageIds as string[];
    const secondIds = second.messageIds as string[];
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length + (first.duplicates as number)).toBe(500);
    // A rerun (or a restarted emulator) never repeats a message id the product may have seen.
    expect(secondIds.filter((id) => ids.includes(id))).toEqual([]);
    expect(second.messageIdsSha256).not.toBe(first.messageIdsSha256);
    await client.waitUntil(
      () => client.lines.filter((line) => line.includes(' PRIVMSG ')).length >= 1000,
    );
    const received = client.lines
      .filter((line) => line.includes(' PRIVMSG '))
      .map((line) => /;id=([^;]+);/.exec(line)?.[1]);
    expect(new Set(received)).toEqual(new Set([...ids, ...secondIds]));
    const progress = await request(emulator, 'GET', `/control/traffic/${String(first.runId)}`);
    expect(progress.body).toMatchObject({ runId: first.runId, status: 'finished', sent: 500 });
    client.close();
  });

  it('mixes the requested share of USERNOTICEs into traffic and counts them apart from chat', async () => {
    const client = await RawIrcClient.tcp(emulator);
    await login(client);
    client.send('JOIN #emulator_streamer');
    await client.waitForLine((line) => line.includes('ROOMSTATE'));
    const report = (
      await request(emulator, 'POST', '/control/channels/emulator_streamer/traffic', {
        rate: 2000,
        durationSec: 0.5,
        chatters: 20,
        seed: 5,
        userNoticeShare: 0.1,
        wait: true,
      })
    ).body as {
      sent: number;
      delivered: number;
      userNotices: Record<string, number>;
      messageIds: string[];
      perChatter: Record<string, number>;
    };
    const notices = Object.values(report.userNotices).reduce((sum, n) => sum + n, 0);
    expect(report).toMatchObject({ sent: 1000, delivered: 1000 });
    expect(notices).toBeGreaterThan(50);
    expect(notices).toBeLessThan(160);
    expect(report.messageIds).toHaveLength(1000 - notices);
    expect(Object.values(report.perChatter).reduce((sum, n) => sum + n, 0)).toBe(1000 - notices);
    await client.waitUntil(
      () =>
        client.lines.filter((line) => / (PRIVMSG|USERNOTICE) #emulator_streamer/.test(line))
          .length >= 1000,
    );
    const received = client.lines.filter((line) => line.includes(' USERNOTICE #emulator_streamer'));
    expect(received).toHaveLength(notices);
    const kinds: Record<string, number> = {};
    for (const line of received) {
      const kind = /;msg-id=([^;]+);/.exec(line)?.[1] ?? '';
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
    expect(kinds).toEqual(report.userNotices);
    client.close();
  });

  it('sends raids, subs, resubs, subgifts and announcements only to clients with twitch.tv/commands', async () => {
    const withCommands = await RawIrcClient.tcp(emulator);
    await login(withCommands);
    withCommands.send('JOIN #emulator_streamer');
    await withCommands.waitForLine((line) => line.includes('ROOMSTATE'));
    const plain = await RawIrcClient.tcp(emulator);
    plain.send('NICK justinfan4711', 'JOIN #emulator_streamer');
    await plain.waitForLine((line) => line.includes(' 366 '));

    const send = (path: string, body: object) =>
      request(emulator, 'POST', `/control/channels/emulator_streamer/${path}`, body);
    const raid = await send('raid', { from: 'big_raider', viewerCount: 1234 });
    expect(raid).toMatchObject({ status: 200, body: { lines: 1, connections: 1, deliveries: 1 } });
    const raider = emulator.state.users.byLogin('big_raider');
    expect((raid.body as { line: string }).line).toContain(
      `;msg-id=raid;msg-param-displayName=big_raider;msg-param-login=big_raider;`,
    );
    expect((raid.body as { line: string }).line).toContain(`;user-id=${raider?.id};`);
    const sub = await send('sub', { login: 'first_sub', plan: 'Prime' });
    const resub = await send('resub', {
      login: 'loyal_sub',
      months: 7,
      streakMonths: 7,
      message: 'still here',
    });
    const gift = await send('subgift', { login: 'generous', recipient: 'lucky_one', months: 2 });
    const news = await send('announcement', { message: 'big news', color: 'green' });
    const ids = [raid, sub, resub, gift, news].map(
      (response) => (response.body as { messageId: string }).messageId,
    );
    expect(new Set(ids).size).toBe(5);
    await withCommands.waitUntil(
      () => withCommands.lines.filter((line) => line.includes(' USERNOTICE ')).length === 5,
    );
    const lines = withCommands.lines.filter((line) => line.includes(' USERNOTICE '));
    expect(lines.map((line) => /;msg-id=([^;]+);/.exec(line)?.[1])).toEqual([
      'raid',
      'sub',
      'resub',
      'subgift',
      'announcement',
    ]);
    expect(lines.map((line) => /;id=([^;]+);/.exec(line)?.[1])).toEqual(ids);
    expect(lines[2]).toMatch(
      /;msg-param-cumulative-months=7;.* :tmi\.twitch\.tv USERNOTICE #emulator_streamer :still here$/,
    );
    expect(lines[4]).toMatch(/;login=emulator_streamer;.*;msg-param-color=GREEN;/);
    // Without twitch.tv/commands a client gets chat but none of the USERNOTICEs.
    await request(emulator, 'POST', '/control/channels/emulator_streamer/messages', {
      messages: [{ login: 'lucky_one', text: 'thanks for the gift' }],
    });
    await plain.waitForLine((line) => line.endsWith(':thanks for the gift'));
    expect(plain.lines.some((line) => line.includes('USERNOTICE'))).toBe(false);
    withCommands.close();
    plain.close();
  });

  it('keeps each login’s user id across a restart and never reissues a message id', async () => {
    const inject = async (target: TwitchEmulator) => {
      const response = await request(
        target,
        'POST',
        '/control/channels/emulator_streamer/messages',
        {
          messages: [
            { login: 'restart_viewer', text: 'hello again' },
            { login: 'restart_other', text: 'me too' },
          ],
        },
      );
      return (response.body as { messageIds: string[] }).messageIds;
    };
    const first = await startTestEmulator();
    const firstIds = await inject(first);
    const firstUsers = ['emulator_streamer', 'restart_viewer', 'restart_other'].map(
      (name) => first.state.users.byLogin(name)?.id,
    );
    await first.close();
    const restarted = await startTestEmulator();
    try {
      // Created in the other order this time.
      await request(restarted, 'POST', '/control/users', { login: 'restart_other' });
      const restartedIds = await inject(restarted);
      expect(
        ['emulator_streamer', 'restart_viewer', 'restart_other'].map(
          (name) => restarted.state.users.byLogin(name)?.id,
        ),
      ).toEqual(firstUsers);
      expect(new Set(firstUsers).size).toBe(3);
      expect(restartedIds.filter((id) => firstIds.includes(id))).toEqual([]);
    } finally {
      await restarted.close();
    }
  });

  it('starts traffic without waiting and stops it on DELETE', async () => {
    const started = await request(emulator, 'POST', '/control/channels/emulator_streamer/traffic', {
      rate: 10,
      durationSec: 60,
    });
    expect(started.status).toBe(202);
    const runId = (started.body as { runId: string }).runId;
    const stopped = await request(emulator, 'DELETE', `/control/traffic/${runId}`);
    expect(stopped.body).toMatchObject({ runId, status: 'stopped' });
  });

  it('lists clients and what each one sent', async () => {
    const client = await RawIrcClient.ws(emulator);
    await login(client, undefined, 'justinfan31337');
    const list = (await request(emulator, 'GET', '/control/clients')).body as {
      data: { id: string; nick: string; transport: string; caps: string[] }[];
    };
    const info = list.data.find((entry) => entry.nick === 'justinfan31337');
    expect(info).toMatchObject({
      transport: 'ws',
      caps: ['twitch.tv/tags', 'twitch.tv/commands', 'twitch.tv/membership'],
    });
    const sent = await request(emulator, 'GET', `/control/clients/${info?.id}/sent`);
    expect((sent.body as { lines: string[] }).lines).toEqual([
      'CAP REQ :twitch.tv/tags twitch.tv/commands twitch.tv/membership',
      'NICK justinfan31337',
    ]);
    client.close();
  });

  it('injects latency, split frames, stalls and malformed lines', async () => {
    const client = await RawIrcClient.tcp(emulator);
    await login(client, undefined, 'justinfan777');
    const id = (
      (await request(emulator, 'GET', '/control/clients')).body as {
        data: { id: string; nick: string }[];
      }
    ).data.find((entry) => entry.nick === 'justinfan777')?.id;
    // Over WebSocket every write is one frame, so a split line arrives as two frames.
    const wsClient = await RawIrcClient.ws(emulator);
    await login(wsClient, undefined, 'justinfan778');
    const wsId = (
      (await request(emulator, 'GET', '/control/clients')).body as {
        data: { id: string; nick: string }[];
      }
    ).data.find((entry) => entry.nick === 'justinfan778')?.id;
    await request(emulator, 'POST', '/control/faults', { kind: 'split-frames', clientId: wsId });
    const framesBefore = wsClient.bytes.length;
    wsClient.send('PING :split');
    await wsClient.waitForLine((line) => line.endsWith(':split'));
    const frames = wsClient.bytes.slice(framesBefore).map((frame) => frame.toString('utf8'));
    expect(frames).toHaveLength(2);
    expect(frames.join('')).toBe(':tmi.twitch.tv PONG tmi.twitch.tv :split\r\n');
    expect(frames[0]?.endsWith('\r\n')).toBe(false);
    wsClient.close();
    await request(emulator, 'DELETE', '/control/faults');

    await request(emulator, 'POST', '/control/faults', { kind: 'latency', ms: 150, clientId: id });
    const sentAt = Date.now();
    client.send('PING :slow');
    await client.waitForLine((line) => line.endsWith(':slow'));
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(140);
    await request(emulator, 'DELETE', '/control/faults');

    const malformed = await request(emulator, 'POST', '/control/faults', {
      kind: 'malformed',
      clientId: id,
    });
    await client.waitForLine((line) => line === ':::: :::: ::::');
    expect(malformed.body).toMatchObject({ affected: 1 });

    await request(emulator, 'POST', '/control/faults', {
      kind: 'stall',
      durationMs: 200,
      clientId: id,
    });
    const stalledAt = Date.now();
    client.send('PING :stalled');
    await client.waitForLine((line) => line.endsWith(':stalled'));
    expect(Date.now() - stalledAt).toBeGreaterThanOrEqual(180);
    client.close();
  });
});
