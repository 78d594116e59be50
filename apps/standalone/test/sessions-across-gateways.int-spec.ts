import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  freePort,
  startProgram,
  TEST_INFRASTRUCTURE,
  waitFor,
  type RunningProgram,
} from '@greetboard/testing';
import { WebSocket } from 'ws';
import { startAuthStack, type AuthStack } from './auth-stack.js';
import { Browser, signedInBrowser } from './sign-in-client.js';

/**
 * Cluster mode: auth and one gateway in this process, a second gateway as its own process,
 * all on NATS and Redis. Ending sessions through one gateway must hold at the other at once.
 */
describe('login sessions across two gateway processes', () => {
  let stack: AuthStack;
  let other: RunningProgram;
  let otherUrl: string;
  let admin: Browser;

  const meAt = async (base: string, browser: Browser) =>
    (await browser.api(base, 'GET', '/auth/me')).status;

  /** A live socket at `base` with the browser's cookie; resolves its close code when it ends. */
  const openSocket = async (base: string, browser: Browser) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
      headers: { Cookie: browser.cookieHeader(), Origin: new URL(stack.url).origin },
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    return { socket, closed };
  };

  beforeAll(async () => {
    stack = await startAuthStack({ transport: 'nats', adminLogins: ['cluster_admin'] });
    const port = await freePort();
    otherUrl = `http://127.0.0.1:${port}`;
    other = startProgram('services/gateway/dist/main.js', {
      LOG_LEVEL: 'warn',
      NATS_URL: stack.transport.kind === 'nats' ? stack.transport.url : '',
      INSTALLATION_PREFIX: stack.transport.prefix ?? '',
      REDIS_URL: TEST_INFRASTRUCTURE.redis,
      PORT: String(port),
      PUBLIC_URL: stack.url,
      RATE_LIMIT_API_PER_MINUTE: '100000',
    });
    await waitFor(
      async () => (await fetch(`${otherUrl}/healthz`).catch(() => undefined))?.status === 200,
      { timeoutMs: 20_000, what: 'the second gateway' },
    );
    admin = await signedInBrowser(stack, 'cluster_admin');
  });

  afterAll(async () => {
    await other?.stop();
    await stack?.close();
  });

  it('accepts a session signed in at one gateway at the other', async () => {
    const browser = await signedInBrowser(stack, 'roaming_user');
    expect(await meAt(otherUrl, browser)).toBe(200);
    expect(await meAt(stack.url, browser)).toBe(200);
  });

  it('logout at one gateway makes the cookie useless at the other at once', async () => {
    const browser = await signedInBrowser(stack, 'logout_user');
    const stolen = new Browser();
    stolen.cookies.set('greetboard_session', browser.cookies.get('greetboard_session') ?? '');
    expect((await browser.api(otherUrl, 'POST', '/auth/logout')).status).toBe(200);
    expect(await meAt(stack.url, stolen)).toBe(401);
    expect(await meAt(otherUrl, stolen)).toBe(401);
  });

  it("logout ends this browser's session and its live sockets at both gateways, no other", async () => {
    const laptop = await signedInBrowser(stack, 'two_devices');
    const phone = await signedInBrowser(stack, 'two_devices');
    const laptopHere = await openSocket(stack.url, laptop);
    const laptopThere = await openSocket(otherUrl, laptop);
    const phoneThere = await openSocket(otherUrl, phone);
    try {
      expect((await laptop.api(stack.url, 'POST', '/auth/logout')).status).toBe(200);
      expect(await laptopHere.closed).toBe(4001);
      expect(await laptopThere.closed).toBe(4001);
      expect(await meAt(otherUrl, phone)).toBe(200);
      expect(phoneThere.socket.readyState).toBe(WebSocket.OPEN);
      // Signing out everywhere ends the rest.
      expect((await phone.api(otherUrl, 'POST', '/auth/logout-everywhere')).status).toBe(200);
      expect(await phoneThere.closed).toBe(4001);
      expect(await meAt(stack.url, phone)).toBe(401);
    } finally {
      for (const { socket } of [laptopHere, laptopThere, phoneThere]) socket.terminate();
    }
  });

  it('force-logout ends every session of the user at both gateways', async () => {
    const laptop = await signedInBrowser(stack, 'forced_user');
    const phone = await signedInBrowser(stack, 'forced_user');
    const id = ((await laptop.api(stack.url, 'GET', '/auth/me')).body as { id: string }).id;
    const answer = await admin.api(otherUrl, 'POST', `/api/admin/users/${id}/force-logout`);
    expect(answer.status).toBe(200);
    for (const browser of [laptop, phone]) {
      expect(await meAt(stack.url, browser)).toBe(401);
      expect(await meAt(otherUrl, browser)).toBe(401);
    }
    // They can sign in again.
    expect(await meAt(otherUrl, await signedInBrowser(stack, 'forced_user'))).toBe(200);
  });

  it('account deletion at one gateway logs the user out at the other', async () => {
    const browser = await signedInBrowser(stack, 'deleted_user');
    const stolen = new Browser();
    stolen.cookies.set('greetboard_session', browser.cookies.get('greetboard_session') ?? '');
    const answer = await browser.api(stack.url, 'DELETE', '/api/account');
    expect(answer.status).toBe(200);
    expect(await meAt(otherUrl, stolen)).toBe(401);
    expect(await meAt(stack.url, stolen)).toBe(401);
  });
});
