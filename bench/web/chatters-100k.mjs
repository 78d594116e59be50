// The web app's screens with a 100,000-chatter session (ADR 0050): time to the first row,
// page changes and greet click to greeted button on the dashboard, the session page and the
// overlay, in Debian's Chromium against the standalone runtime in demo mode on the machine's
// PostgreSQL; the chatters are seeded by SQL. Median of 3 runs, each on a fresh database.
// Run after building: `npx nx run-many -t build && node bench/web/chatters-100k.mjs`
// (BENCH_CHATTERS, BENCH_RUNS, BENCH_DATABASE_URL change the defaults; --write-docs records
// the figures in docs/benchmarks.md, "Web app at 100,000 chatters"; --screenshot FILE saves
// the dashboard as seen).
import { readFile, writeFile } from 'node:fs/promises';
/* global window, document, MutationObserver, requestAnimationFrame -- code run inside the page */
import { cpus, platform, release, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createTestDatabase, DemoRuntime, launchChromium } from '../../libs/testing/dist/index.js';

const { values: options } = parseArgs({
  options: {
    'write-docs': { type: 'boolean', default: false },
    screenshot: { type: 'string' },
  },
});
const CHATTERS = Number(process.env.BENCH_CHATTERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PAGE_CHANGES = 10;
const GREETS = 5;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => value.toFixed(0);

/** In every page: the moment the first chatter row appears. */
function instrument() {
  new MutationObserver((_records, observer) => {
    if (document.querySelector('.chatter-row, .overlay-row')) {
      window.__firstRow = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Clicks `selector` and times until what `watch` names changed, at the next frame. */
function timedClick(page, selector, watch) {
  return page.evaluate(
    async ([sel, watched]) => {
      const value = () => {
        const element = document.querySelector(watched.selector);
        return watched.attribute ? element?.getAttribute(watched.attribute) : element?.textContent;
      };
      const before = value();
      const started = performance.now();
      document.querySelector(sel).click();
      await new Promise((resolve, reject) => {
        const check = () => {
          if (value() !== before) requestAnimationFrame(() => resolve());
          else if (performance.now() - started > 10_000) reject(new Error(`${sel}: no change`));
          else requestAnimationFrame(check);
        };
        check();
      });
      return performance.now() - started;
    },
    [selector, watch],
  );
}

/** First row, paging (the rows of the next page on screen), greet click to greeted button. */
async function measureDesk(page, url) {
  await page.goto(url);
  await page.locator('.chatter-row').first().waitFor({ timeout: 60_000 });
  const firstRow = await page.evaluate(() => window.__firstRow);
  await page.getByText(/of [\d,]+ chatters/).waitFor({ timeout: 60_000 });
  const paging = [];
  for (let i = 0; i < PAGE_CHANGES; i += 1) {
    paging.push(
      await timedClick(page, 'nav.pagination button[aria-label="Next"]', {
        selector: '.chatter-row',
        attribute: 'data-chatter-id',
      }),
    );
  }
  const last = await page.locator('nav.pagination .page-button').last().textContent();
  paging.push(
    await timedClick(page, `nav.pagination button[aria-label="Page ${last}"]`, {
      selector: '.chatter-row',
      attribute: 'data-chatter-id',
    }),
  );
  // Back to the first page, whose pending rows are greeted (the greeted ones are skipped).
  await timedClick(page, 'nav.pagination button[aria-label="Page 1"]', {
    selector: '.chatter-row',
    attribute: 'data-chatter-id',
  });
  const greets = [];
  const shown = await page.locator('.chatter-row').count();
  for (let i = 0; i < shown && greets.length < GREETS; i += 1) {
    const row = `.chatter-row:nth-child(${i + 1})`;
    const pressed = await page.getAttribute(`${row} .greet-button`, 'aria-pressed');
    if (pressed === 'true') continue;
    greets.push(
      await timedClick(page, `${row} .greet-button`, {
        selector: `${row} .greet-button`,
        attribute: 'aria-pressed',
      }),
    );
  }
  return { firstRow, paging: median(paging), greet: median(greets) };
}

async function measureOverlay(page, url) {
  await page.goto(url);
  await page.locator('.overlay-row').first().waitFor({ timeout: 60_000 });
  const firstRow = await page.evaluate(() => window.__firstRow);
  // Oldest first, the rows the desks just greeted fill the overlay: hide the greeted ones, as a
  // streamer's OBS overlay usually does, so there are pending rows to greet.
  await page.locator('.checkbox-label input[type="checkbox"]').check();
  await page.waitForFunction(() => {
    const buttons = [...document.querySelectorAll('.overlay-row .greet-button')];
    return buttons.length > 0 && buttons.every((b) => b.getAttribute('aria-pressed') !== 'true');
  });
  const greets = [];
  const shown = await page.locator('.overlay-row').count();
  for (let i = 0; i < shown && greets.length < GREETS; i += 1) {
    const row = `.overlay-row:nth-child(${i + 1})`;
    if ((await page.getAttribute(`${row} .greet-button`, 'aria-pressed')) === 'true') continue;
    greets.push(
      await timedClick(page, `${row} .greet-button`, {
        selector: `${row} .greet-button`,
        attribute: 'aria-pressed',
      }),
    );
  }
  // The overlay has no pages: what counts is how long the greeted button takes to follow.
  return { firstRow, greet: median(greets) };
}

async function run(index) {
  const database = await createTestDatabase('greetboard_bench_web_100k', adminUrl);
  const runtime = await DemoRuntime.start({
    name: 'web-bench-100k',
    env: { DATABASE_URL: database.url, RATE_LIMIT_API_PER_MINUTE: '1000000' },
  });
  const { origin } = runtime;
  const browser = await launchChromium();
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(instrument);
    const page = await context.newPage();
    await runtime.control('POST', '/control/oauth/auto-approve', { login: 'demo_streamer' });
    await page.goto(`${origin}/auth/twitch`);
    await page.waitForURL(`${origin}/dashboard`);
    const api = async (method, route, body) => {
      const r = await page.request.fetch(`${origin}${route}`, {
        method,
        headers: { Origin: origin, 'Content-Type': 'application/json' },
        data: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!r.ok()) throw new Error(`${method} ${route}: ${r.status()}`);
      return r.json();
    };
    const session = await api('POST', '/api/sessions', { name: 'Big Stream' });
    const seeding = performance.now();
    // A third greeted, none by a user the screens need to look up.
    await db.query(
      `INSERT INTO sessions.chatters (session_id, twitch_id, username, display_name,
         first_message, message_count, first_seen_at, last_seen_at, is_greeted, greeted_at)
       SELECT $1, (100000000 + i * 7919)::text, 'viewer_' || i, 'Viewer_' || i,
              'hello everyone, how is the stream going today? ' || i, 1 + i % 17,
              now() - (${CHATTERS} - i) * interval '1 second',
              now() - (${CHATTERS} - i) * interval '1 second',
              i % 3 = 0, CASE WHEN i % 3 = 0 THEN now() END
         FROM generate_series(1, ${CHATTERS}) AS i`,
      [session.id],
    );
    await db.query(
      `UPDATE sessions.sessions SET list_version =
         (SELECT max(version) FROM sessions.chatters WHERE session_id = $1) WHERE id = $1`,
      [session.id],
    );
    await db.query('VACUUM ANALYZE sessions.chatters');
    console.log(
      `run ${index + 1}: seeded ${CHATTERS} in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const dashboard = await measureDesk(page, `${origin}/dashboard`);
    if (options.screenshot && index === 0) {
      await page.goto(`${origin}/dashboard`);
      await page.locator('.chatter-row').first().waitFor({ timeout: 60_000 });
      await page.screenshot({ path: options.screenshot, fullPage: true });
    }
    const sessionPage = await measureDesk(page, `${origin}/session/${session.id}`);
    const overlayPage = await context.newPage();
    await overlayPage.setViewportSize({ width: 400, height: 600 });
    const overlay = await measureOverlay(overlayPage, `${origin}/obs/${session.id}`);
    const result = { dashboard, sessionPage, overlay };
    console.log(`run ${index + 1}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    await db.end();
    await browser.close();
    await runtime.stop('SIGTERM');
    await database.drop();
  }
}

const runs = [];
for (let i = 0; i < RUNS; i += 1) runs.push(await run(i));
const figure = (pick) => {
  const values = runs.map(pick);
  return `${ms(median(values))} (${ms(Math.min(...values))}–${ms(Math.max(...values))})`;
};
const rows = [
  ['Dashboard', (r) => r.dashboard.firstRow, (r) => r.dashboard.paging, (r) => r.dashboard.greet],
  [
    'Session page',
    (r) => r.sessionPage.firstRow,
    (r) => r.sessionPage.paging,
    (r) => r.sessionPage.greet,
  ],
  ['Overlay (400x600)', (r) => r.overlay.firstRow, null, (r) => r.overlay.greet],
];
const table = rows
  .map(
    ([label, first, paging, greet]) =>
      `| ${label} | ${figure(first)} | ${paging ? figure(paging) : 'no pages'} | ${figure(greet)} |`,
  )
  .join('\n');
console.log(table);

const missed = [];
for (const [label, first, paging, greet] of rows) {
  if (median(runs.map(first)) > 1_500) missed.push(`${label}: first row`);
  if (paging && median(runs.map(paging)) > 100) missed.push(`${label}: paging`);
  if (median(runs.map(greet)) > 100) missed.push(`${label}: greet`);
}
const verdict =
  missed.length === 0
    ? 'Every target is met. Paging is mostly the page request (one indexed read of 10 rows).'
    : `Targets missed: ${missed.join('; ')}.`;
console.log(verdict);

if (options['write-docs']) {
  const file = new URL('../../docs/benchmarks.md', import.meta.url);
  const text = await readFile(file, 'utf8');
  const cpu = cpus();
  const section = `## Web app at 100,000 chatters

The screens read pages of a session's chatters (ADR 0050). A session of ${CHATTERS.toLocaleString('en')} chatters (a third greeted) seeded by SQL
into the machine's PostgreSQL, the production build of the web app in Debian's Chromium (headless, software rendering)
against the standalone runtime in demo mode. In the page (\`performance.now()\`): first row after navigation start;
paging: click on Next (${PAGE_CHANGES} times, then the last page) until the rows of the new page are on screen, at the next frame;
greet: click until the button shows greeted, at the next frame (${GREETS} pending rows; the overlay with Hide greeted on). Median of ${RUNS} runs, each a fresh database,
with the runs' range; each run's figure is the median of its samples. Command:
\`node bench/web/chatters-100k.mjs --write-docs\` after \`npx nx run-many -t build\`.

Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${platform()} ${release()}, Node ${process.version}. Measured ${new Date().toISOString().slice(0, 10)}.

| Screen | First row, ms (target ≤ 1,500) | Paging, ms (≤ 100) | Greet click to greeted button, ms (≤ 100) |
| --- | ---: | ---: | ---: |
${table}

${verdict}
`;
  const start = text.indexOf('## Web app at 100,000 chatters');
  const next = start === -1 ? -1 : text.indexOf('\n## ', start + 1);
  const updated =
    start === -1
      ? `${text.trimEnd()}\n\n${section}`
      : `${text.slice(0, start)}${section}${next === -1 ? '' : text.slice(next + 1)}`;
  await writeFile(file, updated);
}
