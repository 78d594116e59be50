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

  /**
   * The demo chat keeps adding chatters while the test runs, so the screen and the API are
   * compared at a moment when the API's counts (durations grow with the clock, so they are
   * left out) did not move around the page's reading.
   */
  const readSteady = async <T>(
    page: Page,
    route: string,
    counts: (figures: T) => unknown,
    readPage: () => Promise<unknown>,
  ) =>
    waitFor(
      async () => {
        const before = await api<T>(page, 'GET', route);
        await page.reload();
        await page.locator('[data-view]').first().waitFor();
        const shown = await readPage();
        const after = await api<T>(page, 'GET', route);
        const steady = JSON.stringify(counts(before)) === JSON.stringify(counts(after));
        return steady ? { figures: after, shown } : null;
      },
      { timeoutMs: 30_000, what: 'a moment when the figures hold still' },
    );

  it('shows the API’s aggregate figures, 7-day grid included', async () => {
    const page = await open('dark');
    const timeZone = await timeZoneOf(page);
    const { figures, shown } = await readSteady<AggregateStatistics>(
      page,
      `/api/statistics?tz=${encodeURIComponent(timeZone)}`,
      (f) => [f.totalSessions, f.totalChatters, f.totalGreeted, f.activeSessions, f.lastSevenDays],
      async () => {
        await openSections(page);
        const cards: Record<string, string> = {};
        for (const label of [
          'Total Sessions',
          'Total Chatters',
          'Total Greeted',
          'Greeting Rate',
          'Average Chatters per Session',
          'Active Sessions',
        ]) {
          cards[label] = await card(page, label);
        }
        const days: Record<string, [string, string]> = {};
        for (const row of await page.locator('tr[data-date]').all()) {
          const date = (await row.getAttribute('data-date'))!;
          days[date] ??= [
            await row.locator('[data-figure="chatters"]').innerText(),
            await row.locator('[data-figure="greeted"]').innerText(),
          ];
        }
        return { cards, days };
      },
    );
    const { cards, days } = shown as {
      cards: Record<string, string>;
      days: Record<string, [string, string]>;
    };
    expect(cards).toEqual({
      'Total Sessions': String(figures.totalSessions),
      'Total Chatters': String(figures.totalChatters),
      'Total Greeted': String(figures.totalGreeted),
      'Greeting Rate': `${figures.greetingRate}%`,
      'Average Chatters per Session': String(figures.averageChattersPerSession),
      'Active Sessions': `${figures.activeSessions} of ${figures.totalSessions}`,
    });
    for (const day of figures.lastSevenDays) {
      expect(days[day.date]).toEqual([String(day.chatters), String(day.greeted)]);
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
    const { figures, shown } = await readSteady<SessionStatistics>(
      page,
      `/api/statistics/sessions/${session.id}?tz=${encodeURIComponent(timeZone)}`,
      (f) => [f.total, f.greeted, f.isActive],
      async () => {
        if ((await page.locator('[data-view="session"]').count()) === 0) {
          await page.getByLabel('Show').selectOption(session.id);
          await page.locator('[data-view="session"]').waitFor();
        }
        const cards: Record<string, string> = {};
        for (const label of ['Total', 'Greeted', 'Pending', 'Completion Rate', 'Session Status']) {
          cards[label] = await card(page, label);
        }
        return cards;
      },
    );
    expect(shown).toEqual({
      Total: String(figures.total),
      Greeted: String(figures.greeted),
      Pending: String(figures.pending),
      'Completion Rate': `${figures.completionRate}%`,
      'Session Status': figures.isActive ? 'Active' : 'Inactive',
    });
    await screenshot(page, 'statistics-session-light');
    expect(await audit(page, 'statistics session, light')).toEqual([]);

    // The demo chat may add a chatter meanwhile: an export is compared with the list read
    // before and after it, once the two agree.
    const exportSteady = (name: string) =>
      waitFor(
        async () => {
          const route = `/api/sessions/${session.id}/chatters`;
          const before = await api<ChatterDto[]>(page, 'GET', route);
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            page.getByRole('link', { name }).click(),
          ]);
          const text = await readFile(await download.path(), 'utf8');
          const after = await api<ChatterDto[]>(page, 'GET', route);
          return JSON.stringify(before) === JSON.stringify(after)
            ? { chatters: after, text }
            : null;
        },
        { timeoutMs: 30_000, what: `an ${name} while the chatters hold still` },
      );
    const { chatters, text: csv } = await exportSteady('Export CSV');
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
    const exported = await exportSteady('Export JSON');
    const json = JSON.parse(exported.text) as {
      username: string;
      greeted: boolean;
      messageCount: number;
    }[];
    expect(json.map((c) => [c.username, c.greeted, c.messageCount])).toEqual(
      exported.chatters.map((c) => [c.username, c.isGreeted, c.messageCount]),
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
