import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ChatterDto, RaidDto, SessionDto } from '@greetboard/contracts/wire';
import { waitFor } from '@greetboard/testing';
import { chatterRow, focusedChatterLogin } from './desk-helpers.js';
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
  settledValue,
} from './harness.js';

const KEYWORD = 'raidword';
const SESSION_NAME = 'Raid Stream';
const RAIDER_COUNT = 150;
const RAIDERS = Array.from(
  { length: RAIDER_COUNT },
  (_, i) => `raider_${String(i).padStart(3, '0')}`,
);
/** In chat before the raid: never raiders, whatever they say after it. */
const REGULARS = ['regular_a', 'regular_b', 'regular_c'];
/** Subscribes while the raiders arrive: a line of the subscriber, never a raider (ADR 0053). */
const RAID_TIME_SUB = 'raid_time_sub';
const OURS = [...RAIDERS, ...REGULARS, 'sub_fan', 'sub_quiet', RAID_TIME_SUB];

/**
 * A raid of 150 through the emulator (ADR 0032) in Chromium against the standalone runtime:
 * the banner with the raider and the viewer count, the raiders marked on their rows, 'greet
 * all raiders' and its undo by key, then all 150 triaged one by one with the keyboard alone.
 * 'Greet all raiders' shows whom it will greet first: the raiders, not a subscriber nor a
 * chatter here before the raid (ADR 0053). Subscription notices count as chat lines of the
 * subscriber. The raid window in Settings. Screenshots in both themes and axe-core checks.
 */
describe('raids', () => {
  let app: Standalone;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let session: SessionDto;
  const errors: string[] = [];

  const chatters = async () =>
    (await api<ChatterDto[]>(page, 'GET', `/api/sessions/${session.id}/chatters`)).filter((c) =>
      OURS.includes(c.username),
    );
  const raiders = async () => (await chatters()).filter((c) => RAIDERS.includes(c.username));
  const focusedLogin = () => focusedChatterLogin(page);
  const row = (login: string) => chatterRow(page, login);
  const greetAllButton = (count: number) =>
    page.getByRole('button', { name: `Greet all raiders (${count})` });

  beforeAll(async () => {
    app = await Standalone.start();
    browser = await launchChromium();
    const setup = await newContext(browser);
    const setupPage = await setup.newPage();
    await signInQuickly(setupPage, app, 'demo_streamer');
    // 'subscribed' lets a sub without a message count: its line is Twitch's system message.
    session = await api<SessionDto>(setupPage, 'POST', '/api/sessions', {
      name: SESSION_NAME,
      keywords: JSON.stringify([KEYWORD, 'subscribed']),
    });
    await app.waitForChannelJoined();
    await app.chat(REGULARS.map((login) => ({ login, text: `${KEYWORD} hello` })));
    await app.control('/control/channels/demo_streamer/resub', {
      login: 'sub_fan',
      months: 12,
      message: `${KEYWORD} a year already`,
    });
    await app.control('/control/channels/demo_streamer/sub', { login: 'sub_quiet' });
    const seeded = await waitFor(
      async () => {
        const list = await api<ChatterDto[]>(
          setupPage,
          'GET',
          `/api/sessions/${session.id}/chatters`,
        );
        const mine = list.filter((c) => OURS.includes(c.username));
        return mine.length === REGULARS.length + 2 ? mine : null;
      },
      { timeoutMs: 30_000, what: 'the regulars and subscribers in the session' },
    );
    const regular = seeded.find((c) => c.username === REGULARS[0])!;
    await api(setupPage, 'PUT', `/api/chatters/${regular.id}/greet`, { isGreeted: true });
    const cookies = await setup.cookies();
    await setup.close();

    context = await newContext(browser, { cookies, bypassCSP: true, height: 1000 });
    page = await context.newPage();
    collectPageErrors(page, errors);
    await page.goto(`${app.origin}/dashboard`);
    await page.getByRole('button', { name: `Select session ${SESSION_NAME}` }).click();
    await page.locator('.chatter-row').first().waitFor();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('counts sub and resub notices as chat lines of the subscriber', async () => {
    const list = await chatters();
    expect(list.find((c) => c.username === 'sub_fan')).toMatchObject({
      firstMessage: `${KEYWORD} a year already`,
      messageCount: 1,
      raidId: null,
    });
    expect(list.find((c) => c.username === 'sub_quiet')).toMatchObject({
      firstMessage: 'sub_quiet subscribed at Tier 1.',
      messageCount: 1,
    });
  });

  it('shows a raid of 150 as a banner and marks the chatters who arrive with it', async () => {
    await app.control('/control/channels/demo_streamer/raid', {
      from: 'raid_leader',
      viewerCount: RAIDER_COUNT,
    });
    const banner = page.getByRole('region', { name: 'Raid', exact: true });
    await banner.getByText('raid_leader is raiding with 150 viewers').waitFor();
    await app.chat(RAIDERS.map((login) => ({ login, text: `${KEYWORD} hype from ${login}` })));
    // A new subscriber among the raiders, and a regular greeting them: neither is a raider.
    await app.control('/control/channels/demo_streamer/sub', { login: RAID_TIME_SUB });
    await app.chat([{ login: REGULARS[1], text: `${KEYWORD} welcome raiders` }]);
    await greetAllButton(RAIDER_COUNT).waitFor({ timeout: 30_000 });

    const [raid] = await api<RaidDto[]>(page, 'GET', `/api/sessions/${session.id}/raids`);
    expect(raid).toMatchObject({ raiderLogin: 'raid_leader', viewerCount: RAIDER_COUNT });
    const list = await waitFor(
      async () => {
        const all = await chatters();
        return all.find((c) => c.username === REGULARS[1])?.messageCount === 2 ? all : null;
      },
      { what: 'the regular’s second line counted' },
    );
    expect(
      list
        .filter((c) => c.raidId === raid.id)
        .map((c) => c.username)
        .sort(),
    ).toEqual(RAIDERS);
    expect(list.find((c) => c.username === RAID_TIME_SUB)).toMatchObject({
      firstMessage: `${RAID_TIME_SUB} subscribed at Tier 1.`,
      raidId: null,
    });
    expect(list.filter((c) => !RAIDERS.includes(c.username)).every((c) => c.raidId === null)).toBe(
      true,
    );
    // The mark is a word with an icon, not a colour alone; the regulars have none. Raiders who
    // chatted in the same millisecond are listed in id order, so any raider may be on page 1.
    const raiderRow = page
      .locator('.chatter-row')
      .filter({ has: page.locator('.chatter-badge', { hasText: /^Raider$/ }) })
      .first();
    await raiderRow.waitFor();
    expect(RAIDERS).toContain((await raiderRow.locator('.chatter-name').textContent())?.trim());
    // The regulars chatted first, so they lead the first page by first seen: the row is there.
    await row(REGULARS[1]).waitFor();
    await expect(row(REGULARS[1]).locator('.badge-raider').count()).resolves.toBe(0);

    await banner.scrollIntoViewIfNeeded();
    await screenshot(page, 'raids-dashboard-dark');
    expect(await blockingViolations(page, 'dashboard during a raid (dark)')).toEqual([]);
  });

  it('shows the raiders r will greet, then greets them; Shift+R takes exactly that back', async () => {
    const regularsBefore = (await chatters()).filter((c) => REGULARS.includes(c.username));
    await page.keyboard.press('r');
    const dialog = page.getByRole('dialog', { name: `Greet ${RAIDER_COUNT} raiders?` });
    await dialog.waitFor();
    await dialog
      .getByText(
        /^New chatters whose first message came within 90 seconds of the raid by raid_leader\./,
      )
      .waitFor();
    const shown = dialog
      .getByRole('list', { name: 'Raiders to greet' })
      .locator('.raid-greet-name');
    await waitFor(async () => (await shown.count()) === RAIDER_COUNT || null, {
      what: 'the raiders listed',
    });
    const names = (await shown.allTextContents()).map((name) => name.trim().toLowerCase());
    expect([...names].sort()).toEqual(RAIDERS);
    // The subscriber and the regular who chatted after the raid are left out.
    expect(names).not.toContain(RAID_TIME_SUB);
    expect(names).not.toContain(REGULARS[1]);
    // Nothing is greeted while the list is shown.
    expect((await raiders()).some((c) => c.isGreeted)).toBe(false);
    await screenshot(page, 'raids-greet-list-dark', false);
    expect(await blockingViolations(page, 'raid greet list (dark)')).toEqual([]);
    await dialog.getByRole('button', { name: `Greet ${RAIDER_COUNT} raiders` }).click();
    await page.getByRole('status').filter({ hasText: 'Greeted 150 raiders.' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await waitFor(async () => (await raiders()).every((c) => c.isGreeted) || null, {
      what: 'every raider greeted on the server',
    });
    await expect(greetAllButton(0).isDisabled()).resolves.toBe(true);

    await page.keyboard.press('Shift+R');
    await page.getByRole('status').filter({ hasText: 'Un-greeted 150 raiders again.' }).waitFor();
    await waitFor(async () => (await raiders()).every((c) => !c.isGreeted) || null, {
      what: 'every raider pending again on the server',
    });
    await greetAllButton(RAIDER_COUNT).waitFor();
    const regularsAfter = (await chatters()).filter((c) => REGULARS.includes(c.username));
    expect(regularsAfter).toEqual(regularsBefore);
  });

  it('triages all 150 raiders one by one with the keyboard alone', async () => {
    // Newest first keeps greeted rows in place; chosen with the keyboard.
    await page.getByRole('radio', { name: 'Next to greet' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('radio', { name: 'Newest first' }).isChecked()).resolves.toBe(true);
    await page.keyboard.press('/');
    await page.keyboard.type('raider_');
    await page.getByText(/^150 of \d+ chatters match$/).waitFor();
    await page.keyboard.press('Escape');

    const greeted = new Set<string>();
    await page.keyboard.press('j');
    for (let i = 0; i < RAIDER_COUNT; i++) {
      const login = await waitFor(
        async () => {
          const focused = await focusedLogin();
          return focused && !greeted.has(focused) ? focused : null;
        },
        { what: `raider number ${i + 1} focused` },
      );
      expect(RAIDERS).toContain(login);
      await page.keyboard.press('g');
      await waitFor(
        async () =>
          (await row(login).locator('.greet-button').getAttribute('aria-pressed')) === 'true' ||
          null,
        { what: `${login} greeted on screen` },
      );
      greeted.add(login);
      // A keyboard greet moves the focus on to the next row by itself; j turns the page after
      // the last row.
      if (i < RAIDER_COUNT - 1 && (await focusedLogin()) === login) await page.keyboard.press('j');
    }
    expect(greeted.size).toBe(RAIDER_COUNT);
    await waitFor(async () => (await raiders()).every((c) => c.isGreeted) || null, {
      timeoutMs: 30_000,
      what: 'all 150 raiders greeted on the server',
    });
    await greetAllButton(0).waitFor();
  }, 180_000);

  it('lists the raid keys in the help dialog, in the light theme too', async () => {
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.locator('html.light').waitFor({ state: 'attached' });
    // The 150 greetings' toasts go away on their own; the picture is of the desk.
    await waitFor(async () => (await page.getByText('Marked as greeted!').count()) === 0 || null, {
      timeoutMs: 20_000,
      what: 'the greeting toasts gone',
    });
    await page.getByRole('region', { name: 'Raid', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'raids-dashboard-light');
    const problems = await blockingViolations(page, 'dashboard during a raid (light)');
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.getByText('Greet all raiders of the raid shown').waitFor();
    await dialog.getByText('Undo greeting all raiders').waitFor();
    problems.push(...(await blockingViolations(page, 'keyboard help with raid keys (light)')));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });

  it('shows the banner and the raider marks on the session page', async () => {
    await page.goto(`${app.origin}/session/${session.id}`);
    await page
      .getByRole('region', { name: 'Raid', exact: true })
      .getByText('raid_leader is raiding with 150 viewers')
      .waitFor();
    await greetAllButton(0).waitFor();
    await page.locator('.badge-raider').first().waitFor();
    await screenshot(page, 'raids-session-page-light');
    expect(await blockingViolations(page, 'session page during a raid (light)')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('sets the raid window in Settings, refusing one out of bounds', async () => {
    await page.goto(`${app.origin}/settings`);
    const section = page.getByRole('region', { name: 'Raids' });
    const input = section.getByRole('spinbutton', { name: 'Raid window in seconds' });
    expect(await settledValue(input, '90')).toBe('90');
    // Chromium logs the refused request.
    allowConsoleMessages(/the server responded with a status of 400/);
    await input.fill('14');
    await section.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The raid window must be between 15 and 600 seconds.').waitFor();
    await expect(
      api<{ windowSeconds: number }>(page, 'GET', '/api/settings/raids'),
    ).resolves.toEqual({ windowSeconds: 90 });
    await input.fill('45');
    await section.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Raid window saved.').waitFor();
    await expect(
      api<{ windowSeconds: number }>(page, 'GET', '/api/settings/raids'),
    ).resolves.toEqual({ windowSeconds: 45 });
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'raids-settings-window-light');
    expect(await blockingViolations(page, 'raid window setting (light)')).toEqual([]);
  }, 90_000);
});
