import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebSocket } from 'ws';
import type { ChatterDto, ServerMessage, SessionDto } from '@greetboard/contracts';
import { waitFor } from '@greetboard/testing';
import {
  DEFAULT_CLIENT,
  startTwitchEmulator,
  type TwitchEmulator,
} from '@greetboard/twitch-emulator';
import { Browser } from '../../../apps/standalone/test/sign-in-client.js';
import { CHART_DIR, findHelm } from './helm.js';

/**
 * The chart on a real one-node Kubernetes (scripts/k8s: built from the registries this machine
 * reaches, ADR 0047): `helm install --wait` with the default values, sign-in and live chat
 * through the gateway Service, `helm upgrade` while chat flows, a chat-ingest pod deleted,
 * `helm test`. Only what the environment forces is set: the image (built locally, never pulled)
 * and the Twitch URLs (the emulator on the host), and the first admin (adminTwitchLogins). NATS, Redis and PostgreSQL keep the chart's
 * default names (`up` gives them as Services); the Secret the defaults name is created here.
 * Runs as its own stage of `npm test` (GREETBOARD_K8S_TEST=1), as root on Linux.
 */
const K8S = path.resolve(import.meta.dirname, '../../../scripts/k8s');
const NAMESPACE = 'greetboard';
const RELEASE = 'gb';
const FULLNAME = 'gb-greetboard';
const HOST_IP = '10.244.0.1';
const PUBLIC_URL = 'https://greetboard.example.com';
const IMAGE = 'registry.local/greetboard';
const STREAMER = 'k8s_streamer';
const helm = findHelm();

function skipReason(): string | undefined {
  if (process.platform !== 'linux') return 'it needs Linux';
  if (process.getuid?.() !== 0) return 'it needs root';
  if (process.env.GREETBOARD_K8S_TEST !== '1')
    return 'GREETBOARD_K8S_TEST is not 1 (npm test sets it for its Kubernetes stage)';
  if (!helm) return 'helm is not installed';
  try {
    // Cached after the first run (seconds); the first builds Kubernetes (minutes).
    execFileSync(path.join(K8S, 'install'), { stdio: ['ignore', 'inherit', 'inherit'] });
  } catch (error) {
    const reason = `scripts/k8s/install failed (${(error as Error).message})`;
    if (process.env.CI === 'true') throw new Error(`${reason}; CI runs this test for real`);
    return reason;
  }
  return undefined;
}

const reason = skipReason();
if (reason) process.stderr.write(`The chart on a real Kubernetes is skipped: ${reason}\n`);

/** Runs a program; answers stdout, or throws with its output in the message. */
function sh(file: string, args: string[], timeoutMs = 120_000): string {
  try {
    return execFileSync(file, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
      env: { ...process.env, KUBECONFIG: '/var/lib/greetboard-k8s/pki/admin.kubeconfig' },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(
      `${path.basename(file)} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`,
    );
  }
}
/**
 * The same without blocking the event loop: the Twitch emulator runs in this process and must
 * keep answering the pods while Helm waits.
 */
async function shAsync(file: string, args: string[], timeoutMs: number): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(file, args, {
      encoding: 'utf8',
      timeout: timeoutMs,
      env: { ...process.env, KUBECONFIG: '/var/lib/greetboard-k8s/pki/admin.kubeconfig' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(
      `${path.basename(file)} ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`,
    );
  }
}
const kubectl = (...args: string[]) => sh(path.join(K8S, 'kubectl'), ['-n', NAMESPACE, ...args]);
const script = (name: string, ...args: string[]) => {
  const started = Date.now();
  sh(path.join(K8S, name), args, 600_000);
  return Date.now() - started;
};

interface Pod {
  metadata: { name: string; labels: Record<string, string>; deletionTimestamp?: string };
  spec: { containers: { image: string }[] };
  status: { phase: string; conditions?: { type: string; status: string }[] };
}
const pods = (): Pod[] =>
  (JSON.parse(kubectl('get', 'pods', '-o', 'json')) as { items: Pod[] }).items;
const isReady = (pod: Pod) =>
  pod.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
const servicePods = () =>
  pods().filter(
    (pod) =>
      pod.status.phase !== 'Succeeded' &&
      !['migrations', 'test'].includes(pod.metadata.labels['app.kubernetes.io/component'] ?? ''),
  );

/** What an on-call engineer looks at first: pods, events, and each pod's description and logs. */
function diagnostics(): string {
  const parts: string[] = [];
  const attempt = (title: string, get: () => string) => {
    try {
      parts.push(`--- ${title}\n${get()}`);
    } catch (error) {
      parts.push(`--- ${title}: ${(error as Error).message}`);
    }
  };
  attempt('pods', () => kubectl('get', 'pods', '-o', 'wide'));
  attempt('events', () =>
    kubectl('get', 'events', '--sort-by=.lastTimestamp').split('\n').slice(-40).join('\n'),
  );
  for (const pod of (() => {
    try {
      return pods();
    } catch {
      return [];
    }
  })()) {
    if (isReady(pod) && pod.status.phase === 'Running') continue;
    attempt(`describe ${pod.metadata.name}`, () => kubectl('describe', 'pod', pod.metadata.name));
    attempt(`logs ${pod.metadata.name}`, () =>
      kubectl('logs', pod.metadata.name, '--all-containers', '--tail=60'),
    );
  }
  return parts.join('\n');
}

/** A test step that prints the cluster's state when it fails. */
const step = (body: () => unknown) => async () => {
  try {
    await body();
  } catch (error) {
    process.stderr.write(`\n${diagnostics()}\n`);
    throw error;
  }
};

/** A live socket that records every message it receives. */
class LiveClient {
  readonly received: ServerMessage[] = [];
  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) =>
      this.received.push(JSON.parse(data.toString()) as ServerMessage),
    );
  }

  static async open(base: string, cookie: string, sessionId: string): Promise<LiveClient> {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
      headers: { Cookie: cookie, Origin: PUBLIC_URL },
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const client = new LiveClient(socket);
    socket.send(JSON.stringify({ type: 'join_session', payload: { sessionId } }));
    return client;
  }

  sawChatter(login: string): boolean {
    return this.received.some(
      (m) =>
        ['new_chatter', 'chatter_update'].includes(m.type) &&
        (m.payload as ChatterDto).username === login,
    );
  }
}

(reason ? describe.skip : describe)('the chart on a real one-node Kubernetes', () => {
  const figures: Record<string, number> = {};
  let emulator: TwitchEmulator;
  let base: string;
  const streamer = new Browser();
  let session: SessionDto;
  let live: LiveClient | undefined;
  let chatterSeq = 0;

  const helmArgs = (tag: string) => [
    '--namespace',
    NAMESPACE,
    '--wait',
    '--timeout',
    '6m',
    // What the environment forces: the locally built image, the Twitch emulator on the host.
    '--set',
    `image.repository=${IMAGE},image.tag=${tag},image.pullPolicy=Never`,
    '--set',
    `twitch.idUrl=${emulator.httpUrl},twitch.apiUrl=${emulator.httpUrl}`,
    '--set',
    `twitch.ircUrl=${emulator.ircWsUrl},twitch.eventSubUrl=${emulator.eventSubWsUrl}`,
    // The first admin, as every installation names one: only approved users start sessions.
    '--set',
    `adminTwitchLogins=${STREAMER}`,
  ];
  const api = async (method: string, route: string, body?: unknown) => {
    const response = await streamer.fetch(`${base}${route}`, {
      method,
      headers: { 'Content-Type': 'application/json', Origin: PUBLIC_URL },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };
  const control = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${emulator.httpUrl}${route}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}`);
    const text = await response.text();
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  };
  const chat = (login: string, text: string) =>
    control('POST', `/control/channels/${STREAMER}/messages`, { messages: [{ login, text }] });
  const messageCount = async (login: string) => {
    const list = await api('GET', `/api/sessions/${session.id}/chatters`);
    if (list.status !== 200) return undefined;
    return (list.body as ChatterDto[]).find((c) => c.username === login)?.messageCount ?? 0;
  };
  /** A line from a chatter never seen before reaches the live socket. */
  const lineReachesSocket = async (what: string) => {
    const login = `k8s_viewer_${++chatterSeq}`;
    await waitFor(
      async () => {
        await chat(login, `hello from ${what}`);
        return waitFor(() => live?.sawChatter(login), { timeoutMs: 5_000 }).catch(() => false);
      },
      { timeoutMs: 60_000, intervalMs: 0, what: `a chat line to reach /ws (${what})` },
    );
  };
  const reopenSocket = async () => {
    live?.socket.close();
    live = await waitFor(
      () => LiveClient.open(base, streamer.cookieHeader(), session.id).catch(() => undefined),
      { timeoutMs: 60_000, intervalMs: 500, what: 'a /ws connection' },
    );
  };
  const leaseHolder = () => {
    const key = sh('redis-cli', [
      '-h',
      HOST_IP,
      '--scan',
      '--pattern',
      `*chat-ingest:lease:${STREAMER}`,
    ]).trim();
    return key ? sh('redis-cli', ['-h', HOST_IP, 'GET', key]).trim() : '';
  };

  beforeAll(async () => {
    script('down');
    figures.up = script('up');
    figures.images = script('images', 'test-1', 'test-2');
    emulator = await startTwitchEmulator({
      host: HOST_IP,
      httpPort: 0,
      ircPort: 0,
      clients: [{ ...DEFAULT_CLIENT, redirectUris: [`${PUBLIC_URL}/auth/twitch/callback`] }],
      users: [STREAMER],
    });
    // The Secret the default values name (secrets.existingSecret), as an operator creates it.
    kubectl(
      'create',
      'secret',
      'generic',
      'greetboard-secrets',
      '--from-literal=DATABASE_URL=postgres://postgres@postgres:5432/greetboard',
      `--from-literal=TWITCH_CLIENT_ID=${DEFAULT_CLIENT.clientId}`,
      `--from-literal=TWITCH_CLIENT_SECRET=${DEFAULT_CLIENT.clientSecret}`,
      `--from-literal=TOKEN_ENCRYPTION_KEY=${randomBytes(32).toString('base64')}`,
    );
  }, 600_000);

  afterAll(async () => {
    live?.socket.close();
    await emulator?.close();
    try {
      figures.down = script('down');
    } finally {
      process.stderr.write(`Kubernetes stage figures (ms): ${JSON.stringify(figures)}\n`);
    }
  }, 300_000);

  it(
    'installs with the default values: helm install --wait, every pod Ready',
    step(async () => {
      const started = Date.now();
      await shAsync(helm!, ['install', RELEASE, CHART_DIR, ...helmArgs('test-1')], 420_000);
      figures.install = Date.now() - started;
      // gateway 2, auth 1, sessions 1, chat-ingest 2, stats 1: the default replicas (the
      // autoscalers raise gateway and chat-ingest to their minimum of 2 just after install).
      await waitFor(
        () => {
          const running = servicePods().filter((pod) => !pod.metadata.deletionTimestamp);
          return running.length === 7 && running.every(isReady);
        },
        { timeoutMs: 180_000, intervalMs: 1_000, what: 'the 7 pods of the default values, Ready' },
      );
    }),
    480_000,
  );

  it(
    'signs a streamer in through the gateway Service against the Twitch emulator',
    step(async () => {
      const ip = kubectl(
        'get',
        'service',
        `${FULLNAME}-gateway`,
        '-o',
        'jsonpath={.spec.clusterIP}',
      );
      base = `http://${ip}:3000`;
      const start = await streamer.fetch(`${base}/auth/twitch`);
      expect(start.status).toBe(302);
      const authorize = new URL(start.headers.get('location') ?? '');
      expect(authorize.origin).toBe(emulator.httpUrl);
      await control('POST', '/control/oauth/auto-approve', { login: STREAMER });
      const consent = await fetch(authorize, { redirect: 'manual' });
      await control('DELETE', '/control/oauth/auto-approve');
      const callback = new URL(consent.headers.get('location') ?? '');
      expect(callback.origin).toBe(PUBLIC_URL);
      const done = await streamer.fetch(`${base}${callback.pathname}${callback.search}`);
      expect(done.headers.get('location')).toBe('/dashboard');
      expect(await api('GET', '/auth/me')).toMatchObject({
        status: 200,
        body: { username: STREAMER },
      });
    }),
    120_000,
  );

  it(
    'starts a session and a chat line reaches a live socket',
    step(async () => {
      const created = await api('POST', '/api/sessions', { name: 'On Kubernetes', keywords: '[]' });
      expect(created.status).toBe(201);
      session = created.body as SessionDto;
      await reopenSocket();
      await lineReachesSocket('the first install');
    }),
    120_000,
  );

  it(
    'runs helm upgrade (migrations Job, then a rolling update) while chat flows, losing no line',
    step(async () => {
      // Lines Twitch delivered to a chat-ingest connection: each must be counted once. A line
      // sent while no replica had joined the channel reaches nobody, on Twitch too.
      let sent = 0;
      let unheard = 0;
      let flowing = true;
      const flow = (async () => {
        while (flowing) {
          const answer = (await chat('k8s_flow', `line ${sent + unheard + 1}`)) as {
            connections: number;
          };
          if (answer.connections > 0) sent++;
          else unheard++;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      })();
      const before = kubectl('get', 'events', '-o', 'json');
      const started = Date.now();
      try {
        await waitFor(async () => ((await messageCount('k8s_flow')) ?? 0) > 0, {
          timeoutMs: 30_000,
          what: 'the first flowing line to be counted',
        });
        await shAsync(helm!, ['upgrade', RELEASE, CHART_DIR, ...helmArgs('test-2')], 420_000);
        figures.upgrade = Date.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      } finally {
        flowing = false;
        await flow;
      }
      // The migrations Job ran again (Helm deletes it once it succeeded; its events remain).
      const jobEvents = (after: string) =>
        (
          JSON.parse(after) as {
            items: {
              involvedObject: { kind: string; name: string; uid: string };
              reason: string;
            }[];
          }
        ).items
          .filter(
            (e) =>
              e.involvedObject.kind === 'Job' &&
              e.involvedObject.name === `${FULLNAME}-migrations` &&
              e.reason === 'Completed',
          )
          .map((e) => e.involvedObject.uid);
      expect(new Set(jobEvents(kubectl('get', 'events', '-o', 'json'))).size).toBeGreaterThan(
        new Set(jobEvents(before)).size,
      );
      // Every pod was replaced by one of the new image, and is Ready.
      await waitFor(
        () => {
          const running = servicePods().filter((pod) => !pod.metadata.deletionTimestamp);
          return (
            running.length === 7 &&
            running.every(
              (pod) => isReady(pod) && pod.spec.containers[0]?.image === `${IMAGE}:test-2`,
            )
          );
        },
        { timeoutMs: 60_000, intervalMs: 1_000, what: 'every pod on the new image, Ready' },
      );
      // Every line sent during the upgrade is counted in the session, none lost.
      await waitFor(async () => (await messageCount('k8s_flow')) === sent, {
        timeoutMs: 90_000,
        intervalMs: 1_000,
        what: `the session to count all ${sent} lines (counted: ${await messageCount('k8s_flow')})`,
      });
      figures.linesDuringUpgrade = sent;
      figures.linesNobodyHeard = unheard;
      expect(sent).toBeGreaterThan(10);
      // The handover between the old and the new chat-ingest leaves the channel unjoined briefly.
      expect(unheard).toBeLessThan(sent);
      await reopenSocket();
      await lineReachesSocket('the upgrade');
    }),
    540_000,
  );

  it(
    'hands a deleted chat-ingest pod’s channels to the other replica',
    step(async () => {
      await reopenSocket();
      const holder = await waitFor(() => leaseHolder(), { timeoutMs: 30_000, what: 'a lease' });
      expect(pods().map((pod) => pod.metadata.name)).toContain(holder);
      kubectl('delete', 'pod', holder, '--wait=false');
      await waitFor(() => ![holder, ''].includes(leaseHolder()), {
        timeoutMs: 90_000,
        intervalMs: 500,
        what: `another replica to take #${STREAMER} from ${holder}`,
      });
      await lineReachesSocket('the takeover');
    }),
    180_000,
  );

  it(
    'keeps every gateway ready with stats scaled to zero; only statistics answer 503',
    step(async () => {
      const stats = `deployment/${FULLNAME}-stats`;
      kubectl('scale', stats, '--replicas=0');
      try {
        await waitFor(
          () =>
            !pods().some((pod) => pod.metadata.labels['app.kubernetes.io/component'] === 'stats'),
          { timeoutMs: 60_000, intervalMs: 500, what: 'the stats pod to be gone' },
        );
        // Every gateway pod stays Ready, checked each second for longer than the readiness
        // probe takes to fail a pod (3 failures, 5 s apart).
        const watchUntil = Date.now() + 20_000;
        while (Date.now() < watchUntil) {
          const gateways = servicePods().filter(
            (pod) => pod.metadata.labels['app.kubernetes.io/component'] === 'gateway',
          );
          expect(gateways.length).toBeGreaterThan(0);
          expect(gateways.filter((pod) => !isReady(pod)).map((pod) => pod.metadata.name)).toEqual(
            [],
          );
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
        expect(await api('GET', '/readyz')).toMatchObject({
          status: 200,
          body: { status: 'ready', checks: { stats: 'down', sessions: 'up' } },
        });
        expect(await api('GET', '/api/statistics?tz=UTC')).toMatchObject({
          status: 503,
          body: { code: 'SERVICE_UNAVAILABLE' },
        });
        expect((await api('GET', '/api/sessions')).status).toBe(200);
        expect((await api('GET', '/auth/me')).status).toBe(200);
        await lineReachesSocket('stats scaled to zero');
      } finally {
        kubectl('scale', stats, '--replicas=1');
      }
      await waitFor(async () => (await api('GET', '/api/statistics?tz=UTC')).status === 200, {
        timeoutMs: 120_000,
        intervalMs: 1_000,
        what: 'statistics to answer again',
      });
    }),
    300_000,
  );

  it(
    'passes helm test: the gateway answers /healthz and /readyz through its Service',
    step(async () => {
      const output = await shAsync(
        helm!,
        ['test', RELEASE, '--namespace', NAMESPACE, '--timeout', '3m'],
        240_000,
      );
      expect(output).toMatch(/Phase:\s+Succeeded/);
    }),
    300_000,
  );
});
