// The sessions service's chat-line consumer alone: a backlog of chat lines is published straight
// into JetStream (as chat-ingest publishes them), then one sessions process drains it into
// PostgreSQL. Reports lines/s and, with --profile, writes a CPU profile of the sessions process
// under bench/results/. Its CPU per line includes publishing the domain events the lines
// produced (read once the sessions outbox is empty). Useful to see the consumer's ceiling apart
// from IRC and chat-ingest.
// Run after building: `npx nx run-many -t build && node bench/pipeline/consumer.mjs [--lines N]`
// (`--batch N`: N lines a stream message, as chat-ingest publishes them (ADR 0057); 1, the
// default, publishes each line alone on its channel's subject, as older replicas did).
// Needs PostgreSQL on 127.0.0.1:5432 (or BENCH_DATABASE_URL) and /usr/sbin/nats-server.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import {
  CHAT_LINES_BATCH_SUBJECT,
  STREAMS,
  chatLineSubject,
} from '../../libs/contracts/dist/index.js';
import {
  createTestDatabase,
  startPrivateNatsServer,
  waitFor,
} from '../../libs/testing/dist/index.js';
import { FailFastNatsClient, JetStreamDurableStreams } from '../../libs/transport/dist/index.js';
import { ROOT, cpuSeconds, startProcess, INSTALLATION } from '../lib/processes.mjs';
import { addStreamer } from '../lib/streamers.mjs';

const CHANNELS = 50;
const CHATTERS_PER_CHANNEL = 200;
const option = (flag, fallback) => {
  const index = process.argv.indexOf(flag);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const LINES = option('--lines', 20_000);
const BATCH = option('--batch', 1);
const PROFILE = process.argv.includes('--profile');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (...parts) => console.log(new Date().toISOString().slice(11, 23), ...parts);

async function main() {
  const database = await createTestDatabase('greetboard_bench_consumer', adminUrl);
  const databaseUrl = database.url;
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const nats = await startPrivateNatsServer();
  const env = {
    NODE_ENV: 'production',
    NATS_URL: nats.url,
    DATABASE_URL: databaseUrl,
  };
  const streams = await JetStreamDurableStreams.connect(nats.url, INSTALLATION);
  const bus = new FailFastNatsClient({ servers: [nats.url] });
  bus.prefix = INSTALLATION;
  const startSessions = (nodeArgs) =>
    startProcess('sessions', 'services/sessions/dist/main.js', env, nodeArgs);
  let sessions = startSessions([]);
  try {
    await sessions.booted();
    const run = randomBytes(3).toString('hex');
    const channels = [];
    for (let i = 0; i < CHANNELS; i++) {
      const login = `bench_${run}_${i}`;
      const { user } = await addStreamer(
        { streams, bus, db },
        {
          username: login,
          displayName: login,
          profileImage:
            'https://static-cdn.jtvnw.net/jtv_user_pictures/x-profile_image-300x300.png',
          twitchId: String(9_000_000 + i),
        },
      );
      channels.push({ login, channelId: user.twitchId });
    }
    await sessions.stop();

    log(`publishing ${LINES} lines`);
    const now = Date.now();
    const pending = [];
    let batch = [];
    for (let i = 0; i < LINES; i++) {
      const channel = channels[i % CHANNELS];
      const chatter = Math.floor(i / CHANNELS) % CHATTERS_PER_CHANNEL;
      const line = {
        id: randomUUID(),
        channel: channel.login,
        channelId: channel.channelId,
        userId: String(100_000 + chatter),
        login: `chatter_${chatter}`,
        displayName: `Chatter_${chatter}`,
        text: 'hello there, how is the stream going today? PogChamp',
        sentAt: now + i,
        firstMessage: i < CHANNELS * CHATTERS_PER_CHANNEL,
        returningChatter: false,
        color: '#1E90FF',
        badges: { subscriber: '12' },
      };
      if (BATCH === 1) {
        pending.push(streams.publish(chatLineSubject(channel.login), line, { msgId: line.id }));
      } else {
        batch.push(line);
        if (batch.length === BATCH || i === LINES - 1) {
          const lines = batch;
          batch = [];
          pending.push(
            streams.publish(CHAT_LINES_BATCH_SUBJECT, { lines }, { msgId: randomUUID() }),
          );
        }
      }
      if (pending.length >= 1_000) await Promise.all(pending.splice(0));
    }
    await Promise.all(pending);
    log(`stream holds the backlog (${STREAMS.chatLines.name})`);

    const counted = async () =>
      Number((await db.query(`SELECT count(*)::int AS n FROM sessions.chat_lines_seen`)).rows[0].n);
    const profileDir = path.join(ROOT, 'bench/results');
    if (PROFILE) await mkdir(profileDir, { recursive: true });
    sessions = startSessions(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
    await sessions.booted();
    await waitFor(async () => (await counted()) > 0, {
      timeoutMs: 60_000,
      what: 'the first batch',
    });
    const started = Date.now();
    const cpuBefore = cpuSeconds(sessions.child.pid);
    const before = await counted();
    await waitFor(async () => (await counted()) >= LINES, {
      timeoutMs: 600_000,
      intervalMs: 50,
      what: 'the backlog to drain',
    });
    const seconds = (Date.now() - started) / 1000;
    // The domain events the lines produced leave through the outbox after the commit: their
    // publication is part of a line's cost, so the CPU is read once the outbox is empty.
    await waitFor(
      async () =>
        Number((await db.query(`SELECT count(*)::int AS n FROM sessions.outbox`)).rows[0].n) === 0,
      { timeoutMs: 60_000, intervalMs: 50, what: 'the outbox to empty' },
    );
    const cpu = cpuSeconds(sessions.child.pid) - cpuBefore;
    log(
      JSON.stringify({
        batch: BATCH,
        lines: LINES - before,
        seconds,
        rate: Math.round((LINES - before) / seconds),
        cpuSeconds: cpu,
        cpuPerLineUs: Math.round((cpu / (LINES - before)) * 1e6),
      }),
    );
  } finally {
    await sessions.stop();
    await bus.close();
    await streams.close();
    await db.end();
    await nats.dispose();
    await database.drop();
  }
}

await main();
