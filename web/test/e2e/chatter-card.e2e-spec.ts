import { mkdir, copyFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Cookie, Locator, Page } from 'playwright-core';
import type {
  ChatterCardDto,
  ChatterDto,
  IgnoredUserDto,
  SessionDto,
} from '@greetboard/contracts/wire';
import { waitFor } from '@greetboard/testing';
import { chatterRow } from './desk-helpers.js';
import { blockingViolations } from './settings-helpers.js';
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

const KEYWORD = 'cardword';
/** A VIP with a 6-month subscriber badge, who says two lines. */
const VIP = 'card_vip';
/** No badges; a moderator deletes their first message. */
const PLAIN = 'card_plain';
const SHOTS = '/tmp/shots-card';

/**
 * A chatter's card (ADR 0055) in Chromium against the standalone runtime: the name opens it on
 * the dashboard and on the session page (by pointer and by keyboard), it shows the first
 * message, the count, Twitch's badges from the chat line's tags, the account's creation time
 * from Helix (the emulator), the streams seen and last seen, the moderation state, and it
 * greets and ignores. It is a dialog: focus stays in it, Escape closes it and focus returns to
 * the name. Its Shoutout button goes through the real route to the emulator's Send a Shoutout,
 * which keeps Twitch's checks and cooldowns (ADR 0054).
 */
describe('chatter card', () => {
  let app: Standalone;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let cookies: Cookie[];
  let session: SessionDto;
  let vip: ChatterDto;
  let plain: ChatterDto;
  const errors: string[] = [];

  const dialog = (target: Page) => target.getByRole('dialog');
  const fact = (card: Locator, name: string) => card.locator(`[data-fact="${name}"] dd`);
  /** Waits for the card's facts and its own data: until that arrives, they show a mark. */
  const loaded = async (card: Locator) => {
    await fact(card, 'badges').waitFor();
    await card
      .locator('.chatter-card-muted', { hasText: '…' })
      .first()
      .waitFor({ state: 'detached' });
  };
  const nameButton = (target: Page, login: string) =>
    chatterRow(target, login).getByRole('button', { name: new RegExp(`^${login}$`, 'i') });
  const cardOf = (chatterId: string) =>
    api<ChatterCardDto>(page, 'GET', `/api/sessions/${session.id}/chatters/${chatterId}`);
  const shot = async (target: Page, name: string) => {
    const file = await screenshot(target, name, false);
    await mkdir(SHOTS, { recursive: true });
    await copyFile(file, `${SHOTS}/${name}.png`);
  };

  beforeAll(async () => {
    app = await Standalone.start();
    browser = await launchChromium();
    const setup = await newContext(browser);
    const setupPage = await setup.newPage();
    await signInQuickly(setupPage, app, 'demo_streamer');
    session = await api<SessionDto>(setupPage, 'POST', '/api/sessions', {
      name: 'Card night',
      keywords: JSON.stringify([KEYWORD]),
    });
    await app.waitForChannelJoined();
    const sent = (await app.control('/control/channels/demo_streamer/messages', {
      messages: [
        { login: VIP, text: `${KEYWORD} hello there`, tags: { badges: 'vip/1,subscriber/6' } },
        { login: PLAIN, text: `${KEYWORD} buy followers here`, tags: { badges: '' } },
      ],
    })) as { messageIds: string[] };
    await app.control('/control/channels/demo_streamer/messages', {
      messages: [{ login: VIP, text: `${KEYWORD} again`, tags: { badges: 'vip/1,subscriber/6' } }],
    });
    await app.control('/control/channels/demo_streamer/clear-message', {
      messageId: sent.messageIds[1],
    });
    [vip, plain] = await waitFor(
      async () => {
        const list = await api<ChatterDto[]>(
          setupPage,
          'GET',
          `/api/sessions/${session.id}/chatters`,
        );
        const found = [VIP, PLAIN].map((login) => list.find((c) => c.username === login));
        const [v, p] = found;
        return v && p && v.messageCount === 2 && p.firstMessageDeleted ? [v, p] : null;
      },
      { what: 'both viewers counted, the deletion applied', timeoutMs: 30_000, intervalMs: 500 },
    );
    cookies = await setup.cookies();
    await setup.close();
    // bypassCSP: axe-core is injected as an inline script.
    context = await newContext(browser, { cookies, height: 900, bypassCSP: true });
    page = await context.newPage();
    collectPageErrors(page, errors);
    await page.goto(`${app.origin}/dashboard`);
    // The profile job asks Helix for the account's creation time a moment after the lines.
    await waitFor(async () => (await cardOf(vip.id)).accountCreatedAt, {
      what: "the VIP's account creation time",
      timeoutMs: 30_000,
      intervalMs: 500,
    });
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('opens from the dashboard with every field, keeps focus inside and returns it on Escape', async () => {
    await page.getByRole('button', { name: 'Select session Card night' }).click();
    const name = nameButton(page, VIP);
    await name.click();
    const card = dialog(page);
    await card.waitFor();
    await loaded(card);
    expect(await card.getByRole('heading').first().textContent()).toMatch(/card_vip/i);
    expect(await fact(card, 'first-message').textContent()).toBe(`${KEYWORD} hello there`);
    expect(await fact(card, 'messages').textContent()).toBe('2');
    expect(await fact(card, 'badges').locator('.chatter-badge').allTextContents()).toEqual([
      'VIP',
      'Subscriber (6+ months)',
    ]);
    const { accountCreatedAt } = await cardOf(vip.id);
    const created = new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(
      new Date(accountCreatedAt ?? ''),
    );
    expect(await fact(card, 'account-created').textContent()).toMatch(
      new RegExp(`^${created} \\(\\d+ years? ago\\)$`),
    );
    expect(await fact(card, 'streams-seen').textContent()).toBe('1 (this one)');
    expect(await fact(card, 'last-seen').textContent()).toBe('Never before this stream');
    expect(await fact(card, 'moderation').textContent()).toBe('None');
    await shot(page, 'chatter-card-dashboard-dark');
    expect(await blockingViolations(page, 'chatter card')).toEqual([]);

    // Focus is trapped: tabbing through every control stays in the card.
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
    expect(await name.evaluate((element) => element === document.activeElement)).toBe(true);

    // By keyboard: Enter on the focused name opens it again.
    await page.keyboard.press('Enter');
    await card.waitFor();
    expect(await fact(card, 'messages').textContent()).toBe('2');
  });

  it('greets and un-greets from the card, and the row follows', async () => {
    const card = dialog(page);
    await card.getByRole('button', { name: 'Mark as greeted' }).click();
    await card.getByRole('button', { name: 'Mark as not greeted' }).waitFor();
    await waitFor(async () => (await cardOf(vip.id)).chatter.isGreeted, { what: 'VIP greeted' });
    await waitFor(
      async () =>
        (await chatterRow(page, VIP).getAttribute('class'))?.includes('is-greeted') ?? false,
      { what: 'the row shown greeted' },
    );
    await card.getByRole('button', { name: 'Mark as not greeted' }).click();
    await card.getByRole('button', { name: 'Mark as greeted' }).waitFor();
    await waitFor(async () => !(await cardOf(vip.id)).chatter.isGreeted, {
      what: 'VIP not greeted',
    });
    await card.getByRole('button', { name: 'Close' }).click();
    await card.waitFor({ state: 'detached' });
  });

  it("shouts a chatter out through Twitch, then shows Twitch's cooldown in the server's words", async () => {
    // Twitch shouts out only from a live channel.
    await app.control('/control/channels/demo_streamer/live', { title: 'Card night' });
    await nameButton(page, VIP).click();
    const card = dialog(page);
    await card.waitFor();
    await card.getByRole('button', { name: 'Shoutout' }).click();
    await page.getByText(`Shoutout sent for ${vip.displayName}`).waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });

    // A second shoutout within Twitch's 2 minutes per channel: the server's 429 text.
    allowConsoleMessages(/the server responded with a status of 429/);
    await nameButton(page, PLAIN).click();
    await card.waitFor();
    await card.getByRole('button', { name: 'Shoutout' }).click();
    await page
      .getByText(
        'Twitch allows one shoutout every 2 minutes, and the same channel once an hour. Try again later.',
      )
      .waitFor({ timeout: 15_000 });
    await expect(page.getByText(`Shoutout sent for ${plain.displayName}`).count()).resolves.toBe(0);
    await shot(page, 'chatter-card-shoutout-limited');
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
  });

  it('opens from the session page, shows the deleted first message and ignores the chatter', async () => {
    await page.goto(`${app.origin}/session/${session.id}`);
    await nameButton(page, PLAIN).click();
    const card = dialog(page);
    await card.waitFor();
    await loaded(card);
    expect(await fact(card, 'first-message').textContent()).toBe(`${KEYWORD} buy followers here`);
    expect(await fact(card, 'messages').textContent()).toBe('1');
    expect(await fact(card, 'badges').textContent()).toBe('None');
    expect(await fact(card, 'moderation').textContent()).toBe('First message deleted');
    await card.getByRole('button', { name: 'Shoutout' }).waitFor();
    await card.getByRole('button', { name: 'Ignore' }).click();
    await page.getByText(`${PLAIN} is now on your ignore list`).waitFor();
    const ignored = await api<IgnoredUserDto[]>(page, 'GET', '/api/ignored-users');
    expect(ignored.map((entry) => entry.username.toLowerCase())).toContain(PLAIN);
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'detached' });
    expect(
      await nameButton(page, PLAIN).evaluate((element) => element === document.activeElement),
    ).toBe(true);
    expect((await cardOf(plain.id)).chatter.firstMessageDeleted).toBe(true);
  });

  it('looks right in light mode, in German, and at 360 px', async () => {
    const light = await newContext(browser, { cookies, theme: 'light', width: 1280, height: 900 });
    const lightPage = await light.newPage();
    collectPageErrors(lightPage, errors);
    await lightPage.goto(`${app.origin}/session/${session.id}`);
    await nameButton(lightPage, VIP).click();
    await dialog(lightPage).waitFor();
    await fact(dialog(lightPage), 'badges').locator('.chatter-badge').first().waitFor();
    await shot(lightPage, 'chatter-card-session-light');
    await light.close();

    const phone = await newContext(browser, { cookies, language: 'de', width: 360, height: 740 });
    const phonePage = await phone.newPage();
    collectPageErrors(phonePage, errors);
    await phonePage.goto(`${app.origin}/session/${session.id}`);
    await nameButton(phonePage, VIP).click();
    const card = dialog(phonePage);
    await card.waitFor();
    await card.getByRole('button', { name: 'Als begrüßt markieren' }).waitFor();
    expect(await fact(card, 'last-seen').textContent()).toBe('Nie vor diesem Stream');
    const box = await card.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    expect(
      await phonePage.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(360);
    await shot(phonePage, 'chatter-card-360-de');
    await phone.close();
    expect(errors).toEqual([]);
  });
});
