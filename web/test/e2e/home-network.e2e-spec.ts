import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort } from '@greetboard/testing';
import { chatterRow } from './desk-helpers.js';
import {
  collectPageErrors,
  launchChromium,
  newContext,
  screenshot,
  signInByConsent,
  Standalone,
} from './harness.js';

/** A name for the machine running Greetboard, as a PC on the home network would use it. */
const HOST_NAME = 'greetboard.test';

/**
 * Greetboard served over plain http at an address that is not localhost (a PC or a NAS on the
 * home network): Chromium resolves greetboard.test to 127.0.0.1 itself, so to the browser this
 * is any other host, where http is not a secure context and nothing answers on https. The app
 * loads, signs in, and lists chatters live.
 */
describe('Greetboard on the home network, over plain http', () => {
  let app: Standalone;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    const port = await freePort();
    app = await Standalone.start({ PUBLIC_URL: `http://${HOST_NAME}:${port}` }, port);
    browser = await launchChromium({ hostResolverRules: `MAP ${HOST_NAME} 127.0.0.1` });
    context = await newContext(browser);
    page = await context.newPage();
    collectPageErrors(page, errors);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('loads the app without asking the browser for https', async () => {
    expect(app.origin).toMatch(/^http:\/\/greetboard\.test:\d+$/);
    const response = await page.goto(`${app.origin}/login`);
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['strict-transport-security']).toBeUndefined();
    await page.getByRole('button', { name: 'Login with Twitch' }).waitFor();
    expect(page.url()).toBe(`${app.origin}/login`);
  }, 60_000);

  it('signs in, shows the dashboard and lists chatters live', async () => {
    await signInByConsent(page, app, 'demo_streamer');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const [cookie] = await context.cookies(app.origin);
    expect(cookie).toMatchObject({ name: 'greetboard_session', secure: false, httpOnly: true });

    await page.getByRole('button', { name: 'New Session' }).click();
    await page.getByLabel('Session name').fill('Home Network');
    const keyword = page.getByLabel('Keywords');
    await keyword.fill('lan42');
    await keyword.press('Enter');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByText("Session created and started! Monitoring demo_streamer's chat").waitFor();
    await app.waitForChannelJoined();
    // The rows arrive over the live socket, opened from this origin.
    await app.chat([
      { login: 'lan_alice', text: 'hello from the couch lan42' },
      { login: 'lan_bob', text: 'lan42 hi' },
    ]);
    await chatterRow(page, 'lan_alice').waitFor();
    await chatterRow(page, 'lan_bob').waitFor();
    await page.getByText('Showing 1-2 of 2 chatters').waitFor();
    await page.locator('[data-rht-toaster] .toast').first().waitFor({ state: 'detached' });
    const file = await screenshot(page, 'home-network-dashboard');
    expect(file).toMatch(/home-network-dashboard\.png$/);
    expect(page.url()).toBe(`${app.origin}/dashboard`);
    expect(errors).toEqual([]);
  }, 90_000);
});
