import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Cookie, Page } from 'playwright-core';
import type { ChatterDto, SessionDto } from '@greetboard/contracts/wire';
import { waitFor } from '@greetboard/testing';
import { chatterRow, focusedChatterLogin } from './desk-helpers.js';
import { blockingViolations } from './settings-helpers.js';
import {
  api,
  collectPageErrors,
  launchChromium,
  newContext,
  screenshot,
  signInQuickly,
  Standalone,
  settledValue,
} from './harness.js';

const KEYWORD = 'deskword';
const SESSION_NAME = 'Desk Stream';
/** 30 viewers; the demo chat may add others, so every check filters by these logins. */
const VIEWERS = Array.from({ length: 30 }, (_, i) => `desk_v${String(i).padStart(2, '0')}`);
/** Chatted (without the keyword) before their first counted line: not first-time chatters. */
const REGULARS = VIEWERS.slice(0, 6);
/** Their counted line carries Twitch's returning-chatter tag. */
const RETURNING = VIEWERS.slice(0, 3);
/** Greeted before the page opens. */
const GREETED = [VIEWERS[4], VIEWERS[10], VIEWERS[20]] as string[];

/**
 * The greeting desk in Chromium against the standalone runtime: 30 chatters listed by first
 * seen (the default) and triaged with the keyboard alone on the dashboard (move, greet, undo,
 * search, help), the 'Next to greet' order with greeted rows set apart after the pending ones,
 * the list holding still under the keyboard focus, the first-time and returning badges, the
 * order remembered by the browser, and no serious accessibility problems.
 */
describe('greeting desk', () => {
  let app: Standalone;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let cookies: Cookie[];
  let session: SessionDto;
  const errors: string[] = [];

  const ours = (names: (string | null | undefined)[]) =>
    names.filter((name): name is string => !!name && VIEWERS.includes(name));
  /** The seeded chatters' logins in the order the list shows them. */
  const shownOrder = async (target: Page = page) =>
    ours(
      await target
        .locator('.chatter-row')
        .evaluateAll((rows) =>
          rows.map((row) => row.querySelector('.chatter-name')?.textContent?.toLowerCase()),
        ),
    );
  const focusedLogin = () => focusedChatterLogin(page);
  const row = (login: string) => chatterRow(page, login);
  const isGreetedShown = (login: string) =>
    row(login).locator('.greet-button').getAttribute('aria-pressed');
  const chatters = async () =>
    (await api<ChatterDto[]>(page, 'GET', `/api/sessions/${session.id}/chatters`)).filter((c) =>
      VIEWERS.includes(c.username),
    );
  const greetedOnServer = async (login: string) =>
    (await chatters()).find((c) => c.username === login)?.isGreeted;
  /** 'Next to greet' of the seeded chatters from the API: pending oldest first, then greeted. */
  const expectedNext = async () => {
    const list = (await chatters()).sort(
      (a, b) => Date.parse(a.firstSeenAt) - Date.parse(b.firstSeenAt),
    );
    return [...list.filter((c) => !c.isGreeted), ...list.filter((c) => c.isGreeted)].map(
      (c) => c.username,
    );
  };
  /** The seeded chatters by first seen, oldest first, greeted or not (the default order). */
  const expectedOldest = async () =>
    (await chatters())
      .sort((a, b) => Date.parse(a.firstSeenAt) - Date.parse(b.firstSeenAt))
      .map((c) => c.username);
  /** The order once no row is settling any more (a row greeted a moment ago keeps its place). */
  const waitForOrder = async (expected: () => Promise<string[]>) =>
    waitFor(
      async () => {
        const [want, shown] = [await expected(), await shownOrder()];
        return JSON.stringify(want) === JSON.stringify(shown) ? shown : null;
      },
      { timeoutMs: 15_000, what: 'the list in the expected order' },
    );

  beforeAll(async () => {
    app = await Standalone.start();
    browser = await launchChromium();
    const setup = await newContext(browser);
    const setupPage = await setup.newPage();
    await signInQuickly(setupPage, app, 'demo_streamer');
    session = await api<SessionDto>(setupPage, 'POST', '/api/sessions', {
      name: SESSION_NAME,
      keywords: JSON.stringify([KEYWORD]),
    });
    await app.waitForChannelJoined();
    // Lines without the keyword do not count, but the channel has seen these viewers since.
    await app.chat(REGULARS.map((login) => ({ login, text: 'hello everyone' })));
    for (const login of VIEWERS) {
      await app.control('/control/channels/demo_streamer/messages', {
        messages: [
          {
            login,
            text: `${KEYWORD} hi from ${login}`,
            ...(RETURNING.includes(login) ? { tags: { 'returning-chatter': '1' } } : {}),
          },
        ],
      });
    }
    const seeded = await waitFor(
      async () => {
        const list = await api<ChatterDto[]>(
          setupPage,
          'GET',
          `/api/sessions/${session.id}/chatters`,
        );
        const mine = list.filter((c) => VIEWERS.includes(c.username));
        return mine.length === VIEWERS.length ? mine : null;
      },
      { timeoutMs: 30_000, what: 'the 30 viewers in the session' },
    );
    for (const chatter of seeded.filter((c) => GREETED.includes(c.username))) {
      await api(setupPage, 'PUT', `/api/chatters/${chatter.id}/greet`, { isGreeted: true });
    }
    cookies = await setup.cookies();
    await setup.close();

    context = await newContext(browser, { cookies, bypassCSP: true, height: 1000 });
    page = await context.newPage();
    collectPageErrors(page, errors);
    await page.goto(`${app.origin}/dashboard`);
    await page.getByRole('button', { name: `Select session ${SESSION_NAME}` }).click();
    await page.locator('.chatter-row').first().waitFor();
    // All seeded chatters on one page.
    await page.getByRole('combobox', { name: 'Per page' }).click();
    await page.getByRole('option', { name: '50' }).click();
    // The list holds still while the pointer is over it (ADR 0052): keep the pointer off it.
    await page.mouse.move(0, 0);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lists by first seen, oldest first, by default, greeted or not', async () => {
    await expect(page.getByRole('radio', { name: 'Oldest first' }).isChecked()).resolves.toBe(true);
    await waitForOrder(expectedOldest);
    const greetedAt = (await shownOrder()).map((login) => GREETED.includes(login));
    // The greeted ones stay among the others, where they first chatted.
    expect(greetedAt.indexOf(true)).toBeLessThan(greetedAt.lastIndexOf(false));
  });

  it('lists the people still to greet first and sets the greeted ones apart after them', async () => {
    await page.getByRole('radio', { name: 'Next to greet' }).check();
    await page.mouse.move(0, 0);
    await waitForOrder(expectedNext);
    const looks = await page.locator('.chatter-row').evaluateAll((rows) =>
      rows.map((row) => ({
        greeted: row.classList.contains('is-greeted'),
        mark: row.querySelector('.greeted-mark') !== null,
        background: getComputedStyle(row).backgroundColor,
      })),
    );
    const firstGreeted = looks.findIndex((look) => look.greeted);
    expect(firstGreeted).toBeGreaterThan(0);
    // No pending row after the first greeted one, and every greeted row looks the part.
    expect(looks.slice(firstGreeted).every((look) => look.greeted && look.mark)).toBe(true);
    expect(looks.slice(0, firstGreeted).some((look) => look.mark)).toBe(false);
    expect(looks[firstGreeted]?.background).not.toBe(looks[0]?.background);
  });

  it('shows first-time and returning chatter badges', async () => {
    const badges = async (login: string) => row(login).locator('.chatter-badge').allTextContents();
    await expect(badges(VIEWERS[0])).resolves.toEqual(['Returning chatter']);
    await expect(badges(VIEWERS[5])).resolves.toEqual([]);
    await expect(badges(VIEWERS[6])).resolves.toEqual(['First-time chatter']);
    await expect(badges(VIEWERS[29])).resolves.toEqual(['First-time chatter']);
  });

  it('searches with /, narrowing the list and counting the matches', async () => {
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search chatters' });
    await expect(search.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.type('DESK_V1');
    await page.getByText(/^10 of \d+ chatters match$/).waitFor();
    await waitFor(async () => (await shownOrder()).length === 10 || null, {
      what: 'ten matching rows',
    });
    // Typing j or g in the search types; it moves and greets nothing.
    await page.keyboard.type('g');
    await page.getByText(/^0 of \d+ chatters match$/).waitFor();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Escape');
    expect(await settledValue(search, 'DESK_V1')).toBe('DESK_V1');
    await expect(search.evaluate((el) => el === document.activeElement)).resolves.toBe(false);
    // Only the seeded chatters for the triage: the demo chat's may arrive between them.
    await page.keyboard.press('/');
    await page.keyboard.type('desk_v');
    await page.getByText(/^30 of \d+ chatters match$/).waitFor();
    await page.keyboard.press('Escape');
    await waitForOrder(expectedNext);
  });

  it('moves, greets, un-greets and undoes with the keyboard alone', async () => {
    const [first, second, third] = (await expectedNext()) as [string, string, string];
    await page.keyboard.press('j');
    await expect(focusedLogin()).resolves.toBe(first);
    const ring = await page.evaluate(
      () => getComputedStyle(document.activeElement as Element).outlineStyle,
    );
    expect(ring).toBe('solid');

    await page.keyboard.press('g');
    await waitFor(async () => (await isGreetedShown(first)) === 'true' || null, {
      what: `${first} greeted on screen`,
    });
    await waitFor(async () => (await greetedOnServer(first)) || null, {
      what: `${first} greeted on the server`,
    });
    // The greet moved the focus on to the next row.
    await expect(focusedLogin()).resolves.toBe(second);

    await page.keyboard.press('ArrowUp');
    await expect(focusedLogin()).resolves.toBe(first);
    await page.keyboard.press('ArrowDown');
    await expect(focusedLogin()).resolves.toBe(second);
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await page.keyboard.press('j');
    await expect(focusedLogin()).resolves.toBe(third);
    await page.keyboard.press('Enter');
    await waitFor(async () => (await isGreetedShown(third)) === 'true' || null, {
      what: `${third} greeted on screen`,
    });

    // u takes back the last change only: the third is pending again, the first stays greeted.
    await page.keyboard.press('u');
    await waitFor(async () => (await isGreetedShown(third)) === 'false' || null, {
      what: `${third} un-greeted on screen`,
    });
    await waitFor(async () => (await greetedOnServer(third)) === false || null, {
      what: `${third} pending on the server`,
    });
    await expect(greetedOnServer(first)).resolves.toBe(true);

    // Settled, but nothing moves under the keyboard focus: the list offers its update instead
    // (with any demo viewer's line held beside it: the demo chat speaks in every joined channel).
    await page.getByRole('button', { name: /^\d+ updates?$/ }).waitFor({ timeout: 10_000 });
    await expect(shownOrder().then((order) => order[0])).resolves.toBe(first);
    await expect(focusedLogin()).resolves.toBe(third);
    await screenshot(page, 'greeting-desk-held-updates', false);
    // Leaving the list for the search lets it settle: the greeted chatter moves behind every
    // pending one.
    await page.keyboard.press('/');
    const order = await waitForOrder(expectedNext);
    await page.keyboard.press('Escape');
    expect(order.indexOf(first)).toBeGreaterThan(order.indexOf(third));
    await expect(row(first).getAttribute('class')).resolves.toContain('is-greeted');
  });

  it('lists the keys in a help dialog that keeps the focus and closes with Esc', async () => {
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    await dialog.getByText('Undo the last greet change').waitFor();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      await expect(dialog.evaluate((el) => el.contains(document.activeElement))).resolves.toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('has no serious accessibility problems, in the dark and the light theme', async () => {
    // Show where the pending rows end and the greeted ones begin.
    const boundary = page.locator('.chatter-row.is-greeted').first();
    await boundary.scrollIntoViewIfNeeded();
    await screenshot(page, 'greeting-desk-dashboard-dark');
    const problems = await blockingViolations(page, 'dashboard (dark)');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await page.locator('html.light').waitFor({ state: 'attached' });
    await page.keyboard.press('j');
    await boundary.scrollIntoViewIfNeeded();
    await screenshot(page, 'greeting-desk-dashboard-light');
    problems.push(...(await blockingViolations(page, 'dashboard (light)')));
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    problems.push(...(await blockingViolations(page, 'keyboard help (light)')));
    await page.keyboard.press('Escape');
    expect(problems).toEqual([]);
  });

  it('remembers Newest first in the browser and offers it on the session page', async () => {
    await page.goto(`${app.origin}/session/${session.id}`);
    await page.locator('.chatter-row').first().waitFor();
    await page.getByRole('radio', { name: 'Newest first' }).check();
    await page.keyboard.press('/');
    await page.keyboard.type('desk_v');
    await page.getByText(/^30 of \d+ chatters match$/).waitFor();
    await page.keyboard.press('Escape');
    const newest = async () =>
      (await chatters())
        .sort((a, b) => Date.parse(b.firstSeenAt) - Date.parse(a.firstSeenAt))
        .map((c) => c.username)
        .slice(0, 5);
    await waitFor(
      async () =>
        JSON.stringify((await shownOrder()).slice(0, 5)) === JSON.stringify(await newest()) || null,
      { what: 'the newest seeded chatters first' },
    );
    await page.reload();
    await page.locator('.chatter-row').first().waitFor();
    await expect(page.getByRole('radio', { name: 'Newest first' }).isChecked()).resolves.toBe(true);
    await page.keyboard.press('/');
    await page.keyboard.type('desk_v2');
    await page.getByText(/^10 of \d+ chatters match$/).waitFor();
    expect(errors).toEqual([]);
  });
});
