import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SessionDto } from '@greetboard/contracts/wire';
import {
  allowConsoleMessages,
  api,
  collectPageErrors,
  launchChromium,
  newContext,
  screenshot,
  signInQuickly,
  Standalone,
} from './harness.js';
import { expectToast } from './settings-helpers.js';

/**
 * Twitch's token rules as the streamer sees them (ADR 0044): an announcement Twitch drops is
 * shown with Twitch's reason, and a grant Twitch revokes signs the browser out with a notice
 * that says why. Tokens are validated every second here, so a revocation shows at once.
 */
describe("Twitch's token rules in the browser", () => {
  let app: Standalone;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    app = await Standalone.start({
      TOKEN_VALIDATION_ROUND_MS: '1000',
      TOKEN_VALIDATION_AGE_MS: '1000',
    });
    browser = await launchChromium();
    context = await newContext(browser);
    page = await context.newPage();
    collectPageErrors(page, errors);
    await signInQuickly(page, app, 'demo_streamer');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it("shows an announcement Twitch dropped on the dashboard, with Twitch's reason", async () => {
    await api(page, 'PUT', '/api/settings', { announceSessionStatus: true });
    await app.control('/control/faults', {
      kind: 'chat-message-drop',
      count: 1,
      code: 'channel_settings',
    });
    await page.goto(`${app.origin}/dashboard`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    await api<SessionDto>(page, 'POST', '/api/sessions', { name: 'Dropped news', keywords: '[]' });

    await expectToast(page, 'Twitch did not post the announcement that your session started.');
    await expectToast(
      page,
      'Twitch says: “Your message was not sent because of the channel settings.” (channel_settings)',
    );
    await screenshot(page, 'announcement-dropped', false);
    expect(errors).toEqual([]);
  }, 60_000);

  it('signs the browser out when Twitch revokes the grant, says why, and lets the user back in', async () => {
    // The 401 that tells the page why is logged by Chromium.
    allowConsoleMessages(/status of 401/);
    await page.goto(`${app.origin}/dashboard`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    // The streamer disconnects Greetboard in their Twitch settings.
    await app.control('/control/faults', { kind: 'revoke-token', login: 'demo_streamer' });

    await page.waitForURL(`${app.origin}/login`, { timeout: 15_000 });
    const notice = page.getByRole('alert');
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      "You were signed outYou were signed out because Greetboard's access to your Twitch account was removed. Sign in again to continue.",
    );
    await page.getByRole('button', { name: 'Login with Twitch' }).waitFor();
    await screenshot(page, 'signed-out-twitch-revoked');
    // A reload keeps the notice until the user signs in again.
    await page.reload();
    await page.getByRole('alert').waitFor();

    await signInQuickly(page, app, 'demo_streamer');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // Signed in again: the tab forgets the reason.
    await page.waitForFunction(() => sessionStorage.getItem('greetboard-signed-out') === null);
    await api(page, 'POST', '/auth/logout');
    await page.goto(`${app.origin}/login`);
    await page.getByRole('button', { name: 'Login with Twitch' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);
});
