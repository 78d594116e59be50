import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ChatConnection, SessionDto } from '@greetboard/contracts/wire';
import {
  api,
  collectPageErrors,
  launchChromium,
  newContext,
  screenshot,
  signInByConsent,
  Standalone,
} from './harness.js';

const CHANNEL = 'demo_streamer';

/**
 * A streamer whose chat cannot be joined is told so on the session page and the dashboard,
 * and the warning goes once Twitch answers the JOIN again. Twitch's silence is the
 * emulator's `join-silent` fault, set before the session starts.
 */
describe('chat connection: a session whose chat is not being read', () => {
  let app: Standalone;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let session: SessionDto;
  const errors: string[] = [];

  const banner = (on: Page) => on.getByTestId('chat-connection-banner');

  beforeAll(async () => {
    app = await Standalone.start();
    browser = await launchChromium();
    context = await newContext(browser);
    page = await context.newPage();
    collectPageErrors(page, errors);
  }, 90_000);

  afterAll(async () => {
    await fetch(`${app?.emulatorUrl}/control/faults`, { method: 'DELETE' }).catch(() => {});
    await browser?.close();
    await app?.stop();
  });

  it('shows "Not connected" within 30 s when Twitch never answers the JOIN', async () => {
    await signInByConsent(page, app, CHANNEL);
    await app.control('/control/faults', { kind: 'join-silent', channel: CHANNEL });
    session = await api<SessionDto>(page, 'POST', '/api/sessions', {
      name: 'Silent Twitch',
      keywords: JSON.stringify(['hello']),
    });
    expect(session.isActive).toBe(true);
    await page.goto(`${app.origin}/session/${session.id}`);
    await page.getByRole('heading', { name: 'Silent Twitch' }).waitFor();
    const started = Date.now();
    await banner(page).waitFor({ timeout: 30_000 });
    console.log(`not-connected banner after ${Date.now() - started} ms`);
    await expect(banner(page).innerText()).resolves.toContain(
      'Not connected to your Twitch chat: retrying',
    );
    await expect(banner(page).innerText()).resolves.toContain('Twitch did not answer the join');
    // The state a reload reads matches what the live message said.
    const state = await api<ChatConnection>(
      page,
      'GET',
      `/api/sessions/${session.id}/chat-connection`,
    );
    expect(state).toMatchObject({ sessionId: session.id, status: 'not_connected' });
    await screenshot(page, 'chat-connection-session-dark');

    const light = await newContext(browser, { theme: 'light', cookies: await context.cookies() });
    const lightPage = await light.newPage();
    await lightPage.goto(`${app.origin}/dashboard`);
    await banner(lightPage).waitFor({ timeout: 10_000 });
    await screenshot(lightPage, 'chat-connection-dashboard-light');
    await light.close();
  }, 60_000);

  it('takes the warning away once Twitch answers the JOIN again', async () => {
    await fetch(`${app.emulatorUrl}/control/faults`, { method: 'DELETE' });
    // The unanswered JOIN times out, and the retry is answered.
    await banner(page).waitFor({ state: 'detached', timeout: 45_000 });
    await app.waitForChannelJoined();
    const state = await api<ChatConnection>(
      page,
      'GET',
      `/api/sessions/${session.id}/chat-connection`,
    );
    expect(state.status).toBe('connected');
    expect(errors).toEqual([]);
  }, 60_000);
});
