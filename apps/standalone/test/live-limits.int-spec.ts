import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { startServiceApp } from '@greetboard/service-kit';
import { SessionsModule } from '@greetboard/sessions';
import {
  freePort,
  startProgram,
  TEST_INFRASTRUCTURE,
  waitFor,
  type RunningProgram,
} from '@greetboard/testing';
import { createDurableStreams, type DurableStreams } from '@greetboard/transport';
import { WebSocket } from 'ws';
import { startAuthStack, type AuthStack } from './auth-stack.js';
import { signedInBrowser, type Browser } from './sign-in-client.js';

const MESSAGES_PER_USER = 20;
const SOCKETS_PER_OVERLAY_LINK = 50;
const ANONYMOUS_UPGRADES = 20;
const REFUSALS_BEFORE_CLOSE = 10;

interface Gateway {
  program: RunningProgram;
  url: string;
  metricsUrl: string;
}

/** The live socket, or the HTTP status and body its upgrade was refused with. */
type Opened =
  { socket: WebSocket; status: 101 } | { status: number; body: string; retryAfter?: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `now % windowMs` leaves at least `needMs` of the fixed window. */
async function earlyInWindow(windowMs: number, needMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await sleep(left + 50);
}

/**
 * The live channel's protective limits on a gateway of its own process, with real NATS, Redis,
 * PostgreSQL and the real auth and sessions services: a user's message rate is one across all
 * their sockets, refused messages cost a counter and close a socket that keeps sending them
 * (4029) instead of writing a log line each, an overlay link's sockets have a cap of their own
 * that never locks the owner out, a join flood leaves other users' requests fast, and upgrades
 * without a credential count against their address's API limit.
 */
describe('limits of the live channel', () => {
  let stack: AuthStack;
  let streams: DurableStreams;
  let sessions: INestMicroservice;
  let gateway: Gateway;
  let owner: Browser;
  const sockets: WebSocket[] = [];
  const programs: RunningProgram[] = [];

  const startGatewayProcess = async (env: Record<string, string>): Promise<Gateway> => {
    const port = await freePort();
    const metricsPort = await freePort();
    const program = startProgram('services/gateway/dist/main.js', {
      LOG_LEVEL: 'warn',
      NATS_URL: stack.transport.kind === 'nats' ? stack.transport.url : '',
      INSTALLATION_PREFIX: stack.transport.prefix ?? '',
      REDIS_URL: TEST_INFRASTRUCTURE.redis,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      PUBLIC_URL: stack.url,
      ...env,
    });
    programs.push(program);
    const url = `http://127.0.0.1:${port}`;
    await waitFor(
      async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.status === 200,
      {
        timeoutMs: 20_000,
        what: 'the gateway process',
      },
    );
    return { program, url, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
  };

  const open = (
    base: string,
    options: { cookie?: string; token?: string; forwardedFor?: string } = {},
  ) =>
    new Promise<Opened>((resolve, reject) => {
      const query = options.token ? `?token=${options.token}` : '';
      const socket = new WebSocket(`${base.replace('http', 'ws')}/ws${query}`, {
        headers: {
          Origin: new URL(stack.url).origin,
          ...(options.cookie ? { Cookie: options.cookie } : {}),
          ...(options.forwardedFor ? { 'X-Forwarded-For': options.forwardedFor } : {}),
        },
      });
      socket.once('open', () => {
        sockets.push(socket);
        resolve({ socket, status: 101 });
      });
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body,
            retryAfter: response.headers['retry-after'],
          }),
        );
      });
      socket.once('error', reject);
    });

  const openSocket = async (base: string, browser: Browser): Promise<WebSocket> => {
    const opened = await open(base, { cookie: browser.cookieHeader() });
    if (!('socket' in opened)) throw new Error(`live socket refused: ${opened.status}`);
    return opened.socket;
  };

  const closeOf = (socket: WebSocket) =>
    new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );

  const refusedCount = async (reason: string): Promise<number> => {
    const text = await (await fetch(gateway.metricsUrl)).text();
    const line = text
      .split('\n')
      .find((row) => row.startsWith(`greetboard_live_messages_refused_total{reason="${reason}"`));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };

  const ids = { sender: '' };
  const idOf = async (browser: Browser) =>
    ((await browser.api(stack.url, 'GET', '/auth/me')).body as { id: string }).id;

  beforeAll(async () => {
    stack = await startAuthStack({ transport: 'nats', adminLogins: ['limits_owner'] });
    streams = await createDurableStreams(stack.transport);
    sessions = await startServiceApp(
      'sessions',
      SessionsModule.register({
        transport: stack.transport,
        database: { kind: 'postgres', url: stack.database.url, poolSize: 2 },
        streams,
      }),
      stack.transport,
      'warn',
    );
    gateway = await startGatewayProcess({
      RATE_LIMIT_API_PER_MINUTE: '100000',
      LIVE_MESSAGES_PER_USER: String(MESSAGES_PER_USER),
      LIVE_SOCKETS_PER_OVERLAY_LINK: String(SOCKETS_PER_OVERLAY_LINK),
    });
    owner = await signedInBrowser(stack, 'limits_owner');
    // The sessions service knows the owner once auth's events reached its projection.
    await waitFor(
      async () => (await owner.api(gateway.url, 'GET', '/api/sessions')).status === 200,
      {
        timeoutMs: 20_000,
        what: 'the owner at the sessions service',
      },
    );
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    for (const program of programs) await program.stop('SIGKILL');
    await sessions?.close();
    await streams?.close();
    await stack?.close();
  });

  it('counts a user’s messages against one limit across all their sockets', async () => {
    const talker = await signedInBrowser(stack, 'limits_talker');
    const first = await openSocket(gateway.url, talker);
    const second = await openSocket(gateway.url, talker);
    const others = await openSocket(gateway.url, owner);
    const before = await refusedCount('user_rate');
    await earlyInWindow(10_000, 5_000);
    // 12 + 12 of the talker's (each socket within its own 30), 12 of the owner's.
    for (let index = 0; index < 12; index++) {
      for (const socket of [first, second, others])
        socket.send(JSON.stringify({ type: 'leave_session', payload: {} }));
    }
    await waitFor(async () => (await refusedCount('user_rate')) >= before + 4, {
      timeoutMs: 5_000,
      what: 'the talker’s messages over the limit to be refused',
    });
    await sleep(300);
    expect((await refusedCount('user_rate')) - before).toBe(24 - MESSAGES_PER_USER);
    expect([first.readyState, second.readyState, others.readyState]).toEqual([
      WebSocket.OPEN,
      WebSocket.OPEN,
      WebSocket.OPEN,
    ]);
  }, 30_000);

  it('closes a socket that keeps sending refused messages, with 4029', async () => {
    const sender = await signedInBrowser(stack, 'limits_sender');
    ids.sender = await idOf(sender);
    const socket = await openSocket(gateway.url, sender);
    const closed = closeOf(socket);
    await earlyInWindow(10_000, 5_000);
    for (let index = 0; index < REFUSALS_BEFORE_CLOSE; index++) socket.send('not json');
    await sleep(500);
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.send('not json');
    expect(await closed).toEqual({ code: 4029, reason: 'Too many refused messages' });
  }, 30_000);

  it('gives overlay links a socket cap of their own that never locks the owner out', async () => {
    const created = await owner.api(stack.url, 'POST', '/api/overlay-links', { access: 'read' });
    expect(created.status).toBe(201);
    const { token } = created.body as { token: string };
    const opened: Opened[] = [];
    for (let index = 0; index < SOCKETS_PER_OVERLAY_LINK; index++)
      opened.push(await open(gateway.url, { token }));
    expect(opened.map((answer) => answer.status)).toEqual(
      Array<number>(SOCKETS_PER_OVERLAY_LINK).fill(101),
    );
    // The owner's dashboard still connects, and the link's next socket is refused.
    expect((await open(gateway.url, { cookie: owner.cookieHeader() })).status).toBe(101);
    const refused = await open(gateway.url, { token });
    expect(refused).toMatchObject({ status: 429 });
    expect(JSON.parse((refused as { body: string }).body)).toMatchObject({
      code: 'LIVE_SOCKET_LIMIT',
    });
  }, 60_000);

  it('keeps other users’ requests fast while an unapproved account floods join_session', async () => {
    const flooder = await signedInBrowser(stack, 'limits_flooder');
    expect(
      ((await flooder.api(stack.url, 'GET', '/auth/me')).body as { isApproved: boolean })
        .isApproved,
    ).toBe(false);
    const floodSockets: WebSocket[] = [];
    for (let index = 0; index < 50; index++)
      floodSockets.push(await openSocket(gateway.url, flooder));
    const closes = floodSockets.map(closeOf);
    const durations: number[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const started = performance.now();
        expect((await owner.api(gateway.url, 'GET', '/api/sessions')).status).toBe(200);
        durations.push(performance.now() - started);
        await sleep(20);
      }
    })();
    await sleep(500);
    for (const socket of floodSockets) {
      for (let index = 0; index < 30; index++)
        socket.send(JSON.stringify({ type: 'join_session', payload: { sessionId: randomUUID() } }));
    }
    const codes = await Promise.all(closes.map((close) => close.then(({ code }) => code)));
    await sleep(1_000);
    polling = false;
    await poll;
    // The joins over the user's limit are refused, and each socket sending them is closed.
    expect(new Set(codes)).toEqual(new Set([4029]));
    expect(durations.length).toBeGreaterThan(10);
    expect(Math.max(...durations)).toBeLessThan(1_000);
  }, 60_000);

  it('counts upgrades without a credential against the client address’s API limit', async () => {
    // Behind one trusted proxy: the client address is the last X-Forwarded-For entry.
    const limited = await startGatewayProcess({
      RATE_LIMIT_API_PER_MINUTE: String(ANONYMOUS_UPGRADES),
      TRUST_PROXY_HOPS: '1',
    });
    const address = `198.51.100.${1 + Math.floor(Math.random() * 250)}`;
    const other = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
    await earlyInWindow(60_000, 10_000);
    const answers: Opened[] = [];
    for (let index = 0; index < ANONYMOUS_UPGRADES; index++)
      answers.push(await open(limited.url, { forwardedFor: address }));
    expect(answers.map((answer) => answer.status)).toEqual(
      Array<number>(ANONYMOUS_UPGRADES).fill(401),
    );
    const refused = await open(limited.url, { forwardedFor: address });
    expect(refused).toMatchObject({ status: 429, retryAfter: expect.stringMatching(/^\d+$/) });
    expect(JSON.parse((refused as { body: string }).body)).toMatchObject({ code: 'RATE_LIMITED' });
    // One counter per address: its API requests are refused as well, another address's not.
    const api = (from: string) =>
      fetch(`${limited.url}/api/settings`, { headers: { 'X-Forwarded-For': from } });
    expect((await api(address)).status).toBe(429);
    expect((await api(other)).status).toBe(401);
    expect((await open(limited.url, { forwardedFor: other })).status).toBe(401);
  }, 60_000);

  it('logs refused messages as one summary line per user, never one line each', async () => {
    const output = gateway.program.output();
    expect(output).not.toMatch(/Dropped|refused: |sent live messages too fast/);
    await gateway.program.stop('SIGTERM');
    const summaries = gateway.program
      .output()
      .split('\n')
      .filter((line) => line.includes('Refused') && line.includes('live messages of user'));
    const users = summaries.map((line) => /of user (\S+)/.exec(line)?.[1]);
    // The talker, the sender and the flooder: one line each, whatever the number refused.
    expect(users).toHaveLength(3);
    expect(new Set(users).size).toBe(3);
    expect(users).toContain(ids.sender);
  }, 30_000);
});
