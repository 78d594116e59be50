import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Cookie, Page } from 'playwright-core';
import type { ChatterDto, SessionDto } from '@greetboard/contracts';
import { waitFor } from '@greetboard/testing';
import {
  api,
  collectPageErrors,
  launchChromium,
  newContext,
  screenshot,
  signInQuickly,
  Standalone,
} from './harness.js';

const KEYWORD = 'shot';
const VIEWERS = [
  'ada_lovelace',
  'grace_hopper',
  'alan_turing',
  'katherine_j',
  'linus_t',
  'margaret_h',
  'dennis_r',
  'barbara_l',
  'ken_thompson',
  'frances_allen',
  'edsger_d',
  'radia_p',
];

interface Variant {
  name: string;
  theme: 'dark' | 'light';
  language: 'en' | 'de';
  /** A text on the dashboard in this language. */
  dashboardText: string;
}

const VARIANTS: Variant[] = [
  { name: 'dark', theme: 'dark', language: 'en', dashboardText: 'Total Sessions' },
  { name: 'light', theme: 'light', language: 'en', dashboardText: 'Total Sessions' },
  { name: 'de', theme: 'dark', language: 'de', dashboardText: 'Sitzungen gesamt' },
];

/** Every screen of issue 7 in dark, light and German, under test-artifacts/e2e-screenshots/. */
describe('screenshots of every screen', () => {
  let app: Standalone;
  let browser: Browser;
  let cookies: Cookie[];
  let session: SessionDto;
  const errors: string[] = [];

  beforeAll(async () => {
    app = await Standalone.start();
    browser = await launchChromium();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInQuickly(page, app, 'demo_streamer');
    session = await api<SessionDto>(page, 'POST', '/api/sessions', {
      name: 'Friday Night Stream',
      keywords: JSON.stringify([KEYWORD, 'hello', 'hi', 'giveaway', 'raid']),
    });
    await app.waitForChannelJoined();
    await app.chat(
      VIEWERS.map((login, i) => ({ login, text: `hi there, ${KEYWORD} number ${i}` })),
    );
    await app.chat(VIEWERS.slice(0, 4).map((login) => ({ login, text: `${KEYWORD} again` })));
    const chatters = await waitFor(
      async () => {
        const list = await api<ChatterDto[]>(page, 'GET', `/api/sessions/${session.id}/chatters`);
        return list.filter((c) => VIEWERS.includes(c.username)).length === VIEWERS.length
          ? list
          : null;
      },
      { what: 'the viewers in the session', timeoutMs: 20_000 },
    );
    for (const chatter of chatters.slice(0, 3)) {
      await api(page, 'PUT', `/api/chatters/${chatter.id}/greet`, { isGreeted: true });
    }
    cookies = await context.cookies();
    await context.close();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const settle = async (page: Page, variant: Variant) => {
    await page.waitForFunction(
      ([theme, language]) =>
        document.documentElement.classList.contains(theme) &&
        document.documentElement.lang === language &&
        !document.querySelector('[role="status"] .spinner'),
      [variant.theme, variant.language],
    );
  };

  describe.each(VARIANTS)('$name', (variant) => {
    it('captures the public and legal pages', async () => {
      const context = await newContext(browser, variant);
      const page = await context.newPage();
      collectPageErrors(page, errors);
      for (const [path, file] of [
        ['/', 'landing'],
        ['/login', 'login'],
        ['/privacy', 'privacy'],
        ['/terms', 'terms'],
        ['/imprint', 'imprint'],
      ]) {
        await page.goto(`${app.origin}${path}`);
        await page.locator('footer').waitFor();
        await settle(page, variant);
        await screenshot(page, `${variant.name}-${file}`);
      }
      await page.goto(
        `${app.origin}/login?error=${encodeURIComponent('Sign-in was cancelled on Twitch.')}`,
      );
      await page.getByRole('alert').waitFor();
      await settle(page, variant);
      await screenshot(page, `${variant.name}-login-error`);
      await context.close();
    }, 60_000);

    it('captures the dashboard, the session page and the overlay', async () => {
      const context = await newContext(browser, { ...variant, cookies });
      const page = await context.newPage();
      collectPageErrors(page, errors);
      await page.goto(`${app.origin}/dashboard`);
      await page.getByText(variant.dashboardText).waitFor();
      await page.locator('.chatter-row').first().waitFor();
      await settle(page, variant);
      await screenshot(page, `${variant.name}-dashboard`);

      // A newcomer's toast carries a drawn icon: this Chromium has no emoji font.
      const newcomer = `newcomer_${variant.name}`;
      await app.chat([{ login: newcomer, text: `${KEYWORD}, first time here` }]);
      const toast = page.locator('[data-rht-toaster] .toast').filter({ hasText: newcomer });
      await toast.locator('svg.lucide-hand').waitFor();
      await screenshot(page, `${variant.name}-new-chatter-toast`, false);

      await page.goto(`${app.origin}/session/${session.id}`);
      await page.locator('.chatter-row').nth(9).waitFor();
      await settle(page, variant);
      await screenshot(page, `${variant.name}-session`);

      await page.setViewportSize({ width: 400, height: 600 });
      await page.goto(`${app.origin}/obs`);
      await page.locator('.overlay-row').first().waitFor();
      await settle(page, variant);
      await screenshot(page, `${variant.name}-overlay`, false);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${app.origin}/dashboard`);
      await page.locator('.chatter-row').first().waitFor();
      await settle(page, variant);
      await screenshot(page, `${variant.name}-dashboard-mobile`);
      await context.close();
    }, 60_000);
  });

  it('raised no uncaught errors in any page', () => {
    expect(errors).toEqual([]);
  });
});
