// A session of 100,000 chatters through the gateway and the sessions service, each its own
// process on NATS and PostgreSQL: pages as the screens read them and the streamed whole list,
// each by 10 concurrent readers, with the longest event-loop stall of both processes (their
// `nodejs_eventloop_lag_max_seconds`, reset by each scrape) and the memory the session added.
// Run after building: `npx nx run-many -t build && node bench/sessions/big-session.mjs`
// (add --write-docs to record the figures in docs/benchmarks.md, "A session of 100,000 chatters";
// --chart-limits runs each process in a memory cgroup of the Helm chart's limit, as Kubernetes
// runs it: Node.js then sizes its heap by that limit, not by the machine's memory; needs root).
// Needs PostgreSQL on 127.0.0.1:5432 (or BENCH_DATABASE_URL) and /usr/sbin/nats-server.
import http from 'node:http';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { readFile, writeFile } from 'node:fs/promises';
import pg from 'pg';
import WebSocket from 'ws';
import {
  createTestDatabase,
  freePort,
  startPrivateNatsServer,
} from '../../libs/testing/dist/index.js';
import { chartProcess, startProcess } from '../lib/processes.mjs';
import { standInAuth } from '../lib/stand-in-auth.mjs';

const CHATTERS = Number(process.env.BENCH_CHATTERS ?? 100_000);
const READERS = Number(process.env.BENCH_READERS ?? 10);
const PAGES_PER_READER = 30;
/** Greets per run, one after another, each timed to the other screen's `chatter_update`. */
const GREETS = Number(process.env.BENCH_GREETS ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LIMITS = process.argv.includes('--chart-limits')
  ? { gateway: chartProcess('gateway'), sessions: chartProcess('sessions') }
  : undefined;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const quantile = (samples, q) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
};
/** Median of the runs and their spread (min–max). */
const summary = (values) => ({
  median: quantile(values, 0.5),
  min: Math.min(...values),
  max: Math.max(...values),
});

async function main() {
  const database = await createTestDatabase('greetboard_bench_big_session', adminUrl);
  const nats = await startPrivateNatsServer();
  const [port, sessionsMetrics, gatewayMetrics] = [
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const env = { NODE_ENV: 'production', NATS_URL: nats.url, DATABASE_URL: database.url };
  // BENCH_CPU_PROF=<dir>: a CPU profile of each process, to see what a stall was made of.
  // BENCH_NODE_ARGS: Node.js options for both processes, e.g. '--max-semi-space-size=16'
  // (NODE_OPTIONS does not reach them: startProcess clears it).
  const profile = [
    ...(process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF]
      : []),
    ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  const service = startProcess(
    'sessions',
    'services/sessions/dist/main.js',
    {
      ...env,
      METRICS_PORT: String(sessionsMetrics),
      ...(LIMITS ? { NODE_OPTIONS: LIMITS.sessions.nodeOptions } : {}),
    },
    profile,
    { memoryLimitBytes: LIMITS?.sessions.memoryLimitBytes },
  );
  const gatewayProcess = startProcess(
    'gateway',
    'services/gateway/dist/main.js',
    {
      ...env,
      PORT: String(port),
      // The live socket's origin check (the greet phase opens one).
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      METRICS_PORT: String(gatewayMetrics),
      RATE_LIMIT_API_PER_MINUTE: '1000000',
      ...(LIMITS ? { NODE_OPTIONS: LIMITS.gateway.nodeOptions } : {}),
    },
    profile,
    { memoryLimitBytes: LIMITS?.gateway.memoryLimitBytes },
  );
  const base = `http://127.0.0.1:${port}`;
  const auth = await standInAuth(nats.url);
  const { owner, headers } = auth;
  await Promise.all([service.booted(), gatewayProcess.booted()]);

  /** A process's gauges from its metrics port; a scrape resets the event-loop histogram. */
  const scrape = async (metricsPort) => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const gauge = (name) =>
      Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]);
    return {
      stallMs: gauge('nodejs_eventloop_lag_max_seconds') * 1000,
      rssMb: gauge('process_resident_memory_bytes') / 2 ** 20,
      heapMb: gauge('nodejs_heap_size_used_bytes') / 2 ** 20,
      heapTotalMb: gauge('nodejs_heap_size_total_bytes') / 2 ** 20,
      externalMb: gauge('nodejs_external_memory_bytes') / 2 ** 20,
    };
  };
  const scrapeBoth = async () => ({
    gateway: await scrape(gatewayMetrics),
    sessions: await scrape(sessionsMetrics),
  });

  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  await auth.addOwner(db);
  let created;
  for (let attempt = 0; attempt < 100 && !created; attempt++) {
    const response = await fetch(`${base}/api/sessions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Big stream' }),
    });
    if (response.status === 201) created = await response.json();
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const sessionId = created.id;
  // Warm both processes on the empty session, then note their memory before the big one.
  for (let i = 0; i < 20; i++) {
    await (await fetch(`${base}/api/sessions/${sessionId}/chatters/page`, { headers })).text();
  }
  const before = await scrapeBoth();

  const seedStarted = performance.now();
  await db.query(
    `INSERT INTO sessions.chatters (session_id, twitch_id, username, display_name, profile_image,
       first_message, message_count, first_seen_at, last_seen_at, is_greeted, greeted_at, greeted_by)
     SELECT $1, (100000000 + i * 7919)::text, 'viewer_' || i, 'Viewer_' || i,
            'https://static-cdn.jtvnw.net/jtv_user_pictures/' || md5(i::text) || '-profile_image-300x300.png',
            'hello everyone, how is the stream going today? ' || i, 1 + i % 17,
            'epoch'::timestamptz + (1767225600000 + i * 1000) * interval '1 millisecond',
            'epoch'::timestamptz + (1767225600000 + i * 2000) * interval '1 millisecond',
            i % 3 = 0, CASE WHEN i % 3 = 0 THEN now() END, CASE WHEN i % 3 = 0 THEN $2::uuid END
       FROM generate_series(1, ${CHATTERS}) AS i`,
    [sessionId, owner.id],
  );
  await db.query(
    `UPDATE sessions.sessions SET list_version =
       (SELECT max(version) FROM sessions.chatters WHERE session_id = $1) WHERE id = $1`,
    [sessionId],
  );
  await db.query('VACUUM ANALYZE sessions.chatters');
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const pageUrl = (reader, i) => {
    const orders = ['oldest', 'newest', 'next'];
    const size = [10, 20, 50, 100][(reader + i) % 4];
    // Spread over the whole list: first pages, last pages, the middle.
    const offset = Math.floor(((reader * 7919 + i * 104729) % CHATTERS) / size) * size;
    const hide = i % 5 === 0 ? '&hideGreeted=true' : '';
    return `${base}/api/sessions/${sessionId}/chatters/page?order=${orders[i % 3]}&limit=${size}&offset=${offset}${hide}`;
  };
  /** One GET timed to its last byte; node:http, so the time is the server's, not a gunzip's. */
  const timedGet = (url) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      http
        .get(url, { headers: { ...headers, 'accept-encoding': 'gzip' } }, (response) => {
          let bytes = 0;
          response.on('data', (chunk) => (bytes += chunk.length));
          response.on('end', () =>
            response.statusCode === 200
              ? resolve({ ms: performance.now() - started, bytes })
              : reject(new Error(`${url} answered ${response.statusCode}`)),
          );
        })
        .on('error', reject);
    });

  /**
   * Greets on one screen, timed to the `chatter_update` on another socket of the owner (another
   * screen): the first GREETS pending chatters, one after another, as the dashboard sends them.
   */
  const greets = async () => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
      headers: { cookie: headers.cookie, origin: base },
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const waiting = new Map();
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'chatter_update' && message.payload.isGreeted)
        waiting.get(message.payload.id)?.(performance.now());
    });
    const page = await (
      await fetch(
        `${base}/api/sessions/${sessionId}/chatters/page?order=oldest&hideGreeted=true&limit=${GREETS}`,
        { headers },
      )
    ).json();
    const roundTrips = [];
    const otherScreen = [];
    for (const chatter of page.chatters) {
      const shown = new Promise((resolve) => waiting.set(chatter.id, resolve));
      const sentAt = performance.now();
      const answer = await fetch(`${base}/api/chatters/${chatter.id}/greet`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ isGreeted: true }),
      });
      if (answer.status !== 200) throw new Error(`greet answered ${answer.status}`);
      await answer.text();
      roundTrips.push(performance.now() - sentAt);
      otherScreen.push((await shown) - sentAt);
      waiting.delete(chatter.id);
    }
    socket.close();
    return { roundTrips, otherScreen };
  };

  const runs = [];
  /** A process that ended during the run (with --chart-limits, the kernel's OOM killer's count). */
  const ended = () =>
    [service, gatewayProcess]
      .filter(({ child }) => child.exitCode !== null || child.signalCode !== null)
      .map(
        ({ name, child, cgroup }) =>
          `${name} ended (${child.signalCode ?? `exit code ${child.exitCode}`}` +
          `${cgroup ? `, OOM kills in its cgroup: ${cgroup.readings().oomKills}` : ''})`,
      );
  try {
    for (let run = 0; run < RUNS; run++) {
      await scrapeBoth();
      const pageTimes = [];
      await Promise.all(
        Array.from({ length: READERS }, async (_, reader) => {
          for (let i = 0; i < PAGES_PER_READER; i++) {
            pageTimes.push((await timedGet(pageUrl(reader, i))).ms);
          }
        }),
      );
      const afterPages = await scrapeBoth();
      const listTimes = [];
      let listBytes = 0;
      await Promise.all(
        Array.from({ length: READERS }, async () => {
          const answer = await timedGet(`${base}/api/sessions/${sessionId}/chatters`);
          listTimes.push(answer.ms);
          listBytes = answer.bytes;
        }),
      );
      const afterLists = await scrapeBoth();
      const exportStarted = performance.now();
      await timedGet(`${base}/api/sessions/${sessionId}/export?format=csv`);
      const exportMs = performance.now() - exportStarted;
      // Let both processes settle, so the heap figures hold what stays rather than what flowed.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const afterExport = await scrapeBoth();
      const greet = await greets();
      const afterGreets = await scrapeBoth();
      runs.push({
        pageP50: quantile(pageTimes, 0.5),
        pageP99: quantile(pageTimes, 0.99),
        pageStall: Math.max(afterPages.gateway.stallMs, afterPages.sessions.stallMs),
        pageStallGateway: afterPages.gateway.stallMs,
        pageStallSessions: afterPages.sessions.stallMs,
        listP50: quantile(listTimes, 0.5),
        listMax: Math.max(...listTimes),
        listStallGateway: afterLists.gateway.stallMs,
        listStallSessions: afterLists.sessions.stallMs,
        listMb: listBytes / 1e6,
        exportMs,
        exportStall: Math.max(afterExport.gateway.stallMs, afterExport.sessions.stallMs),
        rssAddedGateway: afterExport.gateway.rssMb - before.gateway.rssMb,
        rssAddedSessions: afterExport.sessions.rssMb - before.sessions.rssMb,
        heapAddedGateway: afterExport.gateway.heapMb - before.gateway.heapMb,
        heapAddedSessions: afterExport.sessions.heapMb - before.sessions.heapMb,
        // Where the resident memory went: after the pages (what the screens read), and V8's
        // reserved heap and external memory at the end.
        rssAfterPagesGateway: afterPages.gateway.rssMb - before.gateway.rssMb,
        rssAfterPagesSessions: afterPages.sessions.rssMb - before.sessions.rssMb,
        rssAfterListsGateway: afterLists.gateway.rssMb - before.gateway.rssMb,
        rssAfterListsSessions: afterLists.sessions.rssMb - before.sessions.rssMb,
        // The whole process, to hold against a container's limit: resident now, and the
        // cgroup's highest use so far (with --chart-limits).
        rssGateway: afterExport.gateway.rssMb,
        rssSessions: afterExport.sessions.rssMb,
        ...(LIMITS
          ? {
              peakGateway: gatewayProcess.cgroup.readings().peakBytes / 2 ** 20,
              peakSessions: service.cgroup.readings().peakBytes / 2 ** 20,
            }
          : {}),
        heapTotalAddedGateway: afterExport.gateway.heapTotalMb - before.gateway.heapTotalMb,
        heapTotalAddedSessions: afterExport.sessions.heapTotalMb - before.sessions.heapTotalMb,
        externalAddedGateway: afterExport.gateway.externalMb - before.gateway.externalMb,
        externalAddedSessions: afterExport.sessions.externalMb - before.sessions.externalMb,
        greetP50: quantile(greet.otherScreen, 0.5),
        greetP99: quantile(greet.otherScreen, 0.99),
        greetMax: Math.max(...greet.otherScreen),
        greetRoundTripP99: quantile(greet.roundTrips, 0.99),
        greetStall: Math.max(afterGreets.gateway.stallMs, afterGreets.sessions.stallMs),
        load: loadavg()[0],
      });
      console.log(JSON.stringify(runs.at(-1)));
    }
  } catch (error) {
    // A fetch fails when a process ended under it: say which, and why.
    throw ended().length > 0 ? new Error(`${ended().join('; ')}: ${error.message}`) : error;
  }
  if (ended().length > 0) throw new Error(ended().join('; '));
  // BENCH_SETTLE_MS: idle this long before stopping, e.g. to watch the processes' memory settle.
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_SETTLE_MS ?? 0)));
  const keys = Object.keys(runs[0]);
  const results = {
    chatters: CHATTERS,
    seedSeconds,
    limitsMb: LIMITS && {
      gateway: LIMITS.gateway.memoryLimitBytes / 2 ** 20,
      sessions: LIMITS.sessions.memoryLimitBytes / 2 ** 20,
      nodeOptions: { gateway: LIMITS.gateway.nodeOptions, sessions: LIMITS.sessions.nodeOptions },
      oomKills: gatewayProcess.cgroup.readings().oomKills + service.cgroup.readings().oomKills,
    },
    figures: Object.fromEntries(keys.map((key) => [key, summary(runs.map((r) => r[key]))])),
  };
  console.log(JSON.stringify(results, null, 2));

  await gatewayProcess.stop();
  await auth.close();
  await service.stop();
  await nats.dispose();
  await db.end();
  await database.drop();
  if (process.argv.includes('--write-docs')) await writeDocs(results);
}

const f = ({ median, min, max }, digits = 1) =>
  `${median.toFixed(digits)} (${min.toFixed(digits)}–${max.toFixed(digits)})`;

async function writeDocs(r) {
  const file = new URL('../../docs/benchmarks.md', import.meta.url);
  const text = await readFile(file, 'utf8');
  const cpu = cpus();
  const x = r.figures;
  const section = `## A session of 100,000 chatters

Pages as the screens read them and the streamed whole list, through the gateway process to the
sessions service process over NATS, on PostgreSQL, for one session of ${r.chatters.toLocaleString('en')} chatters (seeded
in one statement in ${r.seedSeconds.toFixed(1)} s; a third greeted). ${READERS} concurrent readers: each reads
${PAGES_PER_READER} pages (sizes 10–100, orders oldest, newest and pending first, every fifth with Hide greeted,
offsets spread over the list), then each reads the whole list once (gzipped), then one CSV export.
The longest stall is \`nodejs_eventloop_lag_max_seconds\` of each process, scraped before and
after each phase. Memory added: resident set size after the run minus before the session was
seeded. ${
    r.limitsMb
      ? `Each process ran as the Helm chart's default values run it: in a memory cgroup of its limit (gateway ${r.limitsMb.gateway} MiB, sessions ${r.limitsMb.sessions} MiB), Node.js sizing its heap by it, with the chart's NODE_OPTIONS (gateway ${r.limitsMb.nodeOptions.gateway ? `\`${r.limitsMb.nodeOptions.gateway}\`` : 'none'}, sessions ${r.limitsMb.nodeOptions.sessions ? `\`${r.limitsMb.nodeOptions.sessions}\`` : 'none'}). OOM kills: ${r.limitsMb.oomKills}.`
      : "No memory limit: Node.js sized each heap by the machine's memory."
  } Command: \`node bench/sessions/big-session.mjs${r.limitsMb ? ' --chart-limits' : ''}\` after \`npx nx run-many -t build\` (add
\`--write-docs\` to update this section). Median of ${RUNS} runs, spread (min–max) in brackets.

Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${platform()} ${release()}, Node ${process.version}. Measured ${new Date().toISOString().slice(0, 10)}.

| Figure | Measured | Target |
| --- | ---: | ---: |
| Page, latency p50 / p99 (ms) | ${f(x.pageP50)} / ${f(x.pageP99)} | — |
| Longest stall while paging, gateway / sessions (ms) | ${f(x.pageStallGateway)} / ${f(x.pageStallSessions)} | ≤ 50 |
| Whole list (${x.listMb.median.toFixed(1)} MB gzipped), 10 at once: p50 / slowest (ms) | ${f(x.listP50, 0)} / ${f(x.listMax, 0)} | — |
| Longest stall while streaming the list, gateway / sessions (ms) | ${f(x.listStallGateway)} / ${f(x.listStallSessions)} | ≤ 50 |
| CSV export (ms), longest stall (ms) | ${f(x.exportMs, 0)}, ${f(x.exportStall)} | —, ≤ 50 |
| Memory added, gateway / sessions (MB RSS) | ${f(x.rssAddedGateway, 0)} / ${f(x.rssAddedSessions, 0)} | ≤ 150 together |
| of which the first run's pages alone (the screens' reads; later runs start above it) | ${x.rssAfterPagesGateway.min.toFixed(0)} / ${x.rssAfterPagesSessions.min.toFixed(0)} | |
| Memory added once the whole lists were read, gateway / sessions (MB RSS) | ${f(x.rssAfterListsGateway, 0)} / ${f(x.rssAfterListsSessions, 0)} | |
| Resident at the end, gateway / sessions (MB)${x.peakGateway ? "; the container's highest use" : ''} | ${f(x.rssGateway, 0)} / ${f(x.rssSessions, 0)}${x.peakGateway ? `; ${f(x.peakGateway, 0)} / ${f(x.peakSessions, 0)}` : ''} | ${r.limitsMb ? `< ${r.limitsMb.gateway} / ${r.limitsMb.sessions} (the limits)` : ''} |
| V8 heap reserved added / external memory added, gateway; sessions (MB) | ${f(x.heapTotalAddedGateway, 0)} / ${f(x.externalAddedGateway, 0)}; ${f(x.heapTotalAddedSessions, 0)} / ${f(x.externalAddedSessions, 0)} | — |
| Greet on one screen → \`chatter_update\` on another, p50 / p99 / max (ms, ${GREETS} greets a run) | ${f(x.greetP50, 0)} / ${f(x.greetP99, 0)} / ${f(x.greetMax, 0)} | p99 ≤ 100 |
| Longest stall while greeting (ms) | ${f(x.greetStall)} | ≤ 50 |
| Heap in use added, gateway / sessions (MB, 2 s after the readers) | ${f(x.heapAddedGateway, 0)} / ${f(x.heapAddedSessions, 0)} | — |

Load average of the machine during the runs (the benchmark included): ${f(x.load)}.
`;
  const start = text.indexOf('## A session of 100,000 chatters');
  const next = start === -1 ? -1 : text.indexOf('\n## ', start + 1);
  const updated =
    start === -1
      ? `${text.trimEnd()}\n\n${section}`
      : `${text.slice(0, start)}${section}${next === -1 ? '' : `\n${text.slice(next + 1)}`}`;
  await writeFile(file, updated);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
