import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Browser, Cookie, Page } from 'playwright-core';
import type {
  AggregateStatistics,
  ChatterDto,
  SessionDto,
  SessionStatistics,
} from '@greetboard/contracts/wire';
import { REPO_ROOT, waitFor } from '@greetboard/testing';
import {
  api,
  collectPageErrors,
  launchChromium,
  newContext,
  screenshot,
  seedSession,
  signInQuickly,
  Standalone,
} from './harness.js';

const KEYWORD = 'statsword';
const VIEWERS = ['stat_ada', 'stat_grace', 'stat_alan', 'stat_kat', 'stat_linus', 'stat_zoe'];

/** Reads an RFC 4180 CSV (quoted cells, CRLF rows) back into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return rows;
}

/**
 * The statistics screen in Chromium against the standalone runtime: the figures it shows
 * are the API's, the export reads back to the session's chatters, and it has no serious
 * accessibility problems in either theme.
 */
describe('statistics screen', () => {
  let app: Standalone;
  let browser: Browser;
  let cookies: Cookie[];
  let session: SessionDto;
  let axeSource: string;
  const errors: string[] = [];

  const open = async (theme: 'dark' | 'light', language = 'en'): Promise<Page> => {
    const context = await newContext(browser, {
      theme,
      language,
      cookies,
      bypassCSP: true,
      height: 1000,
    });
    await context.grantPermissions([]);
    const page = await context.newPage();
    collectPageErrors(page, errors);
    await page.goto(`${app.origin}/statistics`);
    await page.locator('[data-view="aggregate"]').waitFor();
    return page;
  };

  const timeZoneOf = (page: Page) =>
    page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);

  const card = (page: Page, label: string) =>
    page
      .locator('.stat-card', {
        has: page.locator('.stat-label', { hasText: new RegExp(`^${label}$`) }),
      })
      .locator('.stat-value')
      .innerText();

  const openSections = async (page: Page) => {
    const closed = page.locator('details.statistics-section:not([open]) > summary');
    while ((await closed.count()) > 0) await closed.first().click();
  };

  const audit = async (page: Page, screen: string): Promise<string[]> => {
    if (!(await page.evaluate(() => 'axe' in window))) {
      await page.addScriptTag({ content: axeSource });
    }
    const results = await page.evaluate(async () => {
      const { axe } = window as unknown as {
        axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> };
      };
      const found = await axe.run(document, {
        resultTypes: ['violations'],
        rules: { 'target-size': { enabled: true } },
      });
      return found.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        targets: v.nodes.map((node) => node.target.map(String).join(' ')),
      }));
    });
    return results
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${screen}: ${v.id} (${v.impact}) ${v.targets.join(', ')}`);
  };

  beforeAll(async () => {
    axeSource = await readFile(path.join(REPO_ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
    app = await Standalone.start();
    browser = await launchChromium();
    const context = await newContext(browser);
    const page = await context.newPage();
    await signInQuickly(page, app, 'demo_streamer');
    ({ session } = await seedSession(page, app, {
      name: 'Statistics Stream',
      keyword: KEYWORD,
      viewers: VIEWERS,
      repeat: 2,
      greet: 4,
    }));
    // The read model follows the sessions service's events: wait until it holds the session.
    const timeZone = await timeZoneOf(page);
    await waitFor(
      async () => {
        const figures = await api<SessionStatistics>(
          page,
          'GET',
          `/api/statistics/sessions/${session.id}?tz=${encodeURIComponent(timeZone)}`,
        ).catch(() => null);
        return figures !== null && figures.total >= VIEWERS.length && figures.greeted === 4;
      },
      { timeoutMs: 30_000, what: 'the statistics of the seeded session' },
    );
    cookies = await context.cookies();
    await context.close();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the API’s aggregate figures, 7-day grid included', async () => {
    const page = await open('dark');
    const timeZone = await timeZoneOf(page);
    const figures = await api<AggregateStatistics>(
      page,
      'GET',
      `/api/statistics?tz=${encodeURIComponent(timeZone)}`,
    );
    expect(await card(page, 'Total Sessions')).toBe(String(figures.totalSessions));
    expect(await card(page, 'Total Chatters')).toBe(String(figures.totalChatters));
    expect(await card(page, 'Total Greeted')).toBe(String(figures.totalGreeted));
    expect(await card(page, 'Greeting Rate')).toBe(`${figures.greetingRate}%`);
    await openSections(page);
    expect(await card(page, 'Average Chatters per Session')).toBe(
      String(figures.averageChattersPerSession),
    );
    expect(await card(page, 'Active Sessions')).toBe(
      `${figures.activeSessions} of ${figures.totalSessions}`,
    );
    for (const day of figures.lastSevenDays) {
      const row = page.locator(`tr[data-date="${day.date}"]`).first();
      expect(await row.locator('[data-figure="chatters"]').innerText()).toBe(String(day.chatters));
      expect(await row.locator('[data-figure="greeted"]').innerText()).toBe(String(day.greeted));
    }
    expect(await page.locator('canvas[role="img"]').count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByText(figures.longestSession!.name).count()).toBeGreaterThan(0);
    await screenshot(page, 'statistics-aggregate-dark');
    expect(await audit(page, 'statistics aggregate, dark')).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('shows one session’s figures, and its export reads back to its chatters', async () => {
    const page = await open('light');
    const timeZone = await timeZoneOf(page);
    await page.getByLabel('Show').selectOption(session.id);
    await page.locator('[data-view="session"]').waitFor();
    const figures = await api<SessionStatistics>(
      page,
      'GET',
      `/api/statistics/sessions/${session.id}?tz=${encodeURIComponent(timeZone)}`,
    );
    expect(await card(page, 'Total')).toBe(String(figures.total));
    expect(await card(page, 'Greeted')).toBe(String(figures.greeted));
    expect(await card(page, 'Pending')).toBe(String(figures.pending));
    expect(await card(page, 'Completion Rate')).toBe(`${figures.completionRate}%`);
    expect(await card(page, 'Session Status')).toBe(figures.isActive ? 'Active' : 'Inactive');
    await screenshot(page, 'statistics-session-light');
    expect(await audit(page, 'statistics session, light')).toEqual([]);

    const chatters = await api<ChatterDto[]>(page, 'GET', `/api/sessions/${session.id}/chatters`);
    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const csv = await readFile(await csvDownload.path(), 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = parseCsv(csv.slice(1));
    expect(header).toEqual([
      'Name',
      'Username',
      'First message',
      'First seen',
      'Message count',
      'First-time chatter',
      'Returning chatter',
      'Greeted',
      'Greeted by',
      'Greeted at',
    ]);
    expect(rows).toEqual(
      chatters.map((c) => [
        c.displayName,
        c.username,
        c.firstMessage,
        c.firstSeenAt,
        String(c.messageCount),
        String(c.isFirstTimeChatter),
        String(c.isReturningChatter),
        String(c.isGreeted),
        c.isGreeted ? (c.greetedByUser?.displayName ?? '') : '',
        c.isGreeted ? (c.greetedAt ?? '') : '',
      ]),
    );
    const [jsonDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export JSON' }).click(),
    ]);
    const json = JSON.parse(await readFile(await jsonDownload.path(), 'utf8')) as {
      username: string;
      greeted: boolean;
      messageCount: number;
    }[];
    expect(json.map((c) => [c.username, c.greeted, c.messageCount])).toEqual(
      chatters.map((c) => [c.username, c.isGreeted, c.messageCount]),
    );
    await page.context().close();
  }, 60_000);

  it('offers the export on the session page too', async () => {
    const page = await open('dark');
    await page.goto(`${app.origin}/session/${session.id}`);
    const link = page.getByRole('link', { name: 'Export CSV' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/api/sessions/${session.id}/export?format=csv`);
    await page.context().close();
  }, 60_000);

  it('reads in French, in the light theme, without serious accessibility problems', async () => {
    const page = await open('light', 'fr');
    await page.getByRole('heading', { name: 'Statistiques', level: 1 }).waitFor();
    await openSections(page);
    expect(await page.getByText('Vue d’ensemble').count()).toBe(1);
    await screenshot(page, 'statistics-aggregate-light-fr');
    expect(await audit(page, 'statistics aggregate, light, fr')).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
