import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startAuthStack, type AuthStack } from './auth-stack.js';
import { approveAt, Browser, signedInBrowser, signIn, startSignIn } from './sign-in-client.js';

const SESSION_COOKIE = 'greetboard_session';

async function userCount(stack: AuthStack): Promise<number> {
  const result = await stack.db.query<{ count: string }>('SELECT count(*) FROM auth.users');
  return Number(result.rows[0]?.count);
}

describe('sign-in with Twitch over HTTP, through the emulator', () => {
  let stack: AuthStack;

  beforeAll(async () => {
    stack = await startAuthStack({ adminLogins: ['boss_streamer'] });
  });

  afterAll(async () => {
    await stack.close();
  });

  it('sends the browser to Twitch with a fresh state bound to it and the scopes the product needs', async () => {
    const browser = new Browser();
    const first = await startSignIn(stack, browser);
    const stateCookie = browser.setCookies.find((c) => c.startsWith('greetboard_sign_in='));
    expect(first.origin).toBe(stack.emulator.httpUrl);
    expect(first.pathname).toBe('/oauth2/authorize');
    expect(first.searchParams.get('response_type')).toBe('code');
    expect(first.searchParams.get('redirect_uri')).toBe(`${stack.url}/auth/twitch/callback`);
    // Only what the product uses: announcements go through Helix Send Chat Message.
    expect(first.searchParams.get('scope')?.split(' ')).toEqual([
      'user:write:chat',
      'moderator:manage:shoutouts',
    ]);
    expect(first.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stateCookie).toContain(`=${first.searchParams.get('state')}`);
    expect(stateCookie).toMatch(/HttpOnly/);
    expect(stateCookie).toMatch(/SameSite=Lax/);
    const second = await startSignIn(stack, browser);
    expect(second.searchParams.get('state')).not.toBe(first.searchParams.get('state'));
  });

  it('creates a pending user on first sign-in and sets an opaque HttpOnly session cookie', async () => {
    const browser = new Browser();
    const response = await signIn(stack, browser, 'first_timer');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/dashboard');
    const cookie = browser.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(/^greetboard_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    const me = await browser.api(stack.url, 'GET', '/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      username: 'first_timer',
      displayName: 'first_timer',
      profileImage: expect.stringContaining('/emulator/avatars/first_timer.svg'),
      twitchId: expect.stringMatching(/^\d+$/),
      isApproved: false,
      isAdmin: false,
    });
  });

  it('makes a login listed in ADMIN_TWITCH_LOGINS an approved admin', async () => {
    const browser = await signedInBrowser(stack, 'boss_streamer');
    const me = await browser.api(stack.url, 'GET', '/auth/me');
    expect(me.body).toMatchObject({ username: 'boss_streamer', isApproved: true, isAdmin: true });
  });

  it('updates the profile on a later sign-in instead of creating a second user', async () => {
    await signedInBrowser(stack, 'returning_viewer');
    const before = await userCount(stack);
    const browser = await signedInBrowser(stack, 'returning_viewer');
    expect(await userCount(stack)).toBe(before);
    expect((await browser.api(stack.url, 'GET', '/auth/me')).status).toBe(200);
  });

  it('refuses a callback whose state is not the one bound to the browser, creating nothing', async () => {
    const before = await userCount(stack);
    const victim = new Browser();
    const authorizeUrl = await startSignIn(stack, new Browser());
    const callback = await approveAt(stack, authorizeUrl, 'wrong_state_user');
    await startSignIn(stack, victim); // the victim has a state cookie of its own
    const response = await victim.fetch(callback.toString());
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      `/login?error=${encodeURIComponent('Your sign-in expired or was started in another browser. Please try again.')}`,
    );
    expect(victim.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await userCount(stack)).toBe(before);
  });

  it('refuses a replayed callback and a replayed code', async () => {
    const browser = new Browser();
    const authorizeUrl = await startSignIn(stack, browser);
    const callback = await approveAt(stack, authorizeUrl, 'replay_target');
    const stateCookie = browser.cookies.get('greetboard_sign_in') ?? '';
    expect((await browser.fetch(callback.toString())).headers.get('location')).toBe('/dashboard');

    // The same callback again, with the state cookie put back: the state was used up.
    const attacker = new Browser();
    attacker.cookies.set('greetboard_sign_in', stateCookie);
    const replay = await attacker.fetch(callback.toString());
    expect(replay.headers.get('location')).toMatch(/^\/login\?error=/);
    expect(attacker.cookies.has(SESSION_COOKIE)).toBe(false);

    // The same code under a fresh, valid state: Twitch refuses a redeemed code.
    const fresh = await startSignIn(stack, attacker);
    const withOldCode = new URL(callback);
    withOldCode.searchParams.set('state', fresh.searchParams.get('state') ?? '');
    const reused = await attacker.fetch(withOldCode.toString());
    expect(reused.headers.get('location')).toBe(
      `/login?error=${encodeURIComponent('Twitch sign-in failed. Please try again.')}`,
    );
    expect(attacker.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('lands a declined consent on /login with a readable error and creates nothing', async () => {
    const before = await userCount(stack);
    const browser = new Browser();
    const authorizeUrl = await startSignIn(stack, browser);
    const consentPage = await fetch(authorizeUrl);
    expect(consentPage.status).toBe(200);
    const form = new URLSearchParams(authorizeUrl.searchParams);
    form.set('decision', 'deny');
    form.set('new_login', 'declining_user');
    const declined = await fetch(`${stack.emulator.httpUrl}/oauth2/authorize`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const callback = declined.headers.get('location') ?? '';
    expect(new URL(callback).searchParams.get('error')).toBe('access_denied');
    const response = await browser.fetch(callback);
    expect(response.headers.get('location')).toBe(
      `/login?error=${encodeURIComponent('Sign-in was cancelled on Twitch.')}`,
    );
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await userCount(stack)).toBe(before);
  });

  it('issues a new session id on sign-in and ends the one the browser had', async () => {
    const browser = await signedInBrowser(stack, 'rotating_user');
    const before = browser.cookies.get(SESSION_COOKIE) ?? '';
    await signIn(stack, browser, 'rotating_user');
    const after = browser.cookies.get(SESSION_COOKIE) ?? '';
    expect(after).not.toBe(before);
    const old = new Browser();
    old.cookies.set(SESSION_COOKIE, before);
    expect((await old.api(stack.url, 'GET', '/auth/me')).status).toBe(401);
    expect((await browser.api(stack.url, 'GET', '/auth/me')).status).toBe(200);
  });

  it('answers /auth/me with 401 for a visitor and for a made-up cookie', async () => {
    const visitor = new Browser();
    expect(await visitor.api(stack.url, 'GET', '/auth/me')).toEqual({
      status: 401,
      body: { error: 'You are not authorized to perform this action.', code: 'UNAUTHENTICATED' },
    });
    visitor.cookies.set(SESSION_COOKIE, 'A'.repeat(43));
    expect((await visitor.api(stack.url, 'GET', '/auth/me')).status).toBe(401);
  });

  it("answers the web app's sign-in check (?optional=true) for a visitor without a failure", async () => {
    const visitor = new Browser();
    expect(await visitor.api(stack.url, 'GET', '/auth/me?optional=true')).toEqual({
      status: 200,
      body: { user: null },
    });
    visitor.cookies.set(SESSION_COOKIE, 'A'.repeat(43));
    expect(await visitor.api(stack.url, 'GET', '/auth/me?optional=true')).toEqual({
      status: 200,
      body: { user: null },
    });
    const streamer = await signedInBrowser(stack, 'optional_check');
    const plain = await streamer.api(stack.url, 'GET', '/auth/me');
    expect(plain.status).toBe(200);
    expect(await streamer.api(stack.url, 'GET', '/auth/me?optional=true')).toEqual(plain);
    expect(await visitor.api(stack.url, 'GET', '/auth/me?optional=false')).toMatchObject({
      status: 401,
    });
  });

  it("logs out: this browser's cookie is useless at once, the user's other browsers stay", async () => {
    const laptop = await signedInBrowser(stack, 'two_devices');
    const phone = await signedInBrowser(stack, 'two_devices');
    const tablet = await signedInBrowser(stack, 'two_devices');
    const cookie = laptop.cookies.get(SESSION_COOKIE) ?? '';
    expect(await laptop.api(stack.url, 'POST', '/auth/logout')).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(laptop.cookies.has(SESSION_COOKIE)).toBe(false);
    const replay = new Browser();
    replay.cookies.set(SESSION_COOKIE, cookie);
    expect((await replay.api(stack.url, 'GET', '/auth/me')).status).toBe(401);
    expect((await phone.api(stack.url, 'GET', '/auth/me')).status).toBe(200);
    // Signing out everywhere ends every other session of the user.
    expect(await phone.api(stack.url, 'POST', '/auth/logout-everywhere')).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(phone.cookies.has(SESSION_COOKIE)).toBe(false);
    expect((await tablet.api(stack.url, 'GET', '/auth/me')).status).toBe(401);
    // Signing in again works as ever.
    const again = await signedInBrowser(stack, 'two_devices');
    expect((await again.api(stack.url, 'GET', '/auth/me')).status).toBe(200);
  });

  it('stores Twitch tokens encrypted and validates them with Twitch', async () => {
    await signedInBrowser(stack, 'token_owner');
    const rows = await stack.db.query<{
      access_token: string;
      refresh_token: string;
      scopes: string[];
    }>(
      `SELECT t.access_token, t.refresh_token, t.scopes FROM auth.twitch_tokens t
         JOIN auth.users u ON u.id = t.user_id WHERE u.username = 'token_owner'`,
    );
    const row = rows.rows[0];
    expect(row?.access_token).toMatch(/^v1:/);
    expect(row?.refresh_token).toMatch(/^v1:/);
    expect(row?.scopes).toEqual(['user:write:chat', 'moderator:manage:shoutouts']);
    for (const token of stack.issuedTokens) {
      expect(row?.access_token).not.toContain(token);
    }
  });
});
