import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Cookie, Page } from 'playwright-core';
import type { SessionDto } from '@greetboard/contracts/wire';
import {
  collectPageErrors,
  launchChromium,
  newContext,
  seedSession,
  screenshot,
  signInQuickly,
  Standalone,
} from './harness.js';
import { REPO_ROOT } from '@greetboard/testing';

/** The README's pictures, refreshed by every run so that they show the current app. */
const README_IMAGES = path.join(REPO_ROOT, 'docs', 'images');
async function keepForReadme(file: string, name: string, variant: Variant): Promise<void> {
  if (variant.name !== 'dark') return;
  await mkdir(README_IMAGES, { recursive: true });
  await copyFile(file, path.join(README_IMAGES, `${name}.png`));
}

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

/** Every screen in dark, light and German, under test-artifacts/e2e-screenshots/. */
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
    ({ session } = await seedSession(page, app, {
      name: 'Friday Night Stream',
      keyword: KEYWORD,
      viewers: VIEWERS,
      repeat: 4,
      greet: 3,
    }));
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
      await keepForReadme(
        await screenshot(page, `${variant.name}-dashboard`),
        'dashboard',
        variant,
      );

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
      await keepForReadme(
        await screenshot(page, `${variant.name}-overlay`, false),
        'overlay',
        variant,
      );

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
