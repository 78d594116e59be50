import { readdirSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebSocket } from 'ws';
import { startDemoRuntime, waitFor, type DemoRuntime } from '@greetboard/testing';
import { signInDemo } from './demo-sign-in.js';
import { Browser } from './sign-in-client.js';

/**
 * Raw connections as an attacker opens them: Upgrade requests to paths other than
 * /ws, and connections that never send a byte. Every one must be answered or closed, the
 * process must keep serving /healthz, and SIGTERM must still end it. Only 127.0.0.1 is used.
 */
const HEADERS_TIMEOUT_MS = 2_000;
const SHUTDOWN_GRACE_MS = 3_000;
const UPGRADE_CONNECTIONS = 1_500;
const IDLE_CONNECTIONS = 1_000;
const SOCKETS_PER_USER = 3;

function upgradeRequest(path: string): string {
  return (
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade, HTTP2-Settings\r\n` +
    'Upgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n'
  );
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** The status line the server sends back, or null when it sends nothing within `waitMs`. */
async function firstLine(port: number, request: string, waitMs: number): Promise<string | null> {
  const socket = await connect(port);
  try {
    return await new Promise<string | null>((resolve) => {
      let received = '';
      const timer = setTimeout(() => resolve(null), waitMs);
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
        if (received.includes('\r\n')) {
          clearTimeout(timer);
          resolve(received.slice(0, received.indexOf('\r\n')));
        }
      });
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(received ? received.split('\r\n')[0] : null);
      });
      socket.write(request);
    });
  } finally {
    socket.destroy();
  }
}

/** Opens `count` connections, `batch` at a time, each sending `request` (nothing when empty). */
async function openMany(port: number, count: number, request: string): Promise<net.Socket[]> {
  const sockets: net.Socket[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, count - start) }, () => connect(port)),
    );
    for (const socket of batch) {
      socket.on('error', () => undefined);
      // Reads (and drops) what the server sends, so its close is seen.
      socket.resume();
      if (request) socket.write(request);
      sockets.push(socket);
    }
  }
  return sockets;
}

function openFiles(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** Milliseconds /healthz took to answer 200, one request at a time. */
async function healthzTimes(base: string, rounds: number): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

describe('raw connections: upgrades to other paths and silent clients', () => {
  let runtime: DemoRuntime;
  let port: number;
  let pid: number;

  beforeAll(async () => {
    runtime = await startDemoRuntime({
      name: 'raw-connections',
      env: {
        HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
        SHUTDOWN_GRACE_MS: String(SHUTDOWN_GRACE_MS),
        LIVE_SOCKETS_PER_USER: String(SOCKETS_PER_USER),
      },
    });
    port = runtime.port;
    pid = runtime.program.child.pid!;
  }, 150_000);

  afterAll(async () => {
    // A runtime that ignored SIGTERM must not outlive the test.
    if (runtime?.program.child.exitCode === null) runtime.program.child.kill('SIGKILL');
    await runtime?.stop();
  });

  it('answers an Upgrade request to any path but /ws as a normal request', async () => {
    expect(await firstLine(port, upgradeRequest('/healthz'), 5_000)).toBe('HTTP/1.1 200 OK');
    for (const path of ['/api/app-info', '/', '/WS', '/ws/', '/wsx', '/api/settings']) {
      const line = await firstLine(port, upgradeRequest(path), 5_000);
      expect(line).toMatch(/^HTTP\/1\.1 [1-5]\d\d /);
      expect(line).not.toMatch(/ 101 /);
    }
  });

  it('keeps serving /healthz under thousands of raw connections and frees them all', async () => {
    const baseline = openFiles(pid);
    const upgrades = await openMany(port, UPGRADE_CONNECTIONS, upgradeRequest('/healthz'));
    const idle = await openMany(port, IDLE_CONNECTIONS, '');
    const idleClosed = idle.map(
      (socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())),
    );

    const times = await healthzTimes(runtime.base, 20);
    const median = times[Math.floor(times.length / 2)];
    process.stdout.write(
      `/healthz with ${UPGRADE_CONNECTIONS} upgrade and ${IDLE_CONNECTIONS} idle connections ` +
        `open: median ${median.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms\n`,
    );

    // Silent connections are closed by the server once the headers timeout has passed.
    const idleStarted = performance.now();
    await Promise.all(idleClosed);
    process.stdout.write(
      `idle connections closed by the server after ${(performance.now() - idleStarted).toFixed(0)} ms\n`,
    );

    // The clients of the answered upgrades leave; no server-side socket stays behind.
    for (const socket of upgrades) socket.destroy();
    await waitFor(() => openFiles(pid) <= baseline + 20, {
      timeoutMs: HEADERS_TIMEOUT_MS + 10_000,
      what: `the server's sockets to close (open files ${openFiles(pid)}, baseline ${baseline})`,
    });
    expect((await healthzTimes(runtime.base, 3)).length).toBe(3);
  }, 120_000);

  it("refuses a user's live socket beyond LIVE_SOCKETS_PER_USER with 429 and a code", async () => {
    const browser = new Browser();
    await signInDemo(runtime, browser, 'demo_streamer');
    const headers = { Cookie: browser.cookieHeader(), Origin: runtime.origin };
    const sockets: WebSocket[] = [];
    try {
      for (let index = 0; index < SOCKETS_PER_USER; index++) {
        const socket = new WebSocket(runtime.wsUrl, { headers });
        await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
        sockets.push(socket);
      }
      const refused = await new Promise<{ status?: number; body: string }>((resolve) => {
        const socket = new WebSocket(runtime.wsUrl, { headers });
        socket.once('unexpected-response', (_request, response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode, body }));
        });
        socket.once('open', () => resolve({ status: 101, body: '' }));
        socket.on('error', () => undefined);
      });
      expect(refused).toEqual({
        status: 429,
        body: JSON.stringify({
          error: 'Too many live connections are open for this account.',
          code: 'LIVE_SOCKET_LIMIT',
        }),
      });
    } finally {
      for (const socket of sockets) socket.terminate();
    }
  });

  it('ends within the grace period on SIGTERM while raw connections are open', async () => {
    const open = [
      ...(await openMany(port, 20, upgradeRequest('/healthz'))),
      ...(await openMany(port, 20, '')),
      ...(await openMany(port, 20, 'GET /api/app-info HTTP/1.1\r\nHost: 127.0.0.1\r\n')),
    ];
    const started = performance.now();
    runtime.program.child.kill('SIGTERM');
    const outcome = await Promise.race([
      runtime.program.exited.then((code) => `exited ${code}`),
      new Promise<string>((resolve) =>
        setTimeout(() => resolve('still running'), SHUTDOWN_GRACE_MS + 15_000).unref(),
      ),
    ]);
    process.stdout.write(
      `SIGTERM to exit: ${(performance.now() - started).toFixed(0)} ms (grace ${SHUTDOWN_GRACE_MS} ms)\n`,
    );
    for (const socket of open) socket.destroy();
    expect(outcome).toBe('exited 0');
  }, 60_000);
});
