import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { freePort, startProgram, waitFor, type RunningProgram } from '@greetboard/testing';
import { Browser } from './sign-in-client.js';

/** A restart of the standalone runtime signs no browser out (ADR 0024). */
describe('the standalone runtime keeps login sessions across a restart', () => {
  let dataDir = '';
  let program: RunningProgram | undefined;

  afterAll(async () => {
    await program?.stop('SIGTERM');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers /auth/me for a browser signed in before the restart', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'greetboard-restart-'));
    const [port, emulatorPort] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
    const start = async () => {
      program = startProgram('apps/standalone/dist/main.js', {
        DATABASE_URL: '',
        NATS_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        PORT: String(port),
        EMULATOR_HTTP_PORT: String(emulatorPort),
        EMULATOR_IRC_PORT: '0',
      });
      const running = program;
      await waitFor(() => running.output().includes('Greetboard is running at'), {
        timeoutMs: 120_000,
        what: 'the standalone runtime',
      });
    };
    await start();
    const browser = new Browser();
    const begun = await browser.fetch(`${base}/auth/twitch`);
    const authorize = new URL(begun.headers.get('location') ?? '');
    const control = (method: string, body?: unknown) =>
      fetch(`${emulatorUrl}/control/oauth/auto-approve`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    await control('POST', { login: 'demo_streamer' });
    const consent = await fetch(authorize, { redirect: 'manual' });
    await control('DELETE');
    const callback = new URL(consent.headers.get('location') ?? '');
    await browser.fetch(`${base}${callback.pathname}${callback.search}`);
    const before = await browser.api(base, 'GET', '/auth/me');
    expect(before.status).toBe(200);

    expect(await program!.stop('SIGTERM')).toBe(0);
    await start();
    expect(await browser.api(base, 'GET', '/auth/me')).toEqual(before);
  }, 300_000);
});
