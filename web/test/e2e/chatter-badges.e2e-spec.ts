import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core';
import type { ChatterDto, SessionDto } from '@greetboard/contracts/wire';
import { waitFor } from '@greetboard/testing';
import { blockingViolations } from './settings-helpers.js';
import {
  api,
  collectPageErrors,
  launchChromium,
  newContext,
  screenshot,
  signInQuickly,
  Standalone,
} from './harness.js';

const KEYWORD = 'badgeword';
const DAY_MS = 24 * 60 * 60 * 1000;
/** First time in the channel: the emulator tags the line `first-msg=1`. */
const NEWCOMER = 'badge_newcomer';
/** Twitch's `returning-chatter` tag on the line. */
const RETURNING = 'badge_returning';
/** Seen in the streamer's session of 30 days ago (seeded history), back today. */
const BACK = 'badge_back';
const VIEWERS = [NEWCOMER, RETURNING, BACK];

/**
 * Who is this (ADR 0033), in Chromium against the standalone runtime: the first-time and
 * returning badges from Twitch's tags, 'Back after 30 days' and '2nd stream' from Greetboard's
 * own history, profile images from Helix (the emulator) and emotes as images in the first
 * message. The history is seeded through the product's own path: a session a month ago whose
 * line carries a `tmi-sent-ts` 30 days old, sent through the emulator's control API.
 */
describe('chatter badges, profile images and emotes', () => {
  let app: Standalone;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let cookies: Cookie[];
  let today: SessionDto;
  const errors: string[] = [];

  const row = (target: Page, rowClass: string, nameClass: string, login: string) =>
    target.locator(rowClass).filter({
      has: target.locator(nameClass, { hasText: new RegExp(`^${login}$`, 'i') }),
    });
  const badgesOf = (target: Page, rowClass: string, nameClass: string, login: string) =>
    row(target, rowClass, nameClass, login).locator('.chatter-badge').allTextContents();
  /** Whether the row's avatar is the profile image, loaded (not the initial). */
  const avatarLoaded = (target: Page, rowClass: string, nameClass: string, login: string) =>
    row(target, rowClass, nameClass, login)
      .locator('img.avatar')
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)
      .catch(() => false);

  beforeAll(async () => {
    app = await Standalone.start();
    browser = await launchChromium();
    const setup = await newContext(browser);
    const setupPage = await setup.newPage();
    await signInQuickly(setupPage, app, 'demo_streamer');
    const chattersOf = (sessionId: string) =>
      api<ChatterDto[]>(setupPage, 'GET', `/api/sessions/${sessionId}/chatters`);

    // A month ago: BACK chatted in the streamer's session of that day.
    const old = await api<SessionDto>(setupPage, 'POST', '/api/sessions', {
      name: 'A month ago',
      keywords: JSON.stringify([KEYWORD]),
    });
    await app.waitForChannelJoined();
    const monthAgo = Date.now() - 30 * DAY_MS;
    await app.control('/control/channels/demo_streamer/messages', {
      messages: [
        { login: BACK, text: `${KEYWORD} first visit`, tags: { 'tmi-sent-ts': String(monthAgo) } },
      ],
    });
    await waitFor(async () => (await chattersOf(old.id)).some((c) => c.username === BACK), {
      what: `${BACK} in the session of a month ago`,
      timeoutMs: 20_000,
      intervalMs: 500,
    });
    await api(setupPage, 'PUT', `/api/sessions/${old.id}`, { isActive: false });
    // The stream ended: chat-ingest leaves the channel. Lines sent before it joins again for
    // the next session would be lost, as on Twitch, so wait for the leave first.
    await waitFor(
      async () => {
        const answer = await fetch(`${app.emulatorUrl}/control/clients`);
        const clients = (await answer.json()) as { data: { channels: string[] }[] };
        return clients.data.every((client) => !client.channels.includes('demo_streamer'));
      },
      { what: 'chat-ingest to leave #demo_streamer', timeoutMs: 20_000, intervalMs: 200 },
    );

    // Today.
    today = await api<SessionDto>(setupPage, 'POST', '/api/sessions', {
      name: 'Today',
      keywords: JSON.stringify([KEYWORD]),
    });
    await app.waitForChannelJoined();
    cookies = await setup.cookies();
    await setup.close();

    // bypassCSP: axe-core is injected as an inline script.
    context = await newContext(browser, { cookies, bypassCSP: true, height: 900 });
    page = await context.newPage();
    collectPageErrors(page, errors);
    // The dashboard is open on today's session before its chatters arrive.
    await page.goto(`${app.origin}/dashboard`);
    await page.getByRole('button', { name: 'Select session Today' }).click();
    await page.getByText('No chatters yet', { exact: false }).waitFor();
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('shows the badges at once, and the profile images as they arrive, on the open dashboard', async () => {
    const chattersOf = (sessionId: string) =>
      api<ChatterDto[]>(page, 'GET', `/api/sessions/${sessionId}/chatters`);
    await app.control('/control/channels/demo_streamer/messages', {
      messages: [
        { login: NEWCOMER, text: `${KEYWORD} hello, first time here 🎉 Kappa` },
        {
          login: RETURNING,
          text: `${KEYWORD} good to be back`,
          tags: { 'first-msg': '0', 'returning-chatter': '1' },
        },
        { login: BACK, text: `🎉 ${KEYWORD} I missed you <3 SeemsGood` },
      ],
    });
    // Profile images arrive shortly after, from the profile job (never on the chat path).
    await waitFor(
      async () => {
        const mine = (await chattersOf(today.id)).filter((c) => VIEWERS.includes(c.username));
        return mine.length === VIEWERS.length && mine.every((c) => c.profileImage) ? mine : null;
      },
      // Polled twice a second: the API's rate limit (300 a minute) must not answer instead.
      { what: 'the three viewers with profile images', timeoutMs: 30_000, intervalMs: 500 },
    ).catch((error: unknown) => {
      // The profile job's log lines say why (Twitch failures are logged there).
      const job = app.program
        .output()
        .split('\n')
        .filter((line) => line.includes('chatter-profiles'));
      throw new Error([String(error), ...job].join('\n'));
    });
    await row(page, '.chatter-row', '.chatter-name', BACK).waitFor();
    await waitFor(
      async () => (await badgesOf(page, '.chatter-row', '.chatter-name', BACK)).length === 2,
      { what: 'the history badges' },
    );
    expect(await badgesOf(page, '.chatter-row', '.chatter-name', NEWCOMER)).toEqual([
      'First-time chatter',
    ]);
    expect(await badgesOf(page, '.chatter-row', '.chatter-name', RETURNING)).toEqual([
      'Returning chatter',
    ]);
    expect(await badgesOf(page, '.chatter-row', '.chatter-name', BACK)).toEqual([
      'Back after 30 days',
      '2nd stream',
    ]);
    // No reload: the images came with the live channel's chatter updates.
    for (const login of VIEWERS) {
      await waitFor(() => avatarLoaded(page, '.chatter-row', '.chatter-name', login), {
        what: `${login}'s profile image`,
      });
    }
  });

  it('carries the history and the emote positions in the API', async () => {
    const chatters = (
      await api<ChatterDto[]>(page, 'GET', `/api/sessions/${today.id}/chatters`)
    ).filter((c) => VIEWERS.includes(c.username));
    const back = chatters.find((c) => c.username === BACK);
    expect(back?.sessionsSeen).toBe(2);
    expect(
      Date.parse(back?.firstSeenAt ?? '') - Date.parse(back?.lastSeenBeforeAt ?? ''),
    ).toBeGreaterThanOrEqual(30 * DAY_MS - 60_000);
    // '🎉 badgeword I missed you <3 SeemsGood': '<3' starts at code point 25 (UTF-16 unit 26).
    expect(back?.firstMessageEmotes).toEqual([
      { id: '9', start: 25, end: 26 },
      { id: '64138', start: 28, end: 36 },
    ]);
    expect(chatters.find((c) => c.username === NEWCOMER)).toMatchObject({
      isFirstTimeChatter: true,
      sessionsSeen: 1,
      lastSeenBeforeAt: null,
    });
  });

  it('shows the first messages with emote images where Twitch placed them', async () => {
    await page.goto(`${app.origin}/session/${today.id}`);
    const message = row(page, '.chatter-row', '.chatter-name', BACK).locator('.chatter-message');
    await message.locator('img.chat-emote').first().waitFor();
    const emotes = await message
      .locator('img.chat-emote')
      .evaluateAll((images) =>
        (images as HTMLImageElement[]).map((img) => [
          img.alt,
          img.complete && img.naturalWidth > 0,
        ]),
      );
    expect(emotes).toEqual([
      ['<3', true],
      ['SeemsGood', true],
    ]);
    expect(await message.textContent()).toBe(`🎉 ${KEYWORD} I missed you  `);
    expect(await badgesOf(page, '.chatter-row', '.chatter-name', BACK)).toEqual([
      'Back after 30 days',
      '2nd stream',
    ]);
  });

  it('has no serious accessibility problems, in the dark and the light theme', async () => {
    await page.goto(`${app.origin}/session/${today.id}`);
    await row(page, '.chatter-row', '.chatter-name', BACK).locator('.badge-stream').waitFor();
    await row(page, '.chatter-row', '.chatter-name', BACK)
      .locator('img.chat-emote')
      .first()
      .waitFor();
    await screenshot(page, 'chatter-badges-session-dark');
    const problems = await blockingViolations(page, 'session page (dark)');
    await page.goto(`${app.origin}/dashboard`);
    await page.getByRole('button', { name: 'Select session Today' }).click();
    await row(page, '.chatter-row', '.chatter-name', BACK).locator('.badge-stream').waitFor();
    problems.push(...(await blockingViolations(page, 'dashboard (dark)')));
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await screenshot(page, 'chatter-badges-dashboard-light');
    problems.push(...(await blockingViolations(page, 'dashboard (light)')));
    await page.goto(`${app.origin}/session/${today.id}`);
    await row(page, '.chatter-row', '.chatter-name', BACK).locator('.badge-stream').waitFor();
    await row(page, '.chatter-row', '.chatter-name', BACK)
      .locator('img.chat-emote')
      .first()
      .waitFor();
    await screenshot(page, 'chatter-badges-session-light');
    problems.push(...(await blockingViolations(page, 'session page (light)')));
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  });
});
