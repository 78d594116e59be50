import { copyFile, mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { ChatterDto, SessionDto } from '@greetboard/contracts/wire';
import { waitFor } from '@greetboard/testing';
import { chatterRow } from './desk-helpers.js';
import {
  collectPageErrors,
  launchChromium,
  newContext,
  screenshot,
  seedSession,
  signInQuickly,
  Standalone,
} from './harness.js';

const VIEWERS = ['welcome_web_one', 'welcome_web_two'];
const TEMPLATE = 'Welcome {name}, glad you are here!';
const SHOTS = '/tmp/shots-welcome';
const SHOUTOUT_LIMIT =
  'Twitch allows one shoutout every 2 minutes, and the same channel once an hour. Try again later.';

/**
 * The welcome in chat (ADR 0054) in Chromium against the standalone runtime: the streamer sets
 * a template on the session page, greets a chatter and sees the welcome arrive in the
 * emulator's chat about 5 s later, as the streamer; a greet undone at once sends nothing. With
 * raiders shouted out, each raid's shoutout shows beside the welcomes: sent, or refused and why.
 */
describe('welcome in chat', () => {
  let app: Standalone;
  let browser: Browser;
  let page: Page;
  let session: SessionDto;
  let chatters: ChatterDto[];
  const errors: string[] = [];

  /** What demo_streamer posted in their channel, from the emulator's chat. */
  async function streamerLines(): Promise<string[]> {
    const response = await fetch(`${app.emulatorUrl}/control/channels/demo_streamer/messages`);
    const body = (await response.json()) as { data: { login: string; text: string }[] };
    return body.data.filter((line) => line.login === 'demo_streamer').map((line) => line.text);
  }

  async function shot(name: string): Promise<void> {
    const file = await screenshot(page, name);
    await mkdir(SHOTS, { recursive: true });
    await copyFile(file, `${SHOTS}/${name}.png`);
  }

  beforeAll(async () => {
    app = await Standalone.start();
    browser = await launchChromium();
    const context = await newContext(browser, { height: 1200 });
    page = await context.newPage();
    collectPageErrors(page, errors);
    await signInQuickly(page, app, 'demo_streamer');
    ({ session, chatters } = await seedSession(page, app, {
      name: 'Welcome Stream',
      keyword: 'welcomeword',
      viewers: VIEWERS,
      repeat: 1,
      greet: 0,
    }));
    await page.goto(`${app.origin}/session/${session.id}`);
    await chatterRow(page, VIEWERS[0] ?? '').waitFor();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('saves a template after showing a placeholder it does not know', async () => {
    await page.getByRole('button', { name: /Welcome in chat/ }).click();
    const field = page.getByLabel('First-time chatters');
    await field.fill('Welcome {nmae}!');
    await page
      .getByText('A welcome message uses a placeholder Greetboard does not know.')
      .waitFor();
    await expect(page.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
    await field.fill(TEMPLATE);
    await page
      .getByRole('switch', { name: 'Send a welcome message when a chatter is greeted' })
      .click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Welcome settings saved.').waitFor();
    await page
      .getByRole('button', { name: /Welcome in chat/ })
      .getByText('On')
      .waitFor();
    await shot('welcome-settings');
  }, 30_000);

  it('posts the welcome in chat about 5 s after a greet', async () => {
    const [one] = chatters;
    if (!one) throw new Error('no chatter');
    await chatterRow(page, one.username).locator('.greet-button').click();
    const greetedAt = Date.now();
    const expected = `Welcome ${one.displayName}, glad you are here!`;
    await page.waitForTimeout(2_500);
    expect(await streamerLines()).not.toContain(expected);
    await waitFor(async () => (await streamerLines()).includes(expected), {
      timeoutMs: 20_000,
      intervalMs: 250,
      what: 'the welcome in the emulator chat',
    });
    const tookMs = Date.now() - greetedAt;
    console.log(`[welcome] greet to chat: ${tookMs} ms`);
    expect(tookMs).toBeGreaterThanOrEqual(4_500);
    const list = page.getByRole('list', { name: 'Welcome messages' });
    await list.getByText(expected).waitFor({ timeout: 10_000 });
    await list.getByText('Sent', { exact: true }).waitFor({ timeout: 10_000 });
    // The streamer's own line did not become a chatter of the session.
    await expect(chatterRow(page, 'demo_streamer').count()).resolves.toBe(0);
    await shot('welcome-sent');
  }, 60_000);

  it('sends nothing for a greet undone within the window', async () => {
    const two = chatters[1];
    if (!two) throw new Error('no chatter');
    const button = chatterRow(page, two.username).locator('.greet-button');
    await button.click();
    await waitFor(async () => (await button.getAttribute('aria-pressed')) === 'true', {
      what: 'the greet',
    });
    await button.click();
    await waitFor(async () => (await button.getAttribute('aria-pressed')) === 'false', {
      what: 'the undo',
    });
    await page.waitForTimeout(9_000);
    expect((await streamerLines()).filter((line) => line.includes(two.displayName))).toEqual([]);
    const list = page.getByRole('list', { name: 'Welcome messages' });
    await expect(list.getByText(two.displayName).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
  }, 60_000);

  it("lists each raid's shoutout beside the welcomes: sent, then refused within Twitch's cooldown", async () => {
    // The demo chat adds rows above the panel now and then: click until the switch is on.
    const shoutSwitch = page.getByRole('switch', { name: 'Shout out raiders automatically' });
    await waitFor(
      async () => {
        if ((await shoutSwitch.getAttribute('aria-checked')) !== 'true') await shoutSwitch.click();
        return (await shoutSwitch.getAttribute('aria-checked')) === 'true';
      },
      { what: 'the shoutout switch on', intervalMs: 500 },
    );
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Welcome settings saved.').waitFor();
    await page.getByText('No raid shouted out yet.').waitFor();
    // Twitch shouts out only from a live channel, once every 2 minutes.
    await app.control('/control/channels/demo_streamer/live', { title: 'Welcome Stream' });
    await app.control('/control/channels/demo_streamer/raid', {
      from: 'raid_first',
      viewerCount: 12,
    });
    const list = page.getByRole('list', { name: 'Raid shoutouts' });
    const row = (login: string) => list.getByRole('listitem').filter({ hasText: login });
    await row('raid_first').getByText('Shoutout sent').waitFor({ timeout: 20_000 });
    await app.control('/control/channels/demo_streamer/raid', {
      from: 'raid_second',
      viewerCount: 3,
    });
    await row('raid_second').getByText('Shoutout refused').waitFor({ timeout: 20_000 });
    await row('raid_second').getByText(SHOUTOUT_LIMIT).waitFor();
    await list.scrollIntoViewIfNeeded();
    await shot('welcome-raid-shoutouts');

    // The same list in German.
    await page.evaluate(() => localStorage.setItem('language', 'de'));
    await page.reload();
    await page.getByRole('button', { name: /Willkommen im Chat/ }).click();
    const german = page.getByRole('list', { name: 'Raid-Shoutouts' });
    await german.getByText('Shoutout abgelehnt').waitFor({ timeout: 10_000 });
    await german.getByText('Shoutout gesendet').waitFor();
    await german.scrollIntoViewIfNeeded();
    await shot('welcome-raid-shoutouts-de');
    expect(errors).toEqual([]);
  }, 90_000);
});
