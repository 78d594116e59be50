// The chat pipeline in cluster mode, end to end: the Twitch emulator's traffic generator → two
// chat-ingest processes (tmi.js) → JetStream → the sessions service (set-based upserts) →
// PostgreSQL → the gateway's live sockets. Measures (1) the highest rate the pipeline keeps up
// with (every delivered line counted, the last within 1 s of the generator stopping), (2) latency
// from the emulator sending a line to `new_chatter` arriving on a streamer's /ws socket at
// 1,000 lines/s, (3) backlog drain rate of the batched consumer against a per-line TypeORM
// `save` consumer on the same tables. For each rate it also reports the lag of every line (from
// the emulator sending it to the batch that counted it) and the CPU seconds each process spent.
// The whole measurement runs three times (`--runs N`), each on a fresh cluster, and the report
// gives the median and the spread (the machine is shared: single runs are noisy).
// Run after building: `npx nx run-many -t build && node bench/pipeline/pipeline.mjs`
// (add --write-docs to replace "Chat pipeline" in docs/benchmarks.md; `--rates 2000,5000` to
// measure fewer rates; `--label before` names the run in the JSON it prints, `--json file`
// writes it to a file, `--from a.json,b.json` summarises the runs of such files instead of
// measuring; `--profile DIR` writes a CPU profile of every product process there, to summarise
// with `node bench/standalone/profile-summary.mjs`; `--perf-map` lets `perf record` name their
// JavaScript functions; `--node-args "…"` passes Node.js options to them; `--heap-sample DIR`
// writes what each product process allocated during the first rate's phase there, to summarise
// with `node bench/standalone/profile-summary.mjs`).
// Needs PostgreSQL on 127.0.0.1:5432 (or BENCH_DATABASE_URL), Redis on 127.0.0.1:6379 (or
// BENCH_REDIS_URL) and /usr/sbin/nats-server, which it starts on a port of its own.
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, platform, release, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { DataSource, EntitySchema } from 'typeorm';
import WebSocket from 'ws';
import {
  createTestDatabase,
  freePort,
  startPrivateNatsServer,
  waitFor,
} from '../../libs/testing/dist/index.js';
import {
  FailFastNatsClient,
  JetStreamDurableStreams,
  subjectIn,
  subjectOutside,
} from '../../libs/transport/dist/index.js';
import { chatLineRecords } from '../../libs/contracts/dist/index.js';
import { ROOT, chartProcess, cpuSeconds, startProcess, INSTALLATION } from '../lib/processes.mjs';
import { addStreamer } from '../lib/streamers.mjs';
import { startTwitchEmulator } from '../../tools/twitch-emulator/dist/index.js';

const CHANNELS = 50;
const option = (name) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const RATES = (option('--rates') ?? '2000,5000,10000,15000,20000').split(',').map(Number);
const RUNS = Number(option('--runs') ?? 3);
const PROFILE_DIR = option('--profile');
/**
 * `--perf-map`: the product processes write /tmp/perf-<pid>.map, so that `perf record -a -g`
 * beside the benchmark names their JavaScript functions. Unlike `--profile` (V8's sampler,
 * which counts a thread waiting for a CPU inside a system call as time in that call), perf
 * counts CPU time only, kernel included.
 */
const PERF_MAP = process.argv.includes('--perf-map');
/**
 * `--gateways N`: N gateway replicas, the streamers' sockets spread over them (every replica
 * receives every live event, as in a cluster).
 */
const GATEWAYS = Number(option('--gateways') ?? 1);
/**
 * `--heap-sample DIR`: V8's sampling heap profiler in every product process for HEAP_SAMPLE_SEC
 * of the first rate's phase, attached through the inspector, keeping the objects garbage
 * collection took (what a process allocates, not what it keeps). Each process's profile goes
 * to DIR; the report gives the bytes allocated a line counted in that window.
 */
const HEAP_SAMPLE_DIR = option('--heap-sample');
const HEAP_SAMPLE_SEC = 8;
/** `--node-args "--flag …"`: Node.js options for every product process (to compare settings). */
const NODE_ARGS = (option('--node-args') ?? '').split(' ').filter(Boolean);
/**
 * `--chart-limits`: each product process as the Helm chart's default values run it, in a memory
 * cgroup of its limit (Node.js then sizes its heap by it) and with its NODE_OPTIONS (needs root).
 */
const CHART_LIMITS = process.argv.includes('--chart-limits');
const COMPONENT = { sessions: 'sessions', gateway: 'gateway', ingest: 'chatIngest' };
/** `--no-drain` leaves out (3), the backlog drain, to measure the throughput and latency only. */
const DRAIN = !process.argv.includes('--no-drain');
/**
 * `--big-session N` adds (2b): the first channel's session seeded with N chatters, then
 * LATENCY_RATE lines/s on that channel alone, line → `new_chatter` as in (2).
 */
const BIG_SESSION = Number(option('--big-session') ?? 0);
const PHASE_SEC = 15;
const DRAIN_MS = 20_000;
/** A rate is kept up with when the last line is counted this soon after the generator stops. */
const KEPT_UP_MS = 1_000;
const LATENCY_RATE = 1_000;
const LATENCY_SEC = 15;
const BACKLOG_LINES = 10_000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CLIENT = { clientId: 'bench-client', clientSecret: 'bench-secret', redirectUris: [] };

const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const log = (...parts) => console.log(new Date().toISOString().slice(11, 23), ...parts);
const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const spread = (values) => {
  const known = values.filter(Number.isFinite);
  return known.length === 0 ? undefined : [Math.min(...known), Math.max(...known)];
};

/**
 * Samples what each process allocates for HEAP_SAMPLE_SEC through its inspector (V8's
 * `HeapProfiler` sampling, every 2 KB, objects that garbage collection took included), writes
 * each profile to `dir` and answers the bytes each allocated and when the window was.
 */
async function sampleHeaps(processes, dir, tag) {
  await mkdir(dir, { recursive: true });
  const allocated = {};
  let from = 0;
  await Promise.all(
    processes.map(async (proc) => {
      const url = /ws:\/\/127\.0\.0\.1:\d+\/[0-9a-f-]+/.exec(proc.output())?.[0];
      if (!url) throw new Error(`${proc.name} has no inspector (started without --heap-sample?)`);
      const socket = new WebSocket(url);
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      let id = 0;
      const answers = new Map();
      socket.on('message', (data) => {
        const message = JSON.parse(String(data));
        answers.get(message.id)?.(message.result);
      });
      const call = (method, params = {}) =>
        new Promise((resolve) => {
          answers.set(++id, resolve);
          socket.send(JSON.stringify({ id, method, params }));
        });
      await call('HeapProfiler.enable');
      await call('HeapProfiler.startSampling', {
        samplingInterval: 2048,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      from = Math.max(from, Date.now());
      await new Promise((resolve) => setTimeout(resolve, HEAP_SAMPLE_SEC * 1000));
      const { profile } = await call('HeapProfiler.stopSampling');
      socket.close();
      await writeFile(path.join(dir, `${proc.name}-${tag}.heapprofile`), JSON.stringify(profile));
      let bytes = 0;
      const add = (node) => {
        bytes += node.selfSize;
        node.children.forEach(add);
      };
      add(profile.head);
      allocated[proc.name] = bytes;
    }),
  );
  return { bytes: allocated, from, to: from + HEAP_SAMPLE_SEC * 1000 };
}

/**
 * CPU seconds PostgreSQL's processes on this machine have used so far (the server the
 * cluster writes to, with the benchmark's own queries). A backend that exits within a phase
 * takes its seconds with it; the cluster's pooled connections stay open.
 */
function postgresCpuSeconds() {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') {
        total += cpuSeconds(pid) ?? 0;
      }
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return total;
}

/** The pid of this process's child running `command` (the private NATS server). */
function childPid(command) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (comm === command && ppid === process.pid) return Number(entry);
    } catch {
      // The process ended while the list was read.
    }
  }
  return undefined;
}

/**
 * `sessions.chatters` as a TypeORM entity, for the naive consumer only (the sessions service
 * writes it with SQL). `version` is left to the column's default.
 */
const ChatterEntity = new EntitySchema({
  name: 'Chatter',
  tableName: 'chatters',
  columns: {
    id: { type: 'uuid', primary: true, generated: 'uuid' },
    sessionId: { type: 'uuid', name: 'session_id' },
    twitchId: { type: 'text', name: 'twitch_id' },
    username: { type: 'text' },
    displayName: { type: 'text', name: 'display_name' },
    profileImage: { type: 'text', name: 'profile_image', nullable: true },
    firstMessage: { type: 'text', name: 'first_message' },
    messageCount: { type: 'integer', name: 'message_count' },
    firstSeenAt: { type: 'timestamptz', name: 'first_seen_at' },
    lastSeenAt: { type: 'timestamptz', name: 'last_seen_at' },
    isGreeted: { type: 'boolean', name: 'is_greeted', default: false },
    greetedAt: { type: 'timestamptz', name: 'greeted_at', nullable: true },
    greetedBy: { type: 'uuid', name: 'greeted_by', nullable: true },
    isFirstTimeChatter: { type: 'boolean', name: 'is_first_time_chatter', default: false },
    isReturningChatter: { type: 'boolean', name: 'is_returning_chatter', default: false },
  },
});

/**
 * The naive consumer: per chat line, one transaction that records the message id (so that it
 * is as exact under redelivery as the real one), loads the chatter and `save`s it with TypeORM.
 */
async function startOrmConsumer(natsUrl, databaseUrl) {
  const dataSource = new DataSource({
    type: 'postgres',
    url: databaseUrl,
    schema: 'sessions',
    entities: [ChatterEntity],
    synchronize: false,
  });
  await dataSource.initialize();
  const sessionOf = new Map(
    (
      await dataSource.query(
        `SELECT u.username AS channel, s.id FROM sessions.sessions s
           JOIN sessions.users u ON u.id = s.user_id WHERE s.is_active`,
      )
    ).map((row) => [row.channel, row.id]),
  );
  const streams = await JetStreamDurableStreams.connect(natsUrl, INSTALLATION);
  const consumer = await streams.consume(
    {
      stream: 'CHAT_LINES_V1',
      durable: 'sessions-chat-lines-v1',
      maxBatch: 100,
      // Batches of lines as chat-ingest publishes them (ADR 0057), one line at a time here.
      records: chatLineRecords,
    },
    async (batch) => {
      for (const message of batch) {
        const line = message.data;
        const sessionId = sessionOf.get(line.channel);
        if (!sessionId) continue;
        await dataSource.transaction(async (manager) => {
          const fresh = await manager.query(
            `INSERT INTO sessions.chat_lines_seen (session_id, message_id) VALUES ($1, $2)
             ON CONFLICT DO NOTHING RETURNING 1`,
            [sessionId, line.id],
          );
          if (fresh.length === 0) return;
          const chatters = manager.getRepository(ChatterEntity);
          const sentAt = new Date(line.sentAt);
          const chatter = await chatters.findOneBy({ sessionId, twitchId: line.userId });
          if (chatter) {
            chatter.messageCount += 1;
            chatter.lastSeenAt = sentAt > chatter.lastSeenAt ? sentAt : chatter.lastSeenAt;
            chatter.username = line.login;
            chatter.displayName = line.displayName || line.login;
            await chatters.save(chatter);
          } else {
            await chatters.save(
              chatters.create({
                sessionId,
                twitchId: line.userId,
                username: line.login,
                displayName: line.displayName || line.login,
                firstMessage: line.text.slice(0, 500),
                messageCount: 1,
                firstSeenAt: sentAt,
                lastSeenAt: sentAt,
                isFirstTimeChatter: line.firstMessage,
                isReturningChatter: line.returningChatter,
              }),
            );
          }
        });
      }
    },
  );
  return {
    stop: async () => {
      await consumer.stop();
      await streams.close();
      await dataSource.destroy();
    },
  };
}

async function main() {
  const writeDocs = process.argv.includes('--write-docs');
  const runs = [];
  const from = option('--from');
  if (from) {
    // Runs measured before (`--json`), e.g. alternating with another build on a shared machine.
    for (const file of from.split(',')) runs.push(...JSON.parse(await readFile(file, 'utf8')).runs);
  } else {
    for (let i = 1; i <= RUNS; i++) {
      log(`run ${i} of ${RUNS}`);
      runs.push(await measure());
    }
  }
  const summary = summarise(runs);
  const machine = `${cpus()[0]?.model.trim()}, ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${platform()} ${release()}, Node ${process.version}`;
  const report = JSON.stringify({ label: option('--label'), machine, summary, runs }, null, 2);
  console.log(report);
  if (option('--json')) await writeFile(option('--json'), report);
  if (writeDocs) await writeSection(machine, summary);
}

/** The medians (and min–max) over the runs of every figure the report shows. */
function summarise(runs) {
  const stat = (pick) => {
    const values = runs.map(pick);
    return { median: median(values), spread: spread(values) };
  };
  const processes = Object.keys(runs[0].throughput[0]?.cpu ?? {});
  return {
    runs: runs.length,
    throughput: RATES.filter((rate) =>
      runs.some((r) => r.throughput.some((t) => t.rate === rate)),
    ).map((rate) => {
      const rowOf = (run) => run.throughput.find((row) => row.rate === rate);
      const measured = runs.filter(rowOf).length;
      return {
        rate,
        measured,
        keptUp: runs.filter((run) => rowOf(run)?.keptUp).length,
        allCounted: runs.filter((run) => rowOf(run)?.ok).length,
        achievedRate: stat((run) => rowOf(run)?.achievedRate),
        lastCountedMs: stat((run) => rowOf(run)?.lagMs),
        lagP50: stat((run) => rowOf(run)?.lag?.p50),
        lagP99: stat((run) => rowOf(run)?.lag?.p99),
        lagMax: stat((run) => rowOf(run)?.lag?.max),
        cpu: Object.fromEntries(
          processes.map((name) => [name, stat((run) => rowOf(run)?.cpu[name])]),
        ),
      };
    }),
    latency: {
      samples: stat((run) => run.latency.samples),
      p50: stat((run) => run.latency.p50),
      p99: stat((run) => run.latency.p99),
      max: stat((run) => run.latency.max),
    },
    bigSession: {
      p50: stat((run) => run.bigSession?.p50),
      p99: stat((run) => run.bigSession?.p99),
      max: stat((run) => run.bigSession?.max),
    },
    orm: stat((run) => run.orm?.rate),
    batched: stat((run) => run.batched?.rate),
    ratio: stat((run) => run.ratio),
  };
}

/** One measurement on a fresh cluster, database and NATS server. */
async function measure() {
  const database = await createTestDatabase('greetboard_bench_pipeline', adminUrl);
  const databaseUrl = database.url;
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const nats = await startPrivateNatsServer();
  const emulator = await startTwitchEmulator({ httpPort: 0, ircPort: 0, clients: [CLIENT] });
  const run = randomBytes(3).toString('hex');
  const common = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'log',
    NATS_URL: nats.url,
    REDIS_URL: redisUrl,
    DATABASE_URL: databaseUrl,
  };
  const ingestEnv = (replica) => ({
    ...common,
    TWITCH_IRC_URL: emulator.ircWsUrl,
    CHAT_INGEST_REPLICA_ID: `bench-${run}-${replica}`,
    CHAT_INGEST_KEY_PREFIX: `greetboard:bench-${run}:`,
  });
  const processes = [];
  const start = (procName, script, env) => {
    // --profile DIR: a V8 CPU profile of each product process, written when it stops.
    const profiling = PROFILE_DIR
      ? [
          '--cpu-prof',
          `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`,
          `--cpu-prof-name=${procName}-${run}-${processes.length}.cpuprofile`,
        ]
      : PERF_MAP
        ? [
            '--perf-basic-prof-only-functions',
            '--interpreted-frames-native-stack',
            // The log V8 keeps beside the map, out of the working tree.
            `--logfile=${path.join(tmpdir(), 'greetboard-v8-%p.log')}`,
            '--no-logfile-per-isolate',
          ]
        : [];
    const chart = CHART_LIMITS ? chartProcess(COMPONENT[procName.replace(/-\d+$/, '')]) : undefined;
    const inspecting = HEAP_SAMPLE_DIR ? ['--inspect=127.0.0.1:0'] : [];
    const started = startProcess(
      procName,
      script,
      chart ? { ...env, NODE_OPTIONS: chart.nodeOptions } : env,
      [...NODE_ARGS, ...profiling, ...inspecting],
      { memoryLimitBytes: chart?.memoryLimitBytes },
    );
    processes.push(started);
    return started;
  };
  let sessions = start('sessions', 'services/sessions/dist/main.js', common);
  const gatewayUrls = [];
  const gateways = [];
  for (let replica = 1; replica <= GATEWAYS; replica++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    gatewayUrls.push(url);
    gateways.push(
      start(`gateway-${replica}`, 'services/gateway/dist/main.js', {
        ...common,
        PORT: String(port),
        PUBLIC_URL: url,
      }),
    );
  }
  const others = [
    ...gateways,
    start('ingest-1', 'services/chat-ingest/dist/main.js', ingestEnv(1)),
    start('ingest-2', 'services/chat-ingest/dist/main.js', ingestEnv(2)),
  ];
  const ingests = others.slice(GATEWAYS);
  const streams = await JetStreamDurableStreams.connect(nats.url, INSTALLATION);
  const bus = new FailFastNatsClient({ servers: [nats.url] });
  bus.prefix = INSTALLATION;
  const relay = await connect({ servers: [nats.url] });
  // Sign-in stands in: the benchmark answers the gateway's cookie lookups for its streamers (no
  // auth service runs), so each streamer's dashboard socket is a real /ws connection.
  const signedIn = new Map();
  const resolver = relay.subscribe(subjectIn(INSTALLATION, 'auth.session.resolve.v1'), {
    queue: 'auth',
  });
  void (async () => {
    for await (const message of resolver) {
      const packet = message.json();
      const user = signedIn.get(packet.data?.sessionId) ?? null;
      message.respond(JSON.stringify({ id: packet.id, response: { user }, isDisposed: true }));
    }
  })();
  // Every line as chat-ingest publishes it: its message id and when the emulator sent it.
  const sentAtOf = new Map();
  /** Each channel's latest line: counted last, unless a delivery was retried. */
  const lastLineOf = new Map();
  let tappedLines = 0;
  const lineTap = relay.subscribe(subjectIn(INSTALLATION, 'chat.line.v1.>'));
  void (async () => {
    for await (const message of lineTap) {
      const data = message.json();
      const subject = subjectOutside(INSTALLATION, message.subject);
      for (const line of chatLineRecords(data, subject) ?? [data]) {
        tappedLines++;
        if (!sentAtOf.has(line.id)) sentAtOf.set(line.id, line.sentAt);
        lastLineOf.set(line.channel.toLowerCase(), line.id);
      }
    }
  })();
  const natsPid = childPid('nats-server');
  const cpuNow = () => ({
    sessions: cpuSeconds(sessions.child.pid),
    [GATEWAYS === 1 ? 'gateway' : `gateway ×${GATEWAYS}`]: gateways.reduce(
      (sum, gateway) => sum + cpuSeconds(gateway.child.pid),
      0,
    ),
    'chat-ingest ×2': cpuSeconds(ingests[0].child.pid) + cpuSeconds(ingests[1].child.pid),
    'nats-server': natsPid === undefined ? undefined : cpuSeconds(natsPid),
    postgresql: postgresCpuSeconds(),
    'benchmark (emulator)': (() => {
      const usage = process.cpuUsage();
      return (usage.user + usage.system) / 1e6;
    })(),
  });
  const sockets = [];
  const results = {};
  try {
    await Promise.all([sessions, ...others].map((p) => p.booted()));
    log('cluster booted');

    // Streamers with active sessions: UserChanged as auth publishes it, then sessions over NATS.
    const logins = [];
    const sessionIds = [];
    for (let i = 0; i < CHANNELS; i++) {
      const login = `bench_${run}_${i}`;
      const twitchUser = emulator.state.users.create({ login });
      const { user, session } = await addStreamer(
        { streams, bus, db },
        {
          username: login,
          displayName: twitchUser.displayName,
          profileImage: twitchUser.profileImageUrl,
          twitchId: twitchUser.id,
        },
      );
      signedIn.set(randomBytes(32).toString('base64url'), user);
      logins.push(login);
      sessionIds.push(session.id);
    }
    await waitFor(
      () => {
        const joined = new Set(emulator.state.irc.joinedChannels());
        return logins.every((login) => joined.has(login));
      },
      { timeoutMs: 120_000, intervalMs: 200, what: 'every channel to be joined' },
    );
    log(`${CHANNELS} channels joined`);

    // Every streamer's dashboard: one live socket each, as the browser opens it.
    const samples = [];
    let measuring = false;
    for (const [index, cookie] of [...signedIn.keys()].entries()) {
      const url = gatewayUrls[index % GATEWAYS];
      const socket = new WebSocket(`${url.replace('http', 'ws')}/ws`, {
        headers: { cookie: `greetboard_session=${cookie}`, origin: url },
      });
      socket.on('message', (data) => {
        if (!measuring) return;
        const received = Date.now();
        const message = JSON.parse(String(data));
        if (message.type === 'new_chatter')
          samples.push(received - Date.parse(message.payload.firstSeenAt));
      });
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      sockets.push(socket);
    }
    log(`${sockets.length} live sockets open`);

    const sessionOf = new Map(logins.map((login, i) => [login, sessionIds[i]]));
    const lastLinesCounted = async () => {
      const last = [...lastLineOf].filter(([login]) => sessionOf.has(login));
      const { rows } = await db.query(
        `SELECT count(*)::int AS n FROM sessions.chat_lines_seen
          WHERE (session_id, message_id) IN (SELECT * FROM unnest($1::uuid[], $2::text[]))`,
        [last.map(([login]) => sessionOf.get(login)), last.map(([, id]) => id)],
      );
      return rows[0].n === last.length;
    };
    const counted = async () =>
      Number((await db.query(`SELECT count(*)::int AS n FROM sessions.chat_lines_seen`)).rows[0].n);
    let expected = 0;
    let seed = 1;

    // (1) Sustained throughput.
    results.throughput = [];
    for (const rate of RATES) {
      sentAtOf.clear();
      const phaseStart = Date.now();
      const cpuBefore = cpuNow();
      const traffic = emulator.startTraffic(logins, {
        rate,
        durationSec: PHASE_SEC,
        chatters: 200,
        seed: seed++ * 100_003,
      });
      const heapSampled =
        HEAP_SAMPLE_DIR && rate === RATES[0]
          ? sampleHeaps(processes, path.resolve(HEAP_SAMPLE_DIR), `${run}-${rate}`)
          : undefined;
      const report = await traffic.finished();
      const heapSample = await heapSampled;
      const generatorEnd = Date.parse(report.endedAt);
      const seconds = (generatorEnd - Date.parse(report.startedAt)) / 1000;
      expected += report.sent - report.undelivered;
      let caughtUp;
      let now = 0;
      // Polled every 50 ms: whether each channel's latest line is counted (an index lookup
      // each), and only then the whole count. Counting the whole table on every poll grew to
      // 24–42 ms of PostgreSQL's CPU a poll, half a CPU taken from the pipeline it measures.
      while (Date.now() - generatorEnd < DRAIN_MS) {
        if (await lastLinesCounted()) {
          now = await counted();
          if (now >= expected) {
            caughtUp = Date.now();
            break;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      if (!caughtUp) now = await counted();
      const cpuAfter = cpuNow();
      const seen = await db.query(
        `SELECT message_id, (extract(epoch FROM seen_at) * 1000)::float8 AS seen_ms
           FROM sessions.chat_lines_seen WHERE seen_at >= to_timestamp($1::float8 / 1000)`,
        [phaseStart - 1_000],
      );
      const lags = [];
      for (const { message_id: id, seen_ms: seenMs } of seen.rows) {
        const sentAt = sentAtOf.get(id);
        if (sentAt !== undefined) lags.push(Math.max(0, seenMs - sentAt));
      }
      lags.sort((a, b) => a - b);
      const row = {
        rate,
        sent: report.sent,
        achievedRate: Math.round(report.sent / seconds),
        undelivered: report.undelivered,
        counted: (caughtUp ? expected : now) - (expected - (report.sent - report.undelivered)),
        lagMs: caughtUp ? caughtUp - generatorEnd : undefined,
        ok: caughtUp !== undefined && report.undelivered === 0,
        lag: {
          lines: lags.length,
          p50: Math.round(quantile(lags, 0.5)),
          p99: Math.round(quantile(lags, 0.99)),
          max: Math.round(lags.at(-1)),
        },
        cpu: Object.fromEntries(
          Object.keys(cpuAfter).map((name) => [
            name,
            cpuAfter[name] === undefined || cpuBefore[name] === undefined
              ? undefined
              : Math.round((cpuAfter[name] - cpuBefore[name]) * 100) / 100,
          ]),
        ),
      };
      row.keptUp = row.ok && row.lagMs <= KEPT_UP_MS;
      if (heapSample) {
        // A line a process handled in the window: the lines counted in it (when the pipeline
        // lags, fewer than the generator sent then).
        const { rows } = await db.query(
          `SELECT count(*)::int AS n FROM sessions.chat_lines_seen
            WHERE seen_at BETWEEN to_timestamp($1::float8 / 1000) AND to_timestamp($2::float8 / 1000)`,
          [heapSample.from, heapSample.to],
        );
        row.heapSampleLines = rows[0].n;
        row.allocatedKbPerLine = Object.fromEntries(
          Object.entries(heapSample.bytes).map(([name, bytes]) => [
            name,
            Math.round(bytes / Math.max(1, rows[0].n) / 100) / 10,
          ]),
        );
      }
      results.throughput.push(row);
      log('throughput', JSON.stringify(row));
      if (!caughtUp) {
        // Let the backlog clear before the next measurement.
        await waitFor(async () => (await counted()) >= expected, {
          timeoutMs: 180_000,
          intervalMs: 500,
          what: 'the backlog to clear',
        });
        break;
      }
    }

    // (2) Latency at 1,000 lines/s: tmi-sent-ts (the chatter's firstSeenAt) → new_chatter on the
    // streamer's live socket.
    /**
     * LATENCY_RATE lines/s of mostly new chatters on `channels` for LATENCY_SEC: every
     * `new_chatter` the sockets receive, from the line's Twitch time.
     */
    const latencyPhase = async (channels, what) => {
      samples.length = 0;
      measuring = true;
      const report = await emulator
        .startTraffic(channels, {
          rate: LATENCY_RATE,
          durationSec: LATENCY_SEC,
          chatters: 20_000,
          seed: seed++ * 100_003,
        })
        .finished();
      expected += report.sent - report.undelivered;
      const allCounted = await waitFor(async () => (await counted()) >= expected, {
        timeoutMs: 60_000,
        what: `${what} lines to be counted`,
      }).then(
        () => true,
        () => false,
      );
      // The socket hop follows the count by a few milliseconds.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      measuring = false;
      const sorted = samples.sort((a, b) => a - b);
      return {
        allCounted,
        achievedRate: Math.round(
          report.sent / ((Date.parse(report.endedAt) - Date.parse(report.startedAt)) / 1000),
        ),
        samples: sorted.length,
        p50: quantile(sorted, 0.5),
        p95: quantile(sorted, 0.95),
        p99: quantile(sorted, 0.99),
        max: sorted.at(-1),
      };
    };
    results.latency = await latencyPhase(logins, 'latency');
    log('latency', JSON.stringify(results.latency));

    if (BIG_SESSION > 0) {
      // (2b) One channel whose session already holds BIG_SESSION chatters (a third greeted).
      const sessionId = sessionIds[0];
      await db.query(
        `INSERT INTO sessions.chatters (session_id, twitch_id, username, display_name,
           profile_image, first_message, message_count, first_seen_at, last_seen_at, is_greeted,
           greeted_at, greeted_by)
         SELECT $1, 'seed-' || i, 'seeded_' || i, 'Seeded_' || i,
                'https://static-cdn.jtvnw.net/jtv_user_pictures/' || md5(i::text) || '-profile_image-300x300.png',
                'hello everyone, how is the stream going today? ' || i, 1 + i % 17,
                now() - interval '1 hour', now() - interval '1 hour', i % 3 = 0,
                CASE WHEN i % 3 = 0 THEN now() END,
                CASE WHEN i % 3 = 0 THEN (SELECT user_id FROM sessions.sessions WHERE id = $1) END
           FROM generate_series(1, ${BIG_SESSION}) AS i`,
        [sessionId],
      );
      await db.query(
        `UPDATE sessions.sessions SET list_version =
           (SELECT max(version) FROM sessions.chatters WHERE session_id = $1) WHERE id = $1`,
        [sessionId],
      );
      await db.query('VACUUM ANALYZE sessions.chatters');
      log(`session of ${logins[0]} seeded with ${BIG_SESSION} chatters`);
      results.bigSession = {
        chatters: BIG_SESSION,
        ...(await latencyPhase([logins[0]], 'big-session')),
      };
      log('big session', JSON.stringify(results.bigSession));
    }

    if (!DRAIN) return results;
    // (3) Backlog drain: batched consumer (the sessions service) against per-line ORM saves.
    const drain = async (label, startConsumer) => {
      const report = await emulator
        .startTraffic(logins, {
          rate: 5_000,
          durationSec: BACKLOG_LINES / 5_000,
          chatters: 200,
          seed: seed++ * 100_003,
        })
        .finished();
      expected += report.sent - report.undelivered;
      // Every line is in JetStream before the consumer starts (a message may hold many).
      await waitFor(() => tappedLines >= expected, {
        timeoutMs: 30_000,
        what: 'lines in the stream',
      });
      const before = await counted();
      const consumer = await startConsumer();
      await waitFor(async () => (await counted()) > before, { timeoutMs: 60_000, what: label });
      const started = Date.now();
      await waitFor(async () => (await counted()) >= expected, {
        timeoutMs: 600_000,
        intervalMs: 100,
        what: `${label} to drain`,
      });
      const seconds = (Date.now() - started) / 1000;
      await consumer.stop();
      const lines = expected - before;
      return { lines, seconds, rate: Math.round(lines / seconds) };
    };
    await sessions.stop();
    results.orm = await drain('per-line ORM consumer', () =>
      startOrmConsumer(nats.url, databaseUrl),
    );
    log('orm', JSON.stringify(results.orm));
    results.batched = await drain('batched consumer', async () => {
      sessions = start('sessions', 'services/sessions/dist/main.js', common);
      return sessions;
    });
    log('batched', JSON.stringify(results.batched));
    results.ratio = results.batched.rate / results.orm.rate;
    return results;
  } finally {
    for (const socket of sockets) socket.terminate();
    resolver.unsubscribe();
    lineTap.unsubscribe();
    subscriptionSafeClose(relay);
    await Promise.all(processes.map((p) => p.stop()));
    await bus.close();
    await streams.close();
    await db.end();
    await emulator.close();
    await nats.dispose();
    await database.drop();
  }
}

function subscriptionSafeClose(connection) {
  connection.close().catch(() => undefined);
}

/** "median (min–max)" of a figure over the runs. */
function figure(stat, digits = 0) {
  if (stat.median === undefined) return '—';
  const show = (value) => value.toFixed(digits);
  const [low, high] = stat.spread;
  return low === high ? show(stat.median) : `${show(stat.median)} (${show(low)}–${show(high)})`;
}

async function writeSection(machine, summary) {
  const file = path.join(ROOT, 'docs/benchmarks.md');
  const docs = await readFile(file, 'utf8');
  const best = summary.throughput.filter((row) => row.keptUp * 2 > row.measured).at(-1);
  const processes = Object.keys(summary.throughput[0]?.cpu ?? {});
  const rows = summary.throughput
    .map(
      (row) =>
        `| ${row.rate} | ${figure(row.achievedRate)} | ${row.allCounted}/${row.measured} | ${row.keptUp}/${row.measured} | ${figure(row.lastCountedMs)} | ${figure(row.lagP50)} | ${figure(row.lagP99)} | ${figure(row.lagMax)} |`,
    )
    .join('\n');
  const cpuRows = summary.throughput
    .map(
      (row) => `| ${row.rate} | ${processes.map((name) => figure(row.cpu[name], 1)).join(' | ')} |`,
    )
    .join('\n');
  const { latency } = summary;
  const section = `## Chat pipeline

The whole chat pipeline in cluster mode, every service its own process: the Twitch emulator's
seeded traffic generator (in the benchmark process) → two chat-ingest processes (tmi.js over
WebSocket, leases in Redis) → JetStream (a NATS server of the benchmark's own) → one sessions
process (batched set-based upsert into PostgreSQL) → the gateway → one live socket per
streamer. ${CHANNELS} channels, each with an active session. Sign-in is stood in for by the
benchmark answering the gateway's cookie lookups (no auth service runs). Command:
\`node bench/pipeline/pipeline.mjs\` after \`npx nx run-many -t build\` (\`--write-docs\` replaces
this section with a fresh run's figures). It measures everything ${summary.runs} times, each on a
fresh cluster, and shows the median with the spread (lowest–highest) in brackets.
\`node bench/pipeline/consumer.mjs\` measures the sessions consumer alone on a backlog
(\`--profile\` writes a CPU profile).

Machine: ${machine}. Measured ${new Date().toISOString().slice(0, 10)}.

Throughput: each rate runs ${PHASE_SEC} s of 200-chatter-per-channel traffic. "All counted":
every delivered line is in \`sessions.chat_lines_seen\` and \`sessions.chatters\` within
${DRAIN_MS / 1000} s of the generator stopping; "kept up": the last one within ${KEPT_UP_MS / 1000} s, so no backlog
built up (both as runs out of runs). Lag: for every line, from the emulator sending it
(\`tmi-sent-ts\`) to the start of the sessions statement that counted it
(\`chat_lines_seen.seen_at\`). **Highest rate kept up with in most runs: ${best ? best.rate.toLocaleString('en-US') : 'none'} lines/s** (target ≥ 10,000).

| Offered lines/s | Achieved lines/s | All counted | Kept up | Last line counted after (ms) | Lag p50 (ms) | Lag p99 (ms) | Lag max (ms) |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${rows}

CPU seconds each process used per rate (from the start of the traffic until its last line was
counted, or the ${DRAIN_MS / 1000} s drain limit; \`/proc/<pid>/stat\` utime + stime). PostgreSQL is the
machine's own server: the sum of its processes, the benchmark's few queries included.

| Offered lines/s | ${processes.join(' | ')} |
| ---: | ${processes.map(() => '---:').join(' | ')} |
${cpuRows}

Latency at ${LATENCY_RATE.toLocaleString('en-US')} lines/s (${LATENCY_SEC} s, 20,000-chatter pools, so most lines are a chatter's
first), from the emulator sending the line (its \`tmi-sent-ts\`, the chatter's \`firstSeenAt\`)
to \`new_chatter\` arriving on the streamer's /ws socket: ${figure(latency.samples)} samples, p50 ${figure(latency.p50)} ms,
**p99 ${figure(latency.p99)} ms**, max ${figure(latency.max)} ms (target p99 < 100 ms).

Baseline: a backlog of ${BACKLOG_LINES.toLocaleString('en-US')} lines in JetStream drained by the consumer alone. Batched
set-based upsert (the sessions service): ${figure(summary.batched)} lines/s. Per-line
TypeORM consumer (one transaction per line recording the message id, \`findOneBy\` the chatter,
\`save\`): ${figure(summary.orm)} lines/s. **Ratio ${figure(summary.ratio, 1)}×.**
`;
  const marker = '## Chat pipeline';
  const at = docs.indexOf(marker);
  const next = at === -1 ? -1 : docs.indexOf('\n## ', at + marker.length);
  const updated =
    at === -1
      ? `${docs.trimEnd()}\n\n${section}`
      : `${docs.slice(0, at)}${section}${next === -1 ? '' : docs.slice(next)}`;
  await writeFile(file, updated);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
