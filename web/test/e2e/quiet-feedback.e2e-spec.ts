import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { ChatterDto, SessionDto } from '@greetboard/contracts/wire';
import { waitFor } from '@greetboard/testing';
import {
  api,
  collectPageErrors,
  launchChromium,
  newContext,
  screenshot,
  seedSession,
  signInQuickly,
  Standalone,
  type SeededSession,
} from './harness.js';

const KEYWORD = 'quietword';
const SESSION_NAME = 'Quiet Stream';
/** Enough to fill the dashboard's list to the bottom of the screen, five greets per check. */
const VIEWERS = Array.from({ length: 24 }, (_, i) => `quiet_v${String(i).padStart(2, '0')}`);

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Quiet feedback and a dashboard that says what it counts (ADR 0051), in
 * Chromium against the standalone runtime: a run of greets shows one toast that counts and
 * keeps clear of the greet buttons on 1280x800 and 1920x1080 screens and a 390x844 phone, the overlay
 * shows no toast, and the dashboard names each figure's scope, waits for the first chatter of
 * an active session, and shows each chatter's first message.
 */
describe('quiet feedback and dashboard scopes', () => {
  let app: Standalone;
  let browser: Browser;
  let seeded: SeededSession;
  const errors: string[] = [];

  const toasts = (page: Page) => page.locator('[data-rht-toaster] .toast');
  const caption = (page: Page, label: string) =>
    page
      .locator('.stat-card', {
        has: page.locator('.stat-label', { hasText: new RegExp(`^${label}$`) }),
      })
      .locator('.stat-caption')
      .innerText();
  const pending = async (page: Page) =>
    (await api<ChatterDto[]>(page, 'GET', `/api/sessions/${seeded.session.id}/chatters`))
      .filter((chatter) => VIEWERS.includes(chatter.username) && !chatter.isGreeted)
      .map((chatter) => chatter.username);

  /** The seeded chatters still to greet, as the page shows them. */
  const shownPending = async (page: Page, rows: string) =>
    (
      await page
        .locator(`${rows}.is-pending`)
        .evaluateAll((items) =>
          items.map((item) =>
            item.querySelector('.chatter-name, .overlay-name')?.textContent?.trim(),
          ),
        )
    ).filter((name): name is string => !!name && VIEWERS.includes(name));

  /** A signed-in page of demo_streamer at the given size. */
  const openPage = async (width: number, height: number) => {
    const context = await newContext(browser, { width, height });
    // 'Next to greet': each round of five finds pending chatters on the first page, which by
    // first seen (the default) the rounds before have greeted.
    await context.addInitScript(() => {
      try {
        localStorage.setItem('chatterOrder', 'next');
      } catch {
        // about:blank has no storage; the app's pages do.
      }
    });
    const page = await context.newPage();
    collectPageErrors(page, errors);
    await signInQuickly(page, app, 'demo_streamer');
    return page;
  };

  /**
   * Greets five pending chatters in quick succession and checks that one toast counts them
   * and that it covers none of the greet buttons.
   */
  const greetFiveAndCheck = async (page: Page, shot: string) => {
    // The list's page arrives after the panel's heading.
    const names = (
      await waitFor(
        async () => {
          const shown = await shownPending(page, '.chatter-row');
          return shown.length >= 5 ? shown : undefined;
        },
        { timeoutMs: 15_000, what: 'five pending chatters on the page' },
      )
    ).slice(0, 5);
    expect(names).toHaveLength(5);
    for (const name of names) {
      const button = page.getByRole('button', { name: `Mark ${name} as greeted` });
      await button.scrollIntoViewIfNeeded();
      await button.click();
    }
    const counting = toasts(page).filter({ hasText: 'Marked 5 as greeted' });
    await counting.waitFor();
    // One toast for the run: the earlier counts were updates of the same toast, not a stack.
    await expect(
      toasts(page)
        .filter({ hasText: /Marked/ })
        .count(),
    ).resolves.toBe(1);
    const toastBox = await counting.boundingBox();
    expect(toastBox).not.toBeNull();
    const buttons = await page.locator('.chatter-row .greet-button').all();
    expect(buttons.length).toBeGreaterThanOrEqual(5);
    for (const button of buttons) {
      const box = await button.boundingBox();
      if (!box) continue;
      expect({ button: box, toast: toastBox, overlaps: intersects(box, toastBox!) }).toEqual({
        button: box,
        toast: toastBox,
        overlaps: false,
      });
    }
    // The whole column, rows scrolled out of view too: no greet button shares the toast's
    // horizontal span, so no scrolling of the list can bring one under it.
    const spans = await Promise.all(buttons.map((b) => b.boundingBox()));
    const sharing = spans.filter(
      (box) => box && box.x < toastBox!.x + toastBox!.width && toastBox!.x < box.x + box.width,
    );
    expect(sharing).toEqual([]);
    await screenshot(page, shot, false);
    await page.mouse.move(0, 0);
    await counting.waitFor({ state: 'detached' });
  };

  beforeAll(async () => {
    app = await Standalone.start();
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('waits for the first chatter of an active session, and asks for a start once stopped', async () => {
    const page = await openPage(1280, 800);
    const session = await api<SessionDto>(page, 'POST', '/api/sessions', {
      name: 'Empty Stream',
      keywords: JSON.stringify(['nobodysaysthis']),
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Chatters: Empty Stream' }).waitFor();
    await page.getByText('No chatters yet. Waiting for people to chat in your stream...').waitFor();
    await expect(caption(page, 'Total Sessions')).resolves.toBe('All sessions');
    await expect(caption(page, 'Active Sessions')).resolves.toBe('All sessions');
    await expect(caption(page, 'Total Chatters')).resolves.toBe('Selected session: Empty Stream');
    await expect(caption(page, 'Greeted')).resolves.toBe('Selected session: Empty Stream');
    await screenshot(page, 'dashboard-active-empty-1280x800', false);

    await api(page, 'PUT', `/api/sessions/${session.id}`, { isActive: false });
    await page.getByText('No chatters yet. Start the session to begin monitoring!').waitFor();
    await page.context().close();
  }, 60_000);

  it('names the scope of each figure and shows the first message on dashboard rows', async () => {
    const page = await openPage(1280, 800);
    seeded = await seedSession(page, app, {
      name: SESSION_NAME,
      keyword: KEYWORD,
      viewers: VIEWERS,
      repeat: 1,
      greet: 0,
    });
    await page.reload();
    await page.getByRole('heading', { name: `Chatters: ${SESSION_NAME}` }).waitFor();
    await expect(caption(page, 'Total Sessions')).resolves.toBe('All sessions');
    await expect(caption(page, 'Total Chatters')).resolves.toBe(
      `Selected session: ${SESSION_NAME}`,
    );
    // Lines sent together can share a first-seen millisecond: take whichever row comes first.
    const row = page.locator('.chatter-row', { hasText: /quiet_v\d\d/ }).first();
    const login = (await row.locator('.chatter-name').innerText()).trim();
    const first = `hi there, ${KEYWORD} number ${VIEWERS.indexOf(login)}`;
    const message = row.locator('.chatter-message-line');
    await expect(message.innerText()).resolves.toContain(first);
    await expect(message.getAttribute('title')).resolves.toBe(first);
    // One line: the message never makes the row taller than a name and a meta line need.
    const lineHeight = await message.evaluate((el) => el.getBoundingClientRect().height);
    expect(lineHeight).toBeLessThan(30);

    await page.context().close();
  }, 60_000);

  it.each([
    [1280, 800],
    [1920, 1080],
  ])(
    'shows one counting toast clear of the greet column on a %ix%i dashboard',
    async (width, height) => {
      const page = await openPage(width, height);
      await page.getByRole('heading', { name: `Chatters: ${SESSION_NAME}` }).waitFor();
      await greetFiveAndCheck(page, `quiet-feedback-dashboard-${width}x${height}`);
      await page.context().close();
    },
    60_000,
  );

  it('does the same on a 390x844 phone, on the session page and the dashboard', async () => {
    const page = await openPage(390, 844);
    await page.goto(`${app.origin}/session/${seeded.session.id}`);
    await page.getByRole('heading', { name: SESSION_NAME, level: 1 }).waitFor();
    await page.locator('.chatter-row').first().waitFor();
    await greetFiveAndCheck(page, 'quiet-feedback-session-390x844');

    await page.goto(`${app.origin}/dashboard`);
    await page.getByRole('heading', { name: `Chatters: ${SESSION_NAME}` }).waitFor();
    await page.locator('.chatter-row').first().waitFor();
    await greetFiveAndCheck(page, 'quiet-feedback-dashboard-390x844');
    await page.context().close();
  }, 90_000);

  it('shows no toast in the overlay after a greet from it', async () => {
    const page = await openPage(400, 600);
    await page.goto(`${app.origin}/obs/${seeded.session.id}`);
    await page.locator('.overlay-row').first().waitFor();
    // By first seen, the rows greeted above fill the overlay: hide them to reach a pending one.
    await page.getByRole('checkbox', { name: 'Hide greeted' }).check();
    const [name] = await waitFor(
      async () => {
        const shown = await shownPending(page, '.overlay-row');
        return shown.length > 0 ? shown : undefined;
      },
      { what: 'a pending chatter on the overlay' },
    );
    expect(name).toMatch(/^quiet_v/);
    const button = page.getByRole('button', { name: `Mark ${name} as greeted` });
    await button.click();
    await page.getByRole('button', { name: `Mark ${name} as not greeted` }).waitFor();
    await waitFor(async () => !(await pending(page)).includes(name) || null, {
      what: 'the greet on the server',
    });
    // The success toast would show as soon as the server answered; give it time to appear.
    await page.waitForTimeout(500);
    await expect(page.locator('[data-rht-toaster]').count()).resolves.toBe(0);
    await expect(page.getByText('Marked as greeted!').count()).resolves.toBe(0);
    await screenshot(page, 'quiet-feedback-overlay-400x600', false);
    await page.context().close();
  }, 60_000);

  it('had a quiet page throughout', () => {
    expect(errors).toEqual([]);
  });
});
