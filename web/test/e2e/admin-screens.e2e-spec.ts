import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Browser, Cookie, Page } from 'playwright-core';
import type { SystemStatusDto } from '@greetboard/contracts/wire';
import { REPO_ROOT } from '@greetboard/testing';
import {
  api,
  collectPageErrors,
  launchChromium,
  newContext,
  screenshot,
  signInByConsent,
  signInQuickly,
  Standalone,
} from './harness.js';

const TABS: [string, string][] = [
  ['overview', 'Overview'],
  ['sessions', 'Sessions'],
  ['users', 'Users'],
  ['system', 'System'],
];
const GERMAN_TABS: Record<string, string> = {
  overview: 'Übersicht',
  sessions: 'Sitzungen',
  users: 'Benutzer',
  system: 'System',
};

/**
 * Every admin tab in light and dark, in English and German: a screenshot each (kept under
 * test-artifacts/e2e-screenshots/) and no serious or critical axe-core violation.
 */
describe('admin panel screens', () => {
  let app: Standalone;
  let browser: Browser;
  let cookies: Cookie[];
  let axeSource: string;
  const errors: string[] = [];

  const audit = async (page: Page, screen: string): Promise<string[]> => {
    if (!(await page.evaluate(() => 'axe' in window))) {
      await page.addScriptTag({ content: axeSource });
    }
    const violations = await page.evaluate(async () => {
      const { axe } = window as unknown as {
        axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
      };
      const results = await axe.run(document, {
        resultTypes: ['violations'],
        rules: { 'target-size': { enabled: true } },
      });
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
      }));
    });
    return violations
      .filter((violation) => ['serious', 'critical'].includes(violation.impact))
      .map((violation) => `${screen}: ${violation.id} ${violation.targets.join(', ')}`);
  };

  beforeAll(async () => {
    axeSource = await readFile(path.join(REPO_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
    app = await Standalone.start();
    browser = await launchChromium();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInQuickly(page, app, 'demo_streamer');
    await api(page, 'POST', '/api/sessions', { name: 'Friday Stream', keywords: '[]' });
    cookies = await context.cookies();
    // Someone waiting for approval, so the counts and the Approve button show.
    const waiting = await (await newContext(browser)).newPage();
    await signInByConsent(waiting, app, 'screen_waiting');
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it.each([
    ['en', 'dark'],
    ['en', 'light'],
    ['de', 'dark'],
  ])(
    'shows every tab in %s, %s theme, without blocking violations',
    async (language, theme) => {
      const context = await newContext(browser, { language, theme, cookies, bypassCSP: true });
      const page = await context.newPage();
      collectPageErrors(page, errors);
      await page.goto(`${app.origin}/admin`);
      await page.getByRole('tablist').waitFor();
      const found: string[] = [];
      for (const [tab, label] of TABS) {
        const name = language === 'de' ? GERMAN_TABS[tab] : label;
        await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
        await page.locator('.admin-tab-panel[data-state="active"] .admin-section').waitFor();
        if (tab === 'system') await page.getByTestId('replica-table').waitFor();
        if (tab === 'users') await page.locator('tr[data-username="screen_waiting"]').waitFor();
        await screenshot(page, `admin-${tab}-${language}-${theme}`);
        found.push(...(await audit(page, `${tab} ${language} ${theme}`)));
      }
      await context.close();
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
    },
    120_000,
  );

  it('counts the memory of the one standalone process once, not once per service', async () => {
    const context = await newContext(browser, { cookies });
    const page = await context.newPage();
    await page.goto(`${app.origin}/`);
    const status = await api<SystemStatusDto>(page, 'GET', '/api/admin/system-status');
    await context.close();
    const answered = status.replicas.filter((row) => row.memoryUsage !== null);
    expect(answered.length).toBeGreaterThanOrEqual(5);
    const largest = Math.max(...answered.map((row) => row.memoryUsage!.rss));
    // Five services share the process; their reports differ only by when each was taken.
    expect(status.memoryUsage.rss).toBeLessThan(largest * 1.5);
    expect(status.memoryUsage.rss).toBeGreaterThan(largest * 0.5);
  }, 60_000);
});
