// Chatter list and greet latency through the gateway for a session with 10,000 chatters, on
// PostgreSQL and NATS in cluster mode: the gateway and the sessions service run as their own
// processes and talk over NATS; this process is the HTTP client and stands in for sign-in.
// Run after building: `npx nx run-many -t build && node bench/sessions/chatters.mjs`
// (add --write-docs to record the figures in docs/benchmarks.md, "Sessions service").
// Needs PostgreSQL on 127.0.0.1:5432 (or BENCH_DATABASE_URL) and /usr/sbin/nats-server, which it starts.
import http from 'node:http';
import { cpus, platform, release, totalmem } from 'node:os';
import { readFile, writeFile } from 'node:fs/promises';
import pg from 'pg';
import {
  createTestDatabase,
  freePort,
  startPrivateNatsServer,
} from '../../libs/testing/dist/index.js';
import { startProcess } from '../lib/processes.mjs';
import { standInAuth } from '../lib/stand-in-auth.mjs';

const CHATTERS = 10_000;
const ROUNDS = 300;
const CHANGED_ROUNDS = 40;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const stats = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { median: at(0.5), p99: at(0.99), n: sorted.length };
};
const ms = (value) => value.toFixed(2);

async function main() {
  const database = await createTestDatabase('greetboard_bench_chatters', adminUrl);
  // A NATS server of the benchmark's own: nothing else on the machine answers its requests.
  const nats = await startPrivateNatsServer();
  const port = await freePort();
  const env = { NODE_ENV: 'production', NATS_URL: nats.url, DATABASE_URL: database.url };
  const service = startProcess('sessions', 'services/sessions/dist/main.js', env);
  const gatewayProcess = startProcess('gateway', 'services/gateway/dist/main.js', {
    ...env,
    PORT: String(port),
    RATE_LIMIT_API_PER_MINUTE: '1000000',
  });
  const gateway = { url: `http://127.0.0.1:${port}` };

  const auth = await standInAuth(nats.url);
  const { owner, headers } = auth;

  await Promise.all([service.booted(), gatewayProcess.booted()]);
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  await auth.addOwner(db);
  let created;
  for (let attempt = 0; attempt < 100 && !created; attempt++) {
    const response = await fetch(`${gateway.url}/api/sessions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Benchmark stream' }),
    });
    if (response.status === 201) created = await response.json();
    else {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const sessionId = created.id;
  // Realistic rows: Twitch-length names, a profile image URL, a short first message, a third greeted.
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
  // Seeded rows count as changes up to the session's list version, as written rows would.
  await db.query(
    `UPDATE sessions.sessions SET list_version =
       (SELECT max(version) FROM sessions.chatters WHERE session_id = $1) WHERE id = $1`,
    [sessionId],
  );
  await db.query('ANALYZE sessions.chatters');
  const ids = (
    await db.query(`SELECT id FROM sessions.chatters WHERE session_id = $1`, [sessionId])
  ).rows.map((r) => r.id);

  const listUrl = `${gateway.url}/api/sessions/${sessionId}/chatters`;
  // node:http, not fetch: the time is the server's answer on the wire, not the client's gunzip.
  const list = () =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const request = http.get(
        listUrl,
        { headers: { ...headers, 'accept-encoding': 'gzip' } },
        (response) => {
          let wireBytes = 0;
          response.on('data', (chunk) => (wireBytes += chunk.length));
          response.on('end', () =>
            response.statusCode === 200
              ? resolve({ ms: performance.now() - started, wireBytes })
              : reject(new Error(`list answered ${response.statusCode}`)),
          );
        },
      );
      request.on('error', reject);
    });
  const greet = async (id, isGreeted) => {
    const started = performance.now();
    const response = await fetch(`${gateway.url}/api/chatters/${id}/greet`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ isGreeted }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) {
      throw new Error(
        `greet answered ${response.status}: ${Buffer.from(await response.clone().arrayBuffer()).toString()}`,
      );
    }
    return performance.now() - started;
  };

  const rawResponse = await fetch(listUrl, {
    headers: { ...headers, 'accept-encoding': 'identity' },
  });
  const rawBytes = (await rawResponse.arrayBuffer()).byteLength;
  const rawCount = JSON.parse(
    Buffer.from(
      await (
        await fetch(listUrl, { headers: { ...headers, 'accept-encoding': 'identity' } })
      ).arrayBuffer(),
    ).toString(),
  ).length;
  for (let i = 0; i < 20; i++) {
    await list();
    await greet(ids[i], i % 2 === 0);
  }

  const unchanged = [];
  let wireBytes = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const r = await list();
    unchanged.push(r.ms);
    wireBytes = r.wireBytes;
  }
  const greets = [];
  for (let i = 0; i < ROUNDS; i++)
    greets.push(await greet(ids[(i * 37) % ids.length], i % 2 === 0));
  const changed = [];
  for (let i = 0; i < CHANGED_ROUNDS; i++) {
    await greet(ids[(i * 53) % ids.length], i % 2 === 1);
    changed.push((await list()).ms);
  }

  const results = {
    chatters: rawCount,
    rawBytes,
    wireBytes,
    unchanged: stats(unchanged),
    greet: stats(greets),
    changed: stats(changed),
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

async function writeDocs(r) {
  const file = new URL('../../docs/benchmarks.md', import.meta.url);
  const text = await readFile(file, 'utf8');
  const cpu = cpus();
  const section = `## Sessions service

Chatter list and greet through the gateway process (HTTP, cookie sign-in resolved over NATS) to
the sessions service process over NATS, on PostgreSQL, for one session with ${r.chatters.toLocaleString('en')} chatters (a third greeted,
Twitch-length names, profile image URLs, a 50-character first message). One client, requests
one after another. Command: \`node bench/sessions/chatters.mjs\` after \`npx nx run-many -t build\`
(add \`--write-docs\` to update this section). Sign-in is stood in for by a NATS responder that
resolves the benchmark's cookie (the gateway's real cookie resolution runs).

Machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} CPUs, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${platform()} ${release()}, Node ${process.version}. Measured ${new Date().toISOString().slice(0, 10)}.

| Route | Requests | Median ms | p99 ms | Target |
| --- | ---: | ---: | ---: | --- |
| GET /api/sessions/{id}/chatters, list unchanged since the last request | ${r.unchanged.n} | ${ms(r.unchanged.median)} | ${ms(r.unchanged.p99)} | < 10 median, < 50 p99 |
| PUT /api/chatters/{id}/greet | ${r.greet.n} | ${ms(r.greet.median)} | ${ms(r.greet.p99)} | < 10 median, < 50 p99 |
| GET /api/sessions/{id}/chatters right after a greet (one block recompressed) | ${r.changed.n} | ${ms(r.changed.median)} | ${ms(r.changed.p99)} | < 10 median, < 50 p99 |

Response size of the chatter list: ${(r.wireBytes / 1e6).toFixed(2)} MB gzipped on the wire (target < 2 MB), ${(r.rawBytes / 1e6).toFixed(2)} MB of JSON uncompressed.
`;
  const start = text.indexOf('## Sessions service');
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
