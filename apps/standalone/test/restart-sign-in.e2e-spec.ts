import { afterAll, describe, expect, it } from '@jest/globals';
import { startDemoRuntime, type DemoRuntime } from '@greetboard/testing';
import { signInDemo } from './demo-sign-in.js';
import { Browser } from './sign-in-client.js';

/** A restart of the standalone runtime signs no browser out (ADR 0024). */
describe('the standalone runtime keeps login sessions across a restart', () => {
  let runtime: DemoRuntime | undefined;

  afterAll(async () => {
    await runtime?.stop('SIGTERM');
  });

  it('answers /auth/me for a browser signed in before the restart', async () => {
    runtime = await startDemoRuntime({ name: 'restart' });
    const browser = new Browser();
    await signInDemo(runtime, browser, 'demo_streamer');
    const before = await browser.api(runtime.base, 'GET', '/auth/me');
    expect(before.status).toBe(200);

    // Same data directory and ports, a new process.
    expect(await runtime.restart('SIGTERM')).toBe(0);
    expect(await browser.api(runtime.base, 'GET', '/auth/me')).toEqual(before);
  }, 300_000);
});
