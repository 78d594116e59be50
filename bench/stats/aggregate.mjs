// Statistics for a user with 100 sessions and 200,000 chatters, answered by the stats
// service process over NATS on PostgreSQL (the SQL aggregates, the request and its answer),
// and how fast its read model applies sessions domain events from a JetStream backlog.
// Run after building: `npx nx run-many -t build && node bench/stats/aggregate.mjs`.
// Needs PostgreSQL on 127.0.0.1:5432 (or BENCH_DATABASE_URL) and /usr/sbin/nats-server.
import { randomUUID } from 'node:crypto';
import { cpus, platform, release, totalmem } from 'node:os';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import {
  createTestDatabase,
  startPrivateNatsServer,
  waitFor,
} from '../../libs/testing/dist/index.js';
import {
  DOMAIN_EVENTS,
  sendRequest,
  STATISTICS_REQUESTS,
} from '../../libs/contracts/dist/index.js';
import { createBusClient, nameIn, subjectIn } from '../../libs/transport/dist/index.js';
import { INSTALLATION, startProcess } from '../lib/processes.mjs';

const SESSIONS = 100;
const CHATTERS = 200_000;
const ROUNDS = 200;
const STREAM = nameIn(INSTALLATION, 'DOMAIN_EVENTS_V1');
const CONSUMER = nameIn(INSTALLATION, 'stats-session-events-v1');
const BACKLOG = 50_000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const quantiles = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { median: at(0.5), p99: at(0.99), min: sorted[0], max: sorted.at(-1) };
};

async function main() {
  const database = await createTestDatabase('greetboard_bench_stats', adminUrl);
  const nats = await startPrivateNatsServer();
  const statsEnv = { NODE_ENV: 'production', NATS_URL: nats.url, DATABASE_URL: database.url };
  let stats = startProcess('stats', 'services/stats/dist/main.js', statsEnv);
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  const nc = await connect({ servers: [nats.url] });
  const bus = createBusClient({
    kind: 'nats',
    url: nats.url,
    requestTimeoutMs: 10_000,
    prefix: INSTALLATION,
  });
  try {
    await stats.booted();
    const owner = randomUUID();
    console.log(`Seeding ${SESSIONS} sessions and ${CHATTERS} chatters…`);
    // 100 sessions of 3 hours over the last 100 days; chatters spread over their session,
    // 60% greeted within 10 minutes.
    await db.query(
      `INSERT INTO stats.sessions
         (id, owner_id, name, is_active, created_at, started_at, ended_at, version)
       SELECT gen_random_uuid(), $1, 'Session ' || i, i = $2,
              now() - (i || ' days')::interval, now() - (i || ' days')::interval,
              CASE WHEN i = $2 THEN NULL ELSE now() - (i || ' days')::interval + interval '3 hours' END, 1
         FROM generate_series(1, $2) AS i`,
      [owner, SESSIONS],
    );
    await db.query(
      `WITH s AS (SELECT id, started_at, row_number() OVER (ORDER BY id) - 1 AS n FROM stats.sessions)
       INSERT INTO stats.chatters
         (id, session_id, owner_id, first_seen_at, message_count, is_greeted, greeted_at, version)
       SELECT gen_random_uuid(), s.id, $1, seen, 1 + (random() * 5)::int, greeted,
              CASE WHEN greeted THEN seen + random() * interval '10 minutes' END, 1
         FROM generate_series(0, $2 - 1) AS i
         JOIN s ON s.n = i % $3
         CROSS JOIN LATERAL (SELECT s.started_at + random() * interval '3 hours' AS seen,
                                    random() < 0.6 AS greeted) r`,
      [owner, CHATTERS, SESSIONS],
    );
    await db.query('ANALYZE stats.sessions; ANALYZE stats.chatters');

    const actor = { id: owner, username: 'bench', isApproved: true, isAdmin: false };
    const ask = async () => {
      const started = performance.now();
      const figures = await sendRequest(bus, STATISTICS_REQUESTS.aggregate, {
        actor,
        timeZone: 'Europe/Berlin',
      });
      const elapsed = performance.now() - started;
      if (figures.totalChatters !== CHATTERS)
        throw new Error(`totalChatters ${figures.totalChatters}`);
      return elapsed;
    };
    for (let i = 0; i < 20; i++) await ask();
    const samples = [];
    for (let i = 0; i < ROUNDS; i++) samples.push(await ask());
    const latency = quantiles(samples);

    // Read model throughput: a backlog of chatter events for another owner, published while
    // the stats service is stopped, then drained by a fresh process from its durable consumer.
    await stats.stop();
    const js = jetstream(nc);
    const other = randomUUID();
    const session = randomUUID();
    const publishes = [];
    for (let i = 0; i < BACKLOG; i++) {
      const at = new Date(Date.now() - i * 1000).toISOString();
      const event = {
        id: randomUUID(),
        sessionId: session,
        ownerId: other,
        twitchId: String(i),
        firstSeenAt: at,
        lastSeenAt: at,
        messageCount: 1,
        isGreeted: false,
        greetedAt: null,
        version: i + 1,
      };
      publishes.push(
        js.publish(
          subjectIn(INSTALLATION, DOMAIN_EVENTS.chatterCreated.subject),
          JSON.stringify(event),
          {
            msgID: `bench-${i}`,
          },
        ),
      );
      if (publishes.length >= 1000) await Promise.all(publishes.splice(0));
    }
    await Promise.all(publishes);
    const jsm = await jetstreamManager(nc);
    stats = startProcess('stats', 'services/stats/dist/main.js', statsEnv);
    await stats.booted();
    // The consumer may have begun before the boot line: time only what was still waiting.
    const before = await jsm.consumers.info(STREAM, CONSUMER);
    const waiting = before.num_pending + before.num_ack_pending;
    const drainStarted = performance.now();
    await waitFor(
      async () => {
        const info = await jsm.consumers.info(STREAM, CONSUMER);
        return info.num_pending === 0 && info.num_ack_pending === 0;
      },
      { timeoutMs: 300_000, intervalMs: 50, what: 'the backlog to drain' },
    );
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const applied = (
      await db.query('SELECT count(*)::int AS n FROM stats.chatters WHERE owner_id = $1', [other])
    ).rows[0].n;

    const machine = `${cpus()[0]?.model.trim()}, ${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${platform()} ${release()}, Node ${process.version}`;
    console.log(`Machine: ${machine}`);
    console.log(
      `GET aggregate (${SESSIONS} sessions, ${CHATTERS} chatters), ${ROUNDS} requests: median ${latency.median.toFixed(2)} ms, p99 ${latency.p99.toFixed(2)} ms, min ${latency.min.toFixed(2)} ms, max ${latency.max.toFixed(2)} ms`,
    );
    if (applied !== BACKLOG) throw new Error(`${applied} of ${BACKLOG} chatter events applied`);
    console.log(
      `Read model: ${BACKLOG} chatter events backlogged, ${waiting} still waiting at boot, drained in ${drainSeconds.toFixed(2)} s (${Math.round(waiting / drainSeconds)} events/s)`,
    );
  } finally {
    await nc.close();
    await bus.close();
    await stats.stop();
    await db.end();
    await database.drop();
    await nats.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
