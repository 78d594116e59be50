import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { startDemoRuntime, type DemoRuntime } from '@greetboard/testing';

describe('the standalone runtime (npm start) on its embedded defaults', () => {
  let runtime: DemoRuntime;
  /** The second start on the first one's data directory. */
  let again: DemoRuntime | undefined;
  let port: number;

  beforeAll(async () => {
    runtime = await startDemoRuntime({ name: 'e2e' });
    port = runtime.port;
  }, 130_000);

  afterAll(async () => {
    await again?.stop('SIGKILL');
    await runtime?.stop('SIGKILL');
  });

  it('prints its URL and answers /healthz within 60 seconds', async () => {
    expect(runtime.program.output()).toContain(`Greetboard is running at http://localhost:${port}`);
    const response = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(runtime.bootMs).toBeLessThan(60_000);
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
    // Emote images come from the built-in Twitch too: no request leaves the machine.
    expect(await info.json()).toEqual({
      version: '1.0.0',
      commit: '',
      demoMode: true,
      emoteUrlTemplate: expect.stringMatching(
        /^http:\/\/(127\.0\.0\.1|localhost):\d+\/emoticons\/v2\/\{id\}\/default\/\{theme\}\/1\.0$/,
      ),
    });

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
    await expect(
      stat(path.join(runtime.dataDir, 'demo-token-encryption.key')),
    ).resolves.toBeTruthy();
  });

  it('shuts down cleanly on SIGTERM and starts again on the same data', async () => {
    expect(await runtime.program.stop('SIGTERM')).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

    again = await startDemoRuntime({
      dataDir: runtime.dataDir,
      port,
      emulatorPort: runtime.emulatorPort,
    });
    const response = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(response.status).toBe(200);
    expect(await again.program.stop('SIGINT')).toBe(0);
  }, 150_000);
});
