import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse, stringify } from 'yaml';
import { SESSIONS_REQUESTS, sendRequest } from '@greetboard/contracts';
import {
  freePort,
  startPrivateNatsServer,
  TEST_INFRASTRUCTURE,
  waitFor,
  type PrivateNatsServer,
} from '@greetboard/testing';
import { FailFastNatsClient } from '@greetboard/transport';
import { ROWS } from '../../grafana/dashboard.js';
import {
  startChatCluster,
  type ChatCluster,
  type MonitoredChannel,
} from '../../../apps/standalone/test/chat-cluster.js';
import { CHART_DIR } from './helm.js';

/**
 * Debian's Prometheus scrapes the cluster runtime (every service its own process) under
 * emulator traffic: every dashboard query and every metric an alert reads returns data, and
 * the pipeline-lag alert fires once the sessions service is stopped. The rules are the
 * chart's, with their windows and `for` durations shortened so this takes seconds, not minutes.
 */
const PROMETHEUS = process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus';
const PROCESSES = ['gateway', 'auth', 'stats', 'sessions-1', 'ingest-1'];

/**
 * Per process: its service, families only it exports, families of other services it must not
 * export, and the dependencies it reports.
 */
const OWN_FAMILIES: Record<
  string,
  { service: string; has: string[]; lacks: string[]; dependencies: string[] }
> = {
  gateway: {
    service: 'gateway',
    has: [
      'greetboard_live_sockets',
      'greetboard_http_request_duration_seconds',
      'greetboard_chat_line_to_socket_seconds',
    ],
    lacks: [
      'greetboard_channel_leases_held',
      'greetboard_consumer_messages_total',
      'greetboard_chatter_upsert_duration_seconds',
    ],
    dependencies: ['nats', 'redis'],
  },
  auth: {
    service: 'auth',
    has: ['greetboard_consumer_messages_total'],
    lacks: [
      'greetboard_live_sockets',
      'greetboard_channel_leases_held',
      'greetboard_chatter_upsert_duration_seconds',
    ],
    dependencies: ['database', 'nats', 'redis'],
  },
  stats: {
    service: 'stats',
    has: ['greetboard_consumer_messages_total'],
    lacks: [
      'greetboard_live_sockets',
      'greetboard_http_request_duration_seconds',
      'greetboard_channel_leases_held',
      'greetboard_greet_duration_seconds',
    ],
    dependencies: ['database', 'nats'],
  },
  'sessions-1': {
    service: 'sessions',
    has: ['greetboard_chatter_upsert_duration_seconds', 'greetboard_greet_duration_seconds'],
    lacks: [
      'greetboard_live_sockets',
      'greetboard_channel_leases_held',
      'greetboard_http_request_duration_seconds',
    ],
    dependencies: ['database', 'nats'],
  },
  'ingest-1': {
    service: 'chat-ingest',
    has: ['greetboard_channel_leases_held', 'greetboard_chat_lines_received_total'],
    lacks: [
      'greetboard_live_sockets',
      'greetboard_http_request_duration_seconds',
      'greetboard_chatter_upsert_duration_seconds',
    ],
    dependencies: ['nats', 'redis'],
  },
};

interface RuleFile {
  groups: { name: string; rules: { alert: string; expr: string; for?: string }[] }[];
}
const rules = parse(readFileSync(path.join(CHART_DIR, 'files/alerts.yaml'), 'utf8')) as RuleFile;

/**
 * The same rules on a compressed clock: 15 s windows and waiting periods instead of minutes
 * (the chart's rules wait as long as their windows). A waiting period, not none: on a loaded
 * test machine a scrape can miss or the consumer can pause for a moment while the cluster is
 * healthy, and the chart's `for` exists so that such a moment does not page anybody.
 */
function shortened(file: RuleFile): RuleFile {
  return {
    groups: file.groups.map((group) => ({
      ...group,
      rules: group.rules.map((rule) => ({
        ...rule,
        expr: rule.expr.replace(/\[\d+m\]/g, '[15s]'),
        for: '15s',
      })),
    })),
  };
}

/** Grafana's variables, as a dashboard over the last few seconds would fill them in. */
const withGrafanaVariables = (expr: string) =>
  expr
    .replaceAll('$__rate_interval', '5s')
    .replaceAll('$__range', '30s')
    .replaceAll('$namespace', '.*')
    .replaceAll('$installation', '.*');

let nats: PrivateNatsServer;
let cluster: ChatCluster;
let prometheus: ChildProcess | undefined;
let prometheusUrl = '';
let prometheusLog = '';
let workDir = '';
let bus: FailFastNatsClient;
let channel: MonitoredChannel;
const metricsPorts = new Map<string, number>();

async function query(
  expr: string,
): Promise<{ metric: Record<string, string>; value: [number, string] }[]> {
  const response = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
  const body = (await response.json()) as { status: string; error?: string; data: { result: [] } };
  if (body.status !== 'success') throw new Error(`${expr}: ${body.error ?? 'failed'}`);
  return body.data.result;
}

/** What the lag rule reads, over the last minute, for a failure message that says why it fired. */
async function lagParts(): Promise<Record<string, unknown>> {
  const over = async (expr: string) => {
    const end = Date.now() / 1000;
    const response = await fetch(
      `${prometheusUrl}/api/v1/query_range?query=${encodeURIComponent(expr)}&start=${end - 60}&end=${end}&step=1`,
    );
    const body = (await response.json()) as { data?: { result: { values: [number, string][] }[] } };
    return (body.data?.result ?? []).map((series) =>
      series.values.map(([, value]) => value).join(' '),
    );
  };
  return {
    published: await over('sum(rate(greetboard_chat_lines_published_total[15s]))'),
    acked: await over(
      'sum(rate(greetboard_consumer_messages_total{consumer=~".*chat-lines.*", outcome="acked"}[15s]))',
    ),
    pending: await over('max(greetboard_consumer_pending_messages{consumer=~".*chat-lines.*"})'),
    up: await over('up{process="sessions-1"}'),
    log: prometheusLog.slice(-1500),
  };
}

const available = existsSync(PROMETHEUS);

beforeAll(async () => {
  if (!available) return;
  nats = await startPrivateNatsServer();
  for (const name of PROCESSES) metricsPorts.set(name, await freePort());
  cluster = await startChatCluster({
    natsUrl: nats.url,
    postgresAdminUrl: TEST_INFRASTRUCTURE.postgres,
    env: (name) => ({ METRICS_PORT: String(metricsPorts.get(name)), LOG_FORMAT: 'json' }),
  });
  for (const name of PROCESSES) await cluster.start(name);
  channel = await cluster.addChannel();
  bus = new FailFastNatsClient({ servers: [nats.url] });
  bus.prefix = cluster.installation;

  workDir = await mkdtemp(path.join(tmpdir(), 'greetboard-prometheus-'));
  await writeFile(path.join(workDir, 'alerts.yaml'), stringify(shortened(rules)));
  await writeFile(
    path.join(workDir, 'prometheus.yml'),
    stringify({
      global: { scrape_interval: '1s', evaluation_interval: '1s' },
      rule_files: ['alerts.yaml'],
      scrape_configs: [
        {
          job_name: 'greetboard',
          static_configs: PROCESSES.map((name) => ({
            targets: [`127.0.0.1:${metricsPorts.get(name)}`],
            labels: { process: name },
          })),
        },
      ],
    }),
  );
  const port = await freePort();
  prometheusUrl = `http://127.0.0.1:${port}`;
  prometheus = spawn(
    PROMETHEUS,
    [
      `--config.file=${path.join(workDir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(workDir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  prometheus.stderr?.on('data', (chunk: Buffer) => (prometheusLog += chunk.toString()));
  await waitFor(async () => (await query('up == 1').catch(() => [])).length === PROCESSES.length, {
    timeoutMs: 60_000,
    what: `Prometheus to scrape every process\n${prometheusLog.slice(-2000)}`,
  });
}, 180_000);

afterAll(async () => {
  if (!available) return;
  await bus?.close();
  prometheus?.kill('SIGTERM');
  await cluster?.close();
  await nats?.dispose();
  if (workDir) await rm(workDir, { recursive: true, force: true });
}, 60_000);

describe('metrics in a real Prometheus', () => {
  if (!available) {
    const message = `${PROMETHEUS} is missing (Debian: apt-get install prometheus)`;
    if (process.env.CI === 'true') throw new Error(message);
    it.skip(message, () => undefined);
    return;
  }

  it('come from each process for its own service only, with its readiness and dependencies', async () => {
    for (const [name, expected] of Object.entries(OWN_FAMILIES)) {
      const text = await (await fetch(`http://127.0.0.1:${metricsPorts.get(name)}/metrics`)).text();
      const families = new Set(
        [...text.matchAll(/^# TYPE (greetboard_\w+)/gm)].map((match) => match[1]),
      );
      const dependencies = [
        ...text.matchAll(/^greetboard_dependency_up\{service="([^"]+)",dependency="(\w+)"\} 1$/gm),
      ]
        .filter((match) => match[1] === expected.service)
        .map((match) => match[2])
        .sort();
      expect({
        name,
        has: expected.has.filter((family) => families.has(family)),
        lacks: expected.lacks.filter((family) => families.has(family)),
        ready: text.includes(`greetboard_ready{service="${expected.service}"} 1`),
        dependencies,
      }).toEqual({
        name,
        has: expected.has,
        lacks: [],
        ready: true,
        dependencies: expected.dependencies,
      });
    }
  });

  it('answer every dashboard query and every metric an alert reads under traffic', async () => {
    const startedAt = Date.now();
    const run = cluster.emulator.startTraffic([channel.login], {
      rate: 20,
      durationSec: 120,
      chatters: 30,
    });
    // Requests through the gateway (HTTP and NATS metrics) and a greet (greet latency).
    const answered = async () => {
      await fetch(`${cluster.gatewayUrl}/readyz`);
      await fetch(`${cluster.gatewayUrl}/api/sessions`);
    };
    await waitFor(async () => Object.keys(await cluster.counts(channel.sessionId)).length > 0, {
      timeoutMs: 30_000,
      what: 'chatters from the traffic',
    });
    const { rows } = await cluster.db.query<{ id: string }>(
      `SELECT id FROM sessions.chatters WHERE session_id = $1 LIMIT 1`,
      [channel.sessionId],
    );
    await sendRequest(bus, SESSIONS_REQUESTS.greetChatter, {
      actor: channel.actor,
      chatterId: rows[0].id,
      isGreeted: true,
    });

    const queries = ROWS.flatMap((row) =>
      row.panels.flatMap((panel) =>
        panel.series.map((series) => ({ panel: panel.title, expr: series.expr })),
      ),
    );
    const empty = async () => {
      await answered();
      const missing: string[] = [];
      for (const { panel, expr } of queries) {
        if ((await query(withGrafanaVariables(expr))).length === 0)
          missing.push(`${panel}: ${expr}`);
      }
      return missing;
    };
    let missing: string[] = [];
    await waitFor(async () => (missing = await empty()).length === 0, {
      timeoutMs: 60_000,
      what: 'every dashboard query to return data',
    }).catch(() => undefined);
    expect(missing).toEqual([]);

    const metricNames = new Set(
      rules.groups
        .flatMap((group) => group.rules)
        .flatMap((rule) => [...rule.expr.matchAll(/greetboard_[a-z_]+/g)].map((match) => match[0])),
    );
    for (const name of metricNames) {
      expect({ name, series: (await query(`count(${name})`)).length }).toEqual({ name, series: 1 });
    }
    for (const rule of shortened(rules).groups.flatMap((group) => group.rules)) {
      // Every expression is valid and evaluates; with the cluster healthy, lag does not fire.
      await query(rule.expr);
    }
    // Traffic long enough for the lag rule (15 s window, 15 s wait) to have fired had the
    // pipeline stalled; then it must not have fired at any moment of it, not only the last.
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, startedAt + 35_000 - Date.now())),
    );
    const trafficSeconds = Math.ceil((Date.now() - startedAt) / 1000);
    const lag = await query(
      `max_over_time(ALERTS{alertname="GreetboardChatPipelineLag", alertstate="firing"}[${trafficSeconds}s])`,
    );
    expect({ lag, parts: lag.length === 0 ? {} : await lagParts() }).toEqual({
      lag: [],
      parts: {},
    });
    expect(run.report().status).toBe('running');
  }, 150_000);

  it('reports a stopped stats service as absent, and nothing else about it', async () => {
    await cluster.stop('stats');
    const firing = async () =>
      (await query('ALERTS{alertstate="firing"}')).map(
        ({ metric }) => `${metric.alertname}${metric.service ? ` ${metric.service}` : ''}`,
      );
    await waitFor(async () => (await firing()).includes('GreetboardServiceAbsent stats'), {
      timeoutMs: 60_000,
      what: `the absent-service alert for stats\n${prometheusLog.slice(-2000)}`,
    });
    expect(await firing()).toEqual(['GreetboardServiceAbsent stats']);
  }, 90_000);

  it('fires the pipeline-lag alert once the sessions service is stopped', async () => {
    const run = cluster.emulator.startTraffic([channel.login], {
      rate: 20,
      durationSec: 120,
      chatters: 30,
    });
    await cluster.stop('sessions-1');
    await waitFor(
      async () =>
        (await query('ALERTS{alertname="GreetboardChatPipelineLag", alertstate="firing"}'))
          .length === 1,
      { timeoutMs: 90_000, what: `the lag alert to fire\n${prometheusLog.slice(-2000)}` },
    );
    expect(run.report().status).toBe('running');
  }, 120_000);
});
