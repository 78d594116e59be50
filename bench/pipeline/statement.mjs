// The chat-line statements alone: PostgreSQL's CPU for each counted line, without NATS, the
// sessions process or the machine's other work in the figure. The sessions service's own
// `ChattersRepository.recordChatLines` runs batches of chat lines of 50 channels (200 known
// chatters each, every line a new message) on one connection; the figure is the CPU that
// connection's PostgreSQL backend used (from /proc), so it reads the same whatever else the
// machine does. Compare two builds by running it on each, alternating.
// Run after building: `npx nx run-many -t build && node bench/pipeline/statement.mjs
// [--batch N] [--rounds N] [--runs N]`. Needs PostgreSQL on 127.0.0.1:5432 (or
// BENCH_DATABASE_URL) on this machine, and /usr/sbin/nats-server.
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase, startPrivateNatsServer } from '../../libs/testing/dist/index.js';
import { FailFastNatsClient, JetStreamDurableStreams } from '../../libs/transport/dist/index.js';
import { ChattersRepository } from '../../services/sessions/dist/index.js';
import { cpuSeconds, startProcess, INSTALLATION } from '../lib/processes.mjs';
import { addStreamer } from '../lib/streamers.mjs';

const CHANNELS = 50;
const CHATTERS_PER_CHANNEL = 200;
const option = (flag, fallback) => {
  const index = process.argv.indexOf(flag);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
/** Lines a batch: about what one sessions replica counts at once at 5,000 lines/s (ADR 0062). */
const BATCH = option('--batch', 50);
const ROUNDS = option('--rounds', 400);
const RUNS = option('--runs', 3);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (...parts) => console.log(new Date().toISOString().slice(11, 23), ...parts);

/** A DataSource as ChattersRepository uses it, on one client; the domain events are not sent. */
const onOneClient = (client) => ({
  createQueryRunner: () => ({ connect: async () => client, release: async () => undefined }),
  query: (text, values) => client.query(text, values).then((result) => result.rows),
});

async function main() {
  const database = await createTestDatabase('greetboard_bench_statement', adminUrl);
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  const nats = await startPrivateNatsServer();
  const streams = await JetStreamDurableStreams.connect(nats.url, INSTALLATION);
  const bus = new FailFastNatsClient({ servers: [nats.url] });
  bus.prefix = INSTALLATION;
  // The sessions service creates its tables and keeps the streamers' sessions.
  const sessions = startProcess('sessions', 'services/sessions/dist/main.js', {
    NODE_ENV: 'production',
    NATS_URL: nats.url,
    DATABASE_URL: database.url,
  });
  const client = new pg.Client({ connectionString: database.url });
  try {
    await sessions.booted();
    const run = randomBytes(3).toString('hex');
    const channels = [];
    for (let i = 0; i < CHANNELS; i++) {
      const login = `bench_${run}_${i}`;
      await addStreamer(
        { streams, bus, db },
        { username: login, displayName: login, profileImage: null, twitchId: String(9e6 + i) },
      );
      channels.push(login);
    }
    await sessions.stop();

    await client.connect();
    const backend = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const repository = new ChattersRepository(onOneClient(client), { publishSoon() {} });
    let sentAt = Date.now();
    let next = 0;
    const batch = () =>
      Array.from({ length: BATCH }, () => {
        const n = next++;
        const chatter = (n * 7) % CHATTERS_PER_CHANNEL;
        return {
          id: randomUUID(),
          channel: channels[n % CHANNELS],
          channelId: '1',
          userId: String(100_000 + chatter),
          login: `chatter_${chatter}`,
          displayName: `Chatter_${chatter}`,
          text: 'hello there, how is the stream going today? PogChamp',
          sentAt: sentAt++,
          firstMessage: false,
          returningChatter: false,
          color: '#1E90FF',
          badges: { subscriber: '12' },
        };
      });
    // Every chatter known, and the prepared statements' plans settled.
    for (let i = 0; i < (CHANNELS * CHATTERS_PER_CHANNEL) / BATCH + 20; i++) {
      await repository.recordChatLines(batch());
    }
    await client.query('CHECKPOINT');
    const results = [];
    for (let r = 0; r < RUNS; r++) {
      const cpuBefore = cpuSeconds(backend);
      const started = process.hrtime.bigint();
      for (let i = 0; i < ROUNDS; i++) await repository.recordChatLines(batch());
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const lines = ROUNDS * BATCH;
      results.push({
        batch: BATCH,
        lines,
        postgresCpuPerLineUs: Math.round(((cpuSeconds(backend) - cpuBefore) / lines) * 1e6),
        wallPerLineUs: Math.round((seconds / lines) * 1e6),
      });
      log(JSON.stringify(results.at(-1)));
    }
    const sorted = results.map((r) => r.postgresCpuPerLineUs).sort((a, b) => a - b);
    log(
      `PostgreSQL CPU a line, median of ${RUNS}: ${sorted[sorted.length >> 1]} µs ` +
        `(${sorted[0]}–${sorted.at(-1)})`,
    );
  } finally {
    await client.end().catch(() => undefined);
    await sessions.stop();
    await bus.close();
    await streams.close();
    await db.end();
    await nats.dispose();
    await database.drop();
  }
}

await main();
