import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Browser, Cookie, Page } from 'playwright-core';
import type { SessionDto } from '@greetboard/contracts/wire';
import { REPO_ROOT } from '@greetboard/testing';
import {
  collectPageErrors,
  launchChromium,
  newContext,
  seedSession,
  signInByConsent,
  signInQuickly,
  Standalone,
} from './harness.js';

const KEYWORD = 'a11y';
const VIEWERS = ['ada_lovelace', 'grace_hopper', 'alan_turing', 'katherine_j', 'linus_t'];
const THEMES = ['dark', 'light'] as const;
type Theme = (typeof THEMES)[number];

/** Impacts that fail the test; minor and moderate findings are best-practice advice. */
const BLOCKING_IMPACTS = ['serious', 'critical'];

interface PageOptions {
  as?: 'visitor' | 'streamer' | 'pending';
  language?: string;
  width?: number;
  height?: number;
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * In the page: null if the page does not scroll sideways, else the widths and what sticks out
 * (a box or a long word), so that a failure says where to look.
 */
function sidewaysOverflow(): string | null {
  const root = document.scrollingElement ?? document.documentElement;
  if (root.scrollWidth <= root.clientWidth) return null;
  const sticksOut = (rect: DOMRect) => rect.right > root.clientWidth + 0.5;
  const culprits = new Set<string>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(text);
    if (text.parentElement && sticksOut(range.getBoundingClientRect())) {
      culprits.add(`${text.parentElement.tagName.toLowerCase()} "${text.textContent?.trim()}"`);
    }
  }
  for (const element of document.body.querySelectorAll('*')) {
    if (sticksOut(element.getBoundingClientRect())) {
      culprits.add(`${element.tagName.toLowerCase()}.${element.classList.value}`);
    }
  }
  return `${root.scrollWidth} > ${root.clientWidth}: ${[...culprits].slice(0, 4).join(', ')}`;
}

/**
 * The accessibility bar in real Chromium: no serious or critical axe-core violations on
 * any screen in either theme, no sideways scrolling at 360 px in any language, and a dashboard
 * that works from the keyboard with a visible focus indicator on every stop.
 */
describe('accessibility', () => {
  let app: Standalone;
  let browser: Browser;
  let cookies: Cookie[];
  let pendingCookies: Cookie[];
  let session: SessionDto;
  let axeSource: string;
  const errors: string[] = [];

  beforeAll(async () => {
    axeSource = await readFile(path.join(REPO_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
    // These tests open dozens of pages a minute from one address, as no person does: the
    // per-address API limit (300 a minute) would answer some with 429.
    app = await Standalone.start({ RATE_LIMIT_API_PER_MINUTE: '3000' });
    browser = await launchChromium();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInQuickly(page, app, 'demo_streamer');
    ({ session } = await seedSession(page, app, {
      name: 'Accessible Stream',
      keyword: KEYWORD,
      viewers: VIEWERS,
      repeat: 1,
      // Greeted rows (green, with 'by …') must be checked as well as pending ones.
      greet: 2,
    }));
    cookies = await context.cookies();
    await context.close();

    // A new account waits for approval: its dashboard has the banner and a disabled button.
    const pending = await newContext(browser);
    await signInByConsent(await pending.newPage(), app, 'a11y_pending');
    pendingCookies = await pending.cookies();
    await pending.close();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** Public pages send a signed-in user to the dashboard, so they are opened signed out. */
  const openPage = async (theme: Theme, { as = 'streamer', ...options }: PageOptions = {}) => {
    const cookiesOf = { visitor: [], streamer: cookies, pending: pendingCookies };
    const context = await newContext(browser, {
      theme,
      cookies: cookiesOf[as],
      bypassCSP: true,
      ...options,
    });
    const page = await context.newPage();
    collectPageErrors(page, errors);
    return page;
  };

  /** The theme is applied, no spinner is left and the fonts are in: the finished screen. */
  const settle = async (page: Page, theme: Theme) => {
    await page.waitForFunction(
      (mode) =>
        document.documentElement.classList.contains(mode) &&
        !document.querySelector('[role="status"] .spinner'),
      theme,
    );
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
  };

  /** Runs axe-core on the page as it is; returns one line per blocking violation. */
  const audit = async (page: Page, screen: string): Promise<string[]> => {
    if (!(await page.evaluate(() => 'axe' in window))) {
      await page.addScriptTag({ content: axeSource });
    }
    const violations = await page.evaluate(async (): Promise<Violation[]> => {
      const { axe } = window as unknown as {
        axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
      };
      const results = await axe.run(document, {
        resultTypes: ['violations'],
        // Off by default in axe 4 (WCAG 2.2); the app is used on phones, so targets count.
        rules: { 'target-size': { enabled: true } },
      });
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
      }));
    });
    return violations
      .filter((violation) => BLOCKING_IMPACTS.includes(violation.impact ?? ''))
      .map(
        (violation) =>
          `${screen}: ${violation.id} (${violation.impact}) ${violation.help}\n` +
          violation.targets.map((target) => `    ${target}`).join('\n'),
      );
  };

  describe.each(THEMES)('%s theme: axe-core', (theme) => {
    it('finds nothing serious or critical on the landing, login and legal pages', async () => {
      const page = await openPage(theme, { as: 'visitor' });
      const found: string[] = [];
      const error = encodeURIComponent('Sign-in was cancelled on Twitch.');
      for (const [route, screen] of [
        ['/', 'landing'],
        ['/login', 'login'],
        [`/login?error=${error}`, 'login with an error'],
        ['/privacy', 'privacy'],
        ['/terms', 'terms'],
        ['/imprint', 'imprint'],
      ]) {
        await page.goto(`${app.origin}${route}`);
        await page.locator('footer').waitFor();
        if (route.includes('error')) await page.getByRole('alert').waitFor();
        await settle(page, theme);
        found.push(...(await audit(page, `${theme} ${screen}`)));
      }
      expect(found).toEqual([]);
      await page.context().close();
    }, 60_000);

    it('finds nothing serious or critical on the dashboard, the session page and the overlay', async () => {
      const page = await openPage(theme);
      const found: string[] = [];
      await page.goto(`${app.origin}/dashboard`);
      await page.locator('.chatter-row').first().waitFor();
      await settle(page, theme);
      found.push(...(await audit(page, `${theme} dashboard`)));

      await page.getByRole('button', { name: 'New Session' }).click();
      await page.getByLabel('Session name').waitFor();
      found.push(...(await audit(page, `${theme} dashboard with the new-session form`)));
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: `Delete session ${session.name}` }).click();
      await page.getByRole('dialog').waitFor();
      found.push(...(await audit(page, `${theme} delete dialog`)));
      await page.keyboard.press('Escape');

      await page.goto(`${app.origin}/session/${session.id}`);
      await page.locator('.chatter-row').first().waitFor();
      await settle(page, theme);
      found.push(...(await audit(page, `${theme} session page`)));

      // The overlay at the size of an OBS browser source.
      await page.setViewportSize({ width: 400, height: 600 });
      await page.goto(`${app.origin}/obs`);
      await page.locator('.overlay-row').first().waitFor();
      await settle(page, theme);
      found.push(...(await audit(page, `${theme} overlay`)));

      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(`${app.origin}/dashboard`);
      await page.locator('.chatter-row').first().waitFor();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('menu').waitFor();
      found.push(...(await audit(page, `${theme} mobile menu`)));
      expect(found).toEqual([]);
      await page.context().close();
    }, 60_000);

    it("finds nothing serious or critical on a pending account's dashboard", async () => {
      const page = await openPage(theme, { as: 'pending' });
      await page.goto(`${app.origin}/dashboard`);
      await page.getByText('Account Pending Approval').waitFor();
      await settle(page, theme);
      // With the tooltip that explains the disabled New Session button.
      await page.getByRole('button', { name: 'New Session' }).hover();
      await page.getByRole('tooltip').waitFor();
      expect(await audit(page, `${theme} pending dashboard`)).toEqual([]);
      await page.context().close();
    }, 30_000);
  });

  // Translations run longer than English: every language must fit a small phone.
  it.each(['en', 'de', 'es', 'fr'])(
    'scrolls no screen sideways at 360 px wide (%s)',
    async (language) => {
      const phone = { width: 360, height: 740, language };
      const visitor = await openPage('dark', { ...phone, as: 'visitor' });
      const streamer = await openPage('dark', phone);
      const overflowing: string[] = [];
      for (const [page, route, ready] of [
        [visitor, '/', '.hero-title'],
        [visitor, '/login', '.login-card'],
        [visitor, '/privacy', '.legal'],
        [visitor, '/terms', '.legal'],
        [visitor, '/imprint', '.legal'],
        [streamer, '/dashboard', '.chatter-row'],
        [streamer, `/session/${session.id}`, '.chatter-row'],
        [streamer, '/obs', '.overlay-row'],
      ] as const) {
        await page.goto(`${app.origin}${route}`);
        await page.locator(ready).first().waitFor();
        await settle(page, 'dark');
        const overflow = await page.evaluate(sidewaysOverflow);
        if (overflow) overflowing.push(`${route}: ${overflow}`);
      }
      expect(overflowing).toEqual([]);
      await visitor.context().close();
      await streamer.context().close();
    },
    60_000,
  );

  it('reaches New Session and a greet button by Tab on the dashboard, always with a visible focus', async () => {
    const page = await openPage('dark');
    await page.goto(`${app.origin}/dashboard`);
    await page.locator('.chatter-row').first().waitFor();
    await settle(page, 'dark');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    const reached: string[] = [];
    const unmarked: string[] = [];
    for (let presses = 0; presses < 80; presses++) {
      // Far more presses than the page has stops; the loop ends when focus leaves the page.
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement;
        if (!element || element === document.body) return null;
        const style = getComputedStyle(element);
        const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
        return {
          name: (element.getAttribute('aria-label') ?? element.textContent ?? '').trim(),
          element: `${element.tagName.toLowerCase()}.${element.classList.value}`,
          marked: outlined || style.boxShadow !== 'none',
        };
      });
      if (!focused) break;
      reached.push(focused.name);
      if (!focused.marked) unmarked.push(`${focused.element} "${focused.name}"`);
    }

    expect(reached).toContain('New Session');
    expect(reached.some((name) => /^Mark \S+ as greeted$/.test(name))).toBe(true);
    // New Session comes before the chatters: the order follows the page.
    expect(reached.indexOf('New Session')).toBeLessThan(
      reached.findIndex((name) => name.startsWith('Mark ')),
    );
    expect(unmarked).toEqual([]);

    // The skip link, the first stop, jumps past the top bar into the page.
    expect(reached[0]).toBe('Skip to main content');
    await page.reload();
    await page.locator('.chatter-row').first().waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe(
      'New Session',
    );
    await page.context().close();
  }, 60_000);

  it('raised no uncaught errors in any page', () => {
    expect(errors).toEqual([]);
  });
});
