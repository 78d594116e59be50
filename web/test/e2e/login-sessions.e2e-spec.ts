import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { waitFor } from '@greetboard/testing';
import {
  allowConsoleMessagesInFile,
  collectPageErrors,
  launchChromium,
  newContext,
  screenshot,
  signInQuickly,
  Standalone,
} from './harness.js';
import { expectToast, openSettings, section } from './settings-helpers.js';

/** The section's texts in each language: its heading, the mark of this browser, the device. */
const TEXTS = {
  en: { title: 'Signed-in browsers', current: 'This browser', device: 'Chrome on Linux' },
  de: { title: 'Angemeldete Browser', current: 'Dieser Browser', device: 'Chrome unter Linux' },
  es: {
    title: 'Navegadores con sesión iniciada',
    current: 'Este navegador',
    device: 'Chrome en Linux',
  },
  fr: { title: 'Navigateurs connectés', current: 'Ce navigateur', device: 'Chrome sur Linux' },
} as const;
type Language = keyof typeof TEXTS;

/**
 * The settings' signed-in browsers (ADR 0046): every browser the streamer signed in with,
 * where and when, this one marked; ending another signs that one out, ending this one signs
 * out here. In real Chromium, in every language.
 */
describe('signed-in browsers in settings', () => {
  let app: Standalone;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pages = {} as Record<Language | 'other', Page>;
  const errors: string[] = [];

  beforeAll(async () => {
    // Pages whose session was ended ask who is signed in and hear 401, which Chromium logs.
    allowConsoleMessagesInFile(/the server responded with a status of 401/);
    app = await Standalone.start();
    browser = await launchChromium();
    for (const name of ['en', 'other', 'de', 'es', 'fr'] as const) {
      const context = await newContext(browser, { language: name === 'other' ? 'en' : name });
      contexts.push(context);
      const page = await context.newPage();
      collectPageErrors(page, errors);
      await signInQuickly(page, app, 'demo_streamer');
      pages[name] = page;
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const list = (page: Page, language: Language) =>
    section(page, TEXTS[language].title).locator('.login-session');

  it.each(['de', 'es', 'fr', 'en'] as const)(
    'lists every browser in %s, this one marked',
    async (language) => {
      const page = pages[language];
      await openSettings(page, app);
      const items = list(page, language);
      await items.nth(4).waitFor();
      expect(await items.count()).toBe(5);
      const current = items.filter({ hasText: TEXTS[language].current });
      expect(await current.count()).toBe(1);
      await current.getByText(TEXTS[language].device).waitFor();
      expect(await current.textContent()).toMatch(/127\.0\.0\.1|::1/);
      await section(page, TEXTS[language].title).scrollIntoViewIfNeeded();
      await screenshot(page, `login-sessions-${language}`, false);
    },
    30_000,
  );

  it('ends another browser, which is signed out, and then this one', async () => {
    const page = pages.en;
    const items = list(page, 'en');
    // Newest first: the French page signed in last, the "other" page second.
    const other = items.nth(3);
    expect(await other.getByText('This browser').count()).toBe(0);
    await other.getByRole('button', { name: 'End session' }).click();
    await expectToast(page, 'Session ended');
    await waitFor(async () => (await items.count()) === 4, { what: 'the list without it' });
    const ended = await pages.other.request.get(`${app.origin}/auth/me`);
    expect(ended.status()).toBe(401);

    await items
      .filter({ hasText: 'This browser' })
      .getByRole('button', { name: 'Sign out here' })
      .click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
    expect((await page.request.get(`${app.origin}/auth/me`)).status()).toBe(401);
    expect((await pages.de.request.get(`${app.origin}/auth/me`)).status()).toBe(200);
    expect(errors).toEqual([]);
  }, 30_000);
});
