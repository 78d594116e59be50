// One account floods the live channel with `join_session` for random session ids, as an
// attacker would, while another user's dashboard keeps asking for its sessions: how long do
// the other user's requests take? The standalone runtime (`npm start`: every service in one
// process, the built-in Twitch emulator). The flooder holds 50 sockets (LIVE_SOCKETS_PER_USER)
// and, at the start of every 10 s window, sends 30 joins on each (the per-socket limit),
// reopening sockets the gateway closed. The other user sends GET /api/sessions one after
// another. Three runs (`--runs N`), each on a fresh runtime; the report gives the median of
// the runs' figures and their spread.
// `--profile DIR` writes a V8 CPU profile of the runtime per run there (summarise it with
// `node bench/standalone/profile-summary.mjs DIR/<file>.cpuprofile`).
// Run after building: `npx nx run-many -t build && node bench/standalone/join-flood.mjs`
import { randomUUID } from 'node:crypto';
import { cpus, platform, release, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { DemoRuntime } from '../../libs/testing/dist/index.js';

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    windows: { type: 'string', default: '3' },
    sockets: { type: 'string', default: '50' },
    profile: { type: 'string' },
  },
});
const RUNS = Number(options.runs);
const WINDOWS = Number(options.windows);
const SOCKETS = Number(options.sockets);
const JOINS_PER_SOCKET = 30;
const WINDOW_MS = 10_000;
const IDLE_MS = 5_000;
const STREAMER = 'demo_streamer';
const FLOODER = 'flood_viewer';

const quantile = (sorted, q) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const median = (values) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
const spread = (values) => `${Math.min(...values)}–${Math.max(...values)}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signs `login` in through the emulator's OAuth flow; answers the cookie header. */
async function signIn(runtime, login) {
  await runtime.control('POST', '/control/oauth/auto-approve', { login });
  const cookies = new Map();
  let url = `${runtime.base}/auth/twitch`;
  for (let hop = 0; hop < 6; hop++) {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: { Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location) break;
    const next = new URL(location, url);
    if (next.hostname === 'localhost') next.hostname = '127.0.0.1';
    url = next.toString();
  }
  if (!cookies.has('greetboard_session')) throw new Error(`sign-in of ${login} set no cookie`);
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** A live socket of the cookie's user; resolves once open, or null when refused. */
function openSocket(runtime, cookie) {
  return new Promise((resolve) => {
    const socket = new WebSocket(`${runtime.base.replace('http', 'ws')}/ws`, {
      headers: { Cookie: cookie, Origin: runtime.origin },
    });
    socket.on('error', () => resolve(null));
    socket.once('unexpected-response', (_request, response) => {
      response.resume();
      resolve(null);
    });
    socket.once('open', () => resolve(socket));
  });
}

/** The other user's requests, one after another, until `stop()`; answers their durations. */
function pollSessions(runtime, cookie) {
  const durations = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${runtime.base}/api/sessions`, { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`GET /api/sessions: ${response.status}`);
      durations.push(performance.now() - started);
      await sleep(20);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return durations;
    },
  };
}

const summary = (durations) => {
  const sorted = [...durations].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    medianMs: Math.round(quantile(sorted, 0.5)),
    p99Ms: Math.round(quantile(sorted, 0.99)),
    maxMs: Math.round(sorted.at(-1)),
  };
};

async function run(index) {
  const env = { RATE_LIMIT_API_PER_MINUTE: '10000000' };
  if (options.profile) {
    env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${path.resolve(options.profile)} --cpu-prof-name=join-flood-run${index}.cpuprofile`;
  }
  const runtime = await DemoRuntime.start({ name: 'join-flood-bench', env });
  try {
    const streamer = await signIn(runtime, STREAMER);
    await runtime.control('POST', '/control/users', { login: FLOODER });
    const flooder = await signIn(runtime, FLOODER);
    const created = await fetch(`${runtime.base}/api/sessions`, {
      method: 'POST',
      headers: { Cookie: streamer, Origin: runtime.origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Flood bench' }),
    });
    if (!created.ok) throw new Error(`POST /api/sessions: ${created.status}`);
    const me = await (
      await fetch(`${runtime.base}/auth/me`, { headers: { Cookie: flooder } })
    ).json();

    const idle = pollSessions(runtime, streamer);
    await sleep(IDLE_MS);
    const idleFigures = summary(await idle.stop());

    const sockets = [];
    let closedByServer = 0;
    let refusedOpens = 0;
    const flood = pollSessions(runtime, streamer);
    for (let window = 0; window < WINDOWS; window++) {
      const started = performance.now();
      for (let index = 0; index < SOCKETS; index++) {
        if (sockets[index]?.readyState === WebSocket.OPEN) continue;
        const socket = await openSocket(runtime, flooder);
        if (!socket) {
          refusedOpens++;
          continue;
        }
        socket.on('close', (code) => {
          if (code !== 1000 && code !== 1005) closedByServer++;
        });
        sockets[index] = socket;
      }
      for (const socket of sockets) {
        if (socket?.readyState !== WebSocket.OPEN) continue;
        for (let join = 0; join < JOINS_PER_SOCKET; join++) {
          socket.send(
            JSON.stringify({ type: 'join_session', payload: { sessionId: randomUUID() } }),
          );
        }
      }
      await sleep(Math.max(0, WINDOW_MS - (performance.now() - started)));
    }
    const floodFigures = summary(await flood.stop());
    for (const socket of sockets) socket?.terminate();
    return {
      flooderApproved: me.isApproved,
      idle: idleFigures,
      flood: floodFigures,
      closedByServer,
      refusedOpens,
    };
  } finally {
    await runtime.stop();
  }
}

const results = [];
for (let index = 1; index <= RUNS; index++) {
  const result = await run(index);
  console.log(`run ${index}: ${JSON.stringify(result)}`);
  results.push(result);
}
const figure = (pick) => {
  const values = results.map(pick);
  return `${median(values)} ms (${spread(values)})`;
};
console.log(
  [
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, ${platform()} ${release()}, Node ${process.versions.node}`,
    `Flood: ${SOCKETS} sockets × ${JOINS_PER_SOCKET} join_session every 10 s, ${WINDOWS} windows, ${RUNS} runs`,
    `| Other user's GET /api/sessions | idle | during the flood |`,
    '| --- | --- | --- |',
    `| median | ${figure((r) => r.idle.medianMs)} | ${figure((r) => r.flood.medianMs)} |`,
    `| p99 | ${figure((r) => r.idle.p99Ms)} | ${figure((r) => r.flood.p99Ms)} |`,
    `| max | ${figure((r) => r.idle.maxMs)} | ${figure((r) => r.flood.maxMs)} |`,
  ].join('\n'),
);
