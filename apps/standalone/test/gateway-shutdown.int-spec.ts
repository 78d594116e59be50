import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LIVE_EVENTS, emitEvent } from '@greetboard/contracts';
import {
  freePort,
  startProgram,
  TEST_INFRASTRUCTURE,
  waitFor,
  type RunningProgram,
} from '@greetboard/testing';
import { FailFastNatsClient } from '@greetboard/transport';
import { WebSocket } from 'ws';
import { startAuthStack, type AuthStack } from './auth-stack.js';
import { signedInBrowser, type Browser } from './sign-in-client.js';

/**
 * A rolling restart of two gateway processes with a browser's live socket open (cluster
 * mode, on NATS): SIGTERM closes the socket with 1001 and the process exits within its grace
 * period; the browser reconnects to the other replica and keeps receiving every event.
 */
const SHUTDOWN_GRACE_MS = 4_000;

describe('gateway shutdown with open live sockets', () => {
  let stack: AuthStack;
  let bus: FailFastNatsClient;
  const gateways = new Map<string, { url: string; program: RunningProgram }>();

  const startGateway = async (name: string) => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const program = startProgram('services/gateway/dist/main.js', {
      LOG_LEVEL: 'log',
      NATS_URL: stack.transport.kind === 'nats' ? stack.transport.url : '',
      // The stack's installation: its subjects and keys, so both gateways meet its services.
      INSTALLATION_PREFIX:
        (stack.transport.kind === 'nats' && stack.transport.prefix) || 'greetboard',
      REDIS_URL: TEST_INFRASTRUCTURE.redis,
      PORT: String(port),
      PUBLIC_URL: stack.url,
      SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS),
    });
    await waitFor(
      async () => (await fetch(`${url}/healthz`).catch(() => undefined))?.status === 200,
      { timeoutMs: 20_000, what: `gateway ${name}` },
    );
    gateways.set(name, { url, program });
  };

  /** A socket as the web app keeps one: on close it reconnects, here to `next()`'s gateway. */
  const liveClient = (browser: Browser, next: () => string) => {
    const received: string[] = [];
    const closes: number[] = [];
    let opened = 0;
    const connect = () => {
      const socket = new WebSocket(`${next().replace('http', 'ws')}/ws`, {
        headers: { Cookie: browser.cookieHeader(), Origin: new URL(stack.url).origin },
      });
      socket.on('open', () => (opened += 1));
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString()) as { payload: { id: string } };
        received.push(message.payload.id);
      });
      socket.on('close', (code) => {
        closes.push(code);
        if (code === 1001) connect();
      });
      client.socket = socket;
    };
    const client = {
      received,
      closes,
      opened: () => opened,
      socket: undefined as WebSocket | undefined,
    };
    connect();
    return client;
  };

  const emit = (userId: string, id: string) =>
    emitEvent(bus, LIVE_EVENTS.relay, {
      userIds: [userId],
      type: 'chatter_update',
      payload: { id } as never,
    });

  beforeAll(async () => {
    stack = await startAuthStack({ transport: 'nats' });
    bus = new FailFastNatsClient({
      servers: [stack.transport.kind === 'nats' ? stack.transport.url : ''],
    });
    bus.prefix = stack.transport.kind === 'nats' ? stack.transport.prefix : undefined;
    await startGateway('a');
    await startGateway('b');
  }, 60_000);

  afterAll(async () => {
    for (const { program } of gateways.values()) await program.stop('SIGKILL');
    await bus?.close();
    await stack?.close();
  }, 60_000);

  it('closes sockets with 1001, exits within the grace period, and the browser carries on at the other replica', async () => {
    const browser = await signedInBrowser(stack, 'rolling_user');
    const { id: userId } = (await browser.api(stack.url, 'GET', '/auth/me')).body as { id: string };
    // First to gateway a; once a goes away, the load balancer sends the reconnect to b.
    let target = gateways.get('a')!.url;
    const client = liveClient(browser, () => target);
    await waitFor(() => client.opened() === 1, { timeoutMs: 10_000, what: 'the socket at a' });

    const before = Array.from({ length: 5 }, () => randomUUID());
    for (const id of before) await emit(userId, id);
    await waitFor(() => before.every((id) => client.received.includes(id)), {
      timeoutMs: 10_000,
      what: 'events at gateway a',
    });

    target = gateways.get('b')!.url;
    const started = Date.now();
    const exitCode = await gateways.get('a')!.program.stop('SIGTERM');
    const shutdownMs = Date.now() - started;
    expect(exitCode).toBe(0);
    expect(client.closes[0]).toBe(1001);
    // A deadline the product promises (Kubernetes kills the pod after the grace period).
    expect(shutdownMs).toBeLessThan(SHUTDOWN_GRACE_MS + 1_000);

    await waitFor(() => client.opened() === 2, { timeoutMs: 10_000, what: 'the reconnect to b' });
    const after = Array.from({ length: 5 }, () => randomUUID());
    for (const id of after) await emit(userId, id);
    await waitFor(() => after.every((id) => client.received.includes(id)), {
      timeoutMs: 10_000,
      what: 'events at gateway b',
    });
    // Each event once: nothing lost, nothing doubled across the two replicas.
    expect(client.received).toEqual([...before, ...after]);
    client.socket?.close();
  }, 60_000);

  it('restarts the other replica the same way while the socket is open there', async () => {
    const browser = await signedInBrowser(stack, 'rolling_user_2');
    const { id: userId } = (await browser.api(stack.url, 'GET', '/auth/me')).body as { id: string };
    await startGateway('a');
    let target = gateways.get('b')!.url;
    const client = liveClient(browser, () => target);
    await waitFor(() => client.opened() === 1, { timeoutMs: 10_000, what: 'the socket at b' });
    target = gateways.get('a')!.url;
    const started = Date.now();
    expect(await gateways.get('b')!.program.stop('SIGTERM')).toBe(0);
    expect(Date.now() - started).toBeLessThan(SHUTDOWN_GRACE_MS + 1_000);
    expect(client.closes).toEqual([1001]);
    await waitFor(() => client.opened() === 2, { timeoutMs: 10_000, what: 'the reconnect to a' });
    const id = randomUUID();
    await emit(userId, id);
    await waitFor(() => client.received.includes(id), {
      timeoutMs: 10_000,
      what: 'the event at a',
    });
    client.socket?.close();
  }, 60_000);

  let signedIn: Browser;

  it('answers probes alike with or without a cookie, even with auth gone', async () => {
    const browser = (signedIn = await signedInBrowser(stack, 'probing_user'));
    const { url } = gateways.get('a')!;
    await stack.auth.close();
    const probe = async (path: string, cookie?: string) => {
      const response = await fetch(`${url}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
      return { status: response.status, body: await response.json() };
    };
    for (const path of ['/healthz', '/readyz']) {
      expect(await probe(path, browser.cookieHeader())).toEqual(await probe(path));
    }
    expect((await probe('/healthz', browser.cookieHeader())).status).toBe(200);
    // Ready all the same: only auth's routes need auth; the body names it as down.
    expect(await probe('/readyz', browser.cookieHeader())).toMatchObject({
      status: 200,
      body: { status: 'ready', checks: { nats: 'up', auth: 'down' } },
    });
  }, 30_000);

  it('answers 503 SERVICE_UNAVAILABLE while the bus is down', async () => {
    // A cookie of a signed-in user: the gateway has to ask auth over the (dead) bus.
    const browser = signedIn;
    const { url } = gateways.get('a')!;
    await stack.nats!.stop();
    try {
      const response = await fetch(`${url}/api/sessions`, {
        headers: { Cookie: browser.cookieHeader(), Origin: stack.url },
      });
      expect({ status: response.status, body: await response.json() }).toMatchObject({
        status: 503,
        body: { code: 'SERVICE_UNAVAILABLE' },
      });
      // Its own NATS connection is what a gateway needs to serve: without it, it is not ready.
      const ready = await fetch(`${url}/readyz`);
      expect({ status: ready.status, body: await ready.json() }).toMatchObject({
        status: 503,
        body: { status: 'not_ready', checks: { nats: 'down' } },
      });
    } finally {
      await stack.nats!.start();
    }
  }, 30_000);
});
