import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startProgram, waitFor, type RunningProgram } from '@greetboard/testing';

const NO_INFRASTRUCTURE = {
  DATABASE_URL: '',
  NATS_URL: '',
  REDIS_URL: '',
  LOG_LEVEL: 'warn',
  EMULATOR_HTTP_PORT: '0',
};

describe('the standalone runtime (npm start) on its embedded defaults', () => {
  let dataDir: string;
  let port: number;
  let program: RunningProgram;

  const start = () =>
    startProgram('apps/standalone/dist/main.js', {
      ...NO_INFRASTRUCTURE,
      DATA_DIR: dataDir,
      PORT: String(port),
    });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'greetboard-e2e-'));
    port = await freePort();
    program = start();
  });

  afterAll(async () => {
    await program.stop('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints its URL and answers /healthz within 60 seconds', async () => {
    const started = Date.now();
    await waitFor(
      () => program.output().includes(`Greetboard is running at http://localhost:${port}`),
      {
        timeoutMs: 60_000,
        what: 'the start-up line',
      },
    );
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('is ready: every service answers over the in-process bus', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ready',
      checks: {
        nats: 'up',
        keyValueStore: 'up',
        auth: 'up',
        sessions: 'up',
        stats: 'up',
        chatIngest: 'up',
      },
    });
  });

  it('serves the web app for page routes and JSON errors for unknown API routes', async () => {
    const page = await fetch(`http://127.0.0.1:${port}/dashboard`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root"></div>');

    const api = await fetch(`http://127.0.0.1:${port}/api/does-not-exist`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'Not found.', code: 'NOT_FOUND' });
  });

  it('refuses malformed and oversized JSON with a code', async () => {
    const post = (body: string) =>
      fetch(`http://127.0.0.1:${port}/api/anything`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    const malformed = await post('{"name": ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const oversized = await post(JSON.stringify({ name: 'x'.repeat(100_000) }));
    expect(oversized.status).toBe(413);
    expect(await oversized.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('runs in demo mode: the built-in Twitch signs the demo streamer in as an approved admin', async () => {
    const base = `http://127.0.0.1:${port}`;
    const info = await fetch(`${base}/api/app-info`);
    expect(await info.json()).toEqual({ version: '1.0.0', commit: '', demoMode: true });

    const start = await fetch(`${base}/auth/twitch`, { redirect: 'manual' });
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `http://localhost:${port}/auth/twitch/callback`,
    );
    const stateCookie = (start.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    await fetch(`${authorize.origin}/control/oauth/auto-approve`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: 'demo_streamer' }),
    });
    const consent = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location') ?? '');
    const signedIn = await fetch(`${base}${callback.pathname}${callback.search}`, {
      headers: { Cookie: stateCookie },
      redirect: 'manual',
    });
    expect(signedIn.headers.get('location')).toBe('/dashboard');
    const session =
      signedIn.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith('greetboard_session='))
        ?.split(';')[0] ?? '';
    const me = await fetch(`${base}/auth/me`, { headers: { Cookie: session } });
    expect(await me.json()).toMatchObject({
      username: 'demo_streamer',
      isApproved: true,
      isAdmin: true,
    });
    await expect(stat(path.join(dataDir, 'demo-token-encryption.key'))).resolves.toBeTruthy();
  });

  it('shuts down cleanly on SIGTERM and starts again on the same data', async () => {
    expect(await program.stop('SIGTERM')).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

    program = start();
    await waitFor(
      async () =>
        (await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status === 200,
      { timeoutMs: 60_000, what: 'readiness after a restart' },
    );
    expect(await program.stop('SIGINT')).toBe(0);
  });
});
