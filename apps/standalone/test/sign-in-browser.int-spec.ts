import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchChromium } from '@greetboard/testing';
import { startAuthStack, type AuthStack } from './auth-stack.js';

/** The real thing: Chromium follows the redirects and keeps the cookies itself. */
describe('sign-in with Twitch in Chromium', () => {
  let stack: AuthStack;
  let browser: Browser;

  beforeAll(async () => {
    stack = await startAuthStack();
    browser = await launchChromium();
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('signs a new user in through the consent page, lands on /dashboard, and logs out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stack.url}/auth/twitch`);
    expect(page.url()).toContain(`${stack.emulator.httpUrl}/oauth2/authorize`);
    await page.fill('#new_login', 'chromium_streamer');
    await Promise.all([
      page.waitForURL(`${stack.url}/dashboard`),
      page.click('button[value="authorize"]'),
    ]);

    const cookies = await context.cookies(stack.url);
    const session = cookies.find((cookie) => cookie.name === 'greetboard_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookies.some((cookie) => cookie.name === 'greetboard_sign_in')).toBe(false);
    // The page cannot read the session cookie.
    expect(await page.evaluate('document.cookie')).not.toContain('greetboard_session');

    const me = await page.evaluate(async () => (await fetch('/auth/me')).json());
    expect(me).toMatchObject({ username: 'chromium_streamer', isApproved: false, isAdmin: false });

    const logout = await page.evaluate(
      async () => (await fetch('/auth/logout', { method: 'POST' })).status,
    );
    expect(logout).toBe(200);
    const after = await page.evaluate(async () => (await fetch('/auth/me')).status);
    expect(after).toBe(401);
    await context.close();
  });

  it('comes back to /login with a readable error when consent is declined', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${stack.url}/auth/twitch`);
    await Promise.all([page.waitForURL(/\/login\?error=/), page.click('button[value="cancel"]')]);
    expect(new URL(page.url()).searchParams.get('error')).toBe('Sign-in was cancelled on Twitch.');
    const cookies = await context.cookies(stack.url);
    expect(cookies.some((cookie) => cookie.name === 'greetboard_session')).toBe(false);
    await context.close();
  });
});
