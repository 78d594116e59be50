// The web app with a 10,000-chatter session: time to the first rendered row, page changes,
// greet click to greeted state, and long tasks, in Debian's Chromium against the standalone
// runtime in demo mode (chat injected through the built-in Twitch emulator).
// Run after building: `npx nx run-many -t build && node bench/web/chatters-10k.mjs`
// (add --write-docs to record the figures in docs/benchmarks.md, "Web app"; --help for more).
import { readFile, writeFile } from 'node:fs/promises';
/* global window, document, MutationObserver, requestAnimationFrame -- code run inside the page */
import { cpus, platform, release, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DemoRuntime, launchChromium, waitFor } from '../../libs/testing/dist/index.js';

const USAGE = `Usage: node bench/web/chatters-10k.mjs [--chatters N] [--profile DIR] [--write-docs] [--help]

Measures the web app with a large session against the built standalone runtime in demo mode.
  --chatters N   chatters to seed: a multiple of 10, at least 250 (the bench pages 21 times,
                 10 a page, and greets a full last page); default 10000, 250 makes a smoke run
  --profile DIR  write CPU profiles of both pages while greeting from one to the other
                 (greeter.cpuprofile, watcher.cpuprofile; summarise each with
                 node bench/standalone/profile-summary.mjs)
  --write-docs   record the figures in docs/benchmarks.md (only with the default 10000)
  --help         print this text`;

const { values: options } = parseArgs({
  options: {
    chatters: { type: 'string', default: '10000' },
    profile: { type: 'string' },
    'write-docs': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
const CHATTERS = Number(options.chatters);
if (!Number.isInteger(CHATTERS) || CHATTERS < 250 || CHATTERS % 10 !== 0) {
  console.error(`--chatters must be a multiple of 10, at least 250\n\n${USAGE}`);
  process.exit(2);
}
if (options['write-docs'] && CHATTERS !== 10_000) {
  console.error('--write-docs records the 10,000-chatter figures only');
  process.exit(2);
}
const BATCH = Math.min(1_000, CHATTERS);
const KEYWORD = 'benchkw';
const PAGE_CHANGES = 20;
const GREETS = 10;
/** Greets timed from one browser to another; p99 needs enough of them. */
const OTHER_SCREEN_GREETS = 50;
const stats = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { median: at(0.5), p99: at(0.99), max: sorted.at(-1), n: sorted.length };
};
const ms = (value) => value.toFixed(0);

/** In every page: long tasks and the moment the first chatter row appears. */
function instrument() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new MutationObserver((_records, observer) => {
    if (document.querySelector('.chatter-row, .overlay-row')) {
      window.__firstRow = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** Clicks `selector` in the page and times it until `changed()` holds at the next frame. */
async function timedClick(page, selector, watch) {
  return page.evaluate(
    async ([sel, watched]) => {
      const target = document.querySelector(sel);
      const before =
        document.querySelector(watched.selector)?.getAttribute(watched.attribute) ??
        document.querySelector(watched.selector)?.textContent;
      const value = () =>
        watched.attribute
          ? document.querySelector(watched.selector)?.getAttribute(watched.attribute)
          : document.querySelector(watched.selector)?.textContent;
      const started = performance.now();
      target.click();
      await new Promise((resolve, reject) => {
        const check = () => {
          if (value() !== before) requestAnimationFrame(() => resolve());
          else if (performance.now() - started > 10_000) {
            reject(new Error(`${sel}: ${watched.selector} did not change within 10 s`));
          } else requestAnimationFrame(check);
        };
        check();
      });
      return performance.now() - started;
    },
    [selector, watch],
  );
}

const takeLongTasks = (page) =>
  page.evaluate(() => {
    const tasks = window.__longTasks;
    window.__longTasks = [];
    return tasks;
  });

const summarise = (tasks) => ({
  count: tasks.length,
  max: tasks.length ? Math.max(...tasks) : 0,
});

async function measureList(page, url, label) {
  await page.goto(url);
  await page.locator('.chatter-row').first().waitFor({ timeout: 60_000 });
  await page.getByText(new RegExp(`of ${CHATTERS} chatters`)).waitFor({ timeout: 60_000 });
  const firstRow = await page.evaluate(() => window.__firstRow);
  const loadTasks = summarise(await takeLongTasks(page));

  const pageChanges = [];
  for (let i = 0; i < PAGE_CHANGES; i += 1) {
    pageChanges.push(
      await timedClick(page, 'nav.pagination button[aria-label="Next"]', {
        selector: '.pagination-summary',
      }),
    );
  }
  const lastPage = await page.locator('nav.pagination .page-button').last().textContent();
  pageChanges.push(
    await timedClick(page, `nav.pagination button[aria-label="Page ${lastPage}"]`, {
      selector: '.pagination-summary',
    }),
  );
  const pagingTasks = summarise(await takeLongTasks(page));

  const greets = [];
  const roundTrips = [];
  for (let i = 0; i < GREETS; i += 1) {
    const selector = `.chatter-row:nth-child(${i + 1}) .greet-button`;
    const started = Date.now();
    const response = page.waitForResponse((r) => r.url().includes('/greet'));
    greets.push(await timedClick(page, selector, { selector, attribute: 'aria-pressed' }));
    await response;
    roundTrips.push(Date.now() - started);
  }
  const greetTasks = summarise(await takeLongTasks(page));
  console.log(`${label}: first row ${ms(firstRow)} ms`);
  return {
    firstRow,
    loadTasks,
    pageChanges: stats(pageChanges),
    pagingTasks,
    greets: stats(greets),
    roundTrips: stats(roundTrips),
    greetTasks,
  };
}

/** Starts V8's sampling profiler in a page; the answer stops it and gives the profile. */
async function startProfiler(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  return async () => (await cdp.send('Profiler.stop')).profile;
}

/**
 * Greets in one browser and times until another browser (its own context, signed in as the
 * same streamer) shows it: the row's button pressed, or the row gone (an order or filter that
 * moves greeted chatters away). Both pages run in one Chromium, so `Date.now()` is one clock.
 */
async function greetToOtherScreen(greeter, watcher, rounds) {
  const ungreeted = (page) =>
    page.$$eval('.chatter-row[data-chatter-id]', (rows) =>
      rows
        .filter(
          (row) => row.querySelector('.greet-button')?.getAttribute('aria-pressed') === 'false',
        )
        .map((row) => row.dataset.chatterId),
    );
  const samples = [];
  const requestSent = [];
  const answered = [];
  for (let round = 0; round < rounds; round += 1) {
    const seenThere = new Set(await ungreeted(watcher));
    const id = (await ungreeted(greeter)).find((candidate) => seenThere.has(candidate));
    if (!id) break;
    await watcher.evaluate((chatterId) => {
      window.__shown = new Promise((resolve) => {
        const shown = () => {
          const row = document.querySelector(`.chatter-row[data-chatter-id="${chatterId}"]`);
          return (
            !row || row.querySelector('.greet-button')?.getAttribute('aria-pressed') === 'true'
          );
        };
        const observer = new MutationObserver(() => {
          if (shown()) {
            observer.disconnect();
            resolve(Date.now());
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      });
    }, id);
    const clicked = await greeter.evaluate((chatterId) => {
      performance.clearResourceTimings();
      const at = { wall: Date.now(), page: performance.now() };
      document.querySelector(`.chatter-row[data-chatter-id="${chatterId}"] .greet-button`).click();
      return at;
    }, id);
    samples.push((await watcher.evaluate(() => window.__shown)) - clicked.wall);
    // Where the time went: the greeting page's PUT, from its resource timing.
    const put = await greeter.evaluate(
      () =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.endsWith('/greet'))
          .map(({ startTime, responseEnd }) => ({ startTime, responseEnd }))[0],
    );
    if (put) {
      requestSent.push(put.startTime - clicked.page);
      answered.push(put.responseEnd - clicked.page);
    }
    // A greeted row stays for its 2 s wave, then moves behind the pending ones: wait until it
    // has left both first pages, so the next pending chatters fill them.
    const gone = (chatterId) =>
      !document.querySelector(`.chatter-row[data-chatter-id="${chatterId}"]`);
    await greeter.waitForFunction(gone, id, { timeout: 10_000 });
    await watcher.waitForFunction(gone, id, { timeout: 10_000 });
  }
  return { samples, requestSent, answered };
}

async function main() {
  const runtime = await DemoRuntime.start({
    name: 'web-bench',
    env: { RATE_LIMIT_API_PER_MINUTE: '1000000' },
  });
  const { origin } = runtime;
  const control = (route, body) => runtime.control('POST', route, body);
  const browser = await launchChromium().catch(async (error) => {
    await runtime.stop();
    throw error;
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(instrument);
    const page = await context.newPage();
    await control('/control/oauth/auto-approve', { login: 'demo_streamer' });
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
    const session = await api('POST', '/api/sessions', {
      name: 'Bench Stream',
      keywords: JSON.stringify([KEYWORD]),
    });
    await runtime.waitForChannelJoined('demo_streamer');

    const seeding = Date.now();
    for (let from = 0; from < CHATTERS; from += BATCH) {
      const messages = Array.from({ length: Math.min(BATCH, CHATTERS - from) }, (_, i) => ({
        login: `bench_viewer_${String(from + i).padStart(5, '0')}`,
        text: `hello there ${KEYWORD}, first time here!`,
      }));
      await control('/control/channels/demo_streamer/messages', { messages });
    }
    await waitFor(
      async () =>
        (await api('GET', '/api/sessions')).find((s) => s.id === session.id)?._count.chatters ===
        CHATTERS,
      { timeoutMs: 600_000, intervalMs: 1_000, what: `${CHATTERS} chatters in the session` },
    );
    const seedSeconds = (Date.now() - seeding) / 1000;
    console.log(`seeded ${CHATTERS} chatters in ${seedSeconds.toFixed(1)} s`);

    const dashboard = await measureList(page, `${origin}/dashboard`, 'dashboard');
    const sessionPage = await measureList(page, `${origin}/session/${session.id}`, 'session page');

    // Hide greeted over 10,000 chatters on the session page.
    const hide = await timedClick(page, 'button[role="switch"]', {
      selector: '.pagination-summary',
    });

    // Greet click → the other screen: the dashboard greets, a second browser's session page shows it.
    const otherContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const otherPage = await otherContext.newPage();
    await otherPage.goto(`${origin}/auth/twitch`);
    await otherPage.waitForURL(`${origin}/dashboard`);
    await otherPage.goto(`${origin}/session/${session.id}`);
    await otherPage.locator('.chatter-row').first().waitFor({ timeout: 60_000 });
    await page.goto(`${origin}/dashboard`);
    await page.locator('.chatter-row').first().waitFor({ timeout: 60_000 });
    const profilers = options.profile
      ? await Promise.all([page, otherPage].map((profiled) => startProfiler(profiled)))
      : [];
    const other = await greetToOtherScreen(page, otherPage, OTHER_SCREEN_GREETS);
    for (const [index, stop] of profilers.entries()) {
      const file = path.join(options.profile, `${index === 0 ? 'greeter' : 'watcher'}.cpuprofile`);
      await writeFile(file, JSON.stringify(await stop()));
      console.log(`CPU profile: ${file}`);
    }
    console.log(`greet → other screen, ms in order: ${other.samples.join(' ')}`);
    const otherScreen = {
      ...stats(other.samples),
      requestSent: stats(other.requestSent),
      answered: stats(other.answered),
    };
    await otherContext.close();

    const overlayPage = await context.newPage();
    await overlayPage.setViewportSize({ width: 400, height: 600 });
    await overlayPage.goto(`${origin}/obs`);
    await overlayPage.locator('.overlay-row').first().waitFor({ timeout: 60_000 });
    const overlay = {
      firstRow: await overlayPage.evaluate(() => window.__firstRow),
      loadTasks: summarise(await takeLongTasks(overlayPage)),
    };

    const results = { seedSeconds, dashboard, sessionPage, hide, otherScreen, overlay };
    console.log(JSON.stringify(results, null, 2));
    if (options['write-docs']) await writeDocs(results);
  } finally {
    await browser.close();
    await runtime.stop('SIGTERM');
  }
}

async function writeDocs(r) {
  const file = new URL('../../docs/benchmarks.md', import.meta.url);
  const text = await readFile(file, 'utf8');
  const cpu = cpus();
  const row = (label, s, target) =>
    `| ${label} | ${s.n} | ${ms(s.median)} | ${ms(s.max)} | ${target} |`;
  const tasks = (t) => `${t.count} (longest ${ms(t.max)} ms)`;
  const section = `## Web app

A session with ${CHATTERS.toLocaleString('en')} chatters in the production build of the web app, in Debian's Chromium
(headless, software rendering) against the standalone runtime in demo mode; the chatters come in
as chat through the built-in Twitch emulator (seeding took ${r.seedSeconds.toFixed(0)} s). Times are measured in the page
(\`performance.now()\`, from the click to the next frame after the DOM changed); the greet round
trip is from the click to the end of the \`PUT\` response, measured by Playwright. Long tasks
(over 50 ms) come from a \`PerformanceObserver\` for \`longtask\`. Command:
\`node bench/web/chatters-10k.mjs\` after \`npx nx run-many -t build\` (add \`--write-docs\` to
update this section).

Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${platform()} ${release()}, Node ${process.version}. Measured ${new Date().toISOString().slice(0, 10)}.

| Screen | First row after navigation start | Long tasks while loading |
| --- | ---: | --- |
| Dashboard | ${ms(r.dashboard.firstRow)} ms | ${tasks(r.dashboard.loadTasks)} |
| Session page | ${ms(r.sessionPage.firstRow)} ms | ${tasks(r.sessionPage.loadTasks)} |
| Overlay (400x600) | ${ms(r.overlay.firstRow)} ms | ${tasks(r.overlay.loadTasks)} |

| Action | Samples | Median ms | Max ms | Target |
| --- | ---: | ---: | ---: | --- |
${row('Dashboard: next page / last page', r.dashboard.pageChanges, '< 100 (no visible stall)')}
${row('Dashboard: greet click to greeted button', r.dashboard.greets, '< 100')}
${row('Dashboard: greet click to server answer', r.dashboard.roundTrips, '< 1000')}
${row('Session page: next page / last page', r.sessionPage.pageChanges, '< 100')}
${row('Session page: greet click to greeted button', r.sessionPage.greets, '< 100')}
${row('Session page: greet click to server answer', r.sessionPage.roundTrips, '< 1000')}
| Session page: Hide greeted on | 1 | ${ms(r.hide)} | ${ms(r.hide)} | < 100 |
| Greet click on the dashboard → the session page in another browser shows it (p99 ${ms(r.otherScreen.p99)} ms) | ${r.otherScreen.n} | ${ms(r.otherScreen.median)} | ${ms(r.otherScreen.max)} | p99 ≤ 50 |

Long tasks while paging: dashboard ${tasks(r.dashboard.pagingTasks)}, session page ${tasks(r.sessionPage.pagingTasks)}; while greeting: dashboard ${tasks(r.dashboard.greetTasks)}, session page ${tasks(r.sessionPage.greetTasks)}.
`;
  const start = text.indexOf('## Web app');
  const next = start === -1 ? -1 : text.indexOf('\n## ', start + 1);
  const updated =
    start === -1
      ? `${text.trimEnd()}\n\n${section}`
      : `${text.slice(0, start)}${section}${next === -1 ? '' : text.slice(next + 1)}`;
  await writeFile(file, updated);
}

await main();
