import {
  DashboardBuilder,
  DatasourceVariableBuilder,
  QueryVariableBuilder,
  RowBuilder,
  VariableRefresh,
  type Dashboard,
} from '@grafana/grafana-foundation-sdk/dashboard';
import {
  LegendDisplayMode,
  LegendPlacement,
  VizLegendOptionsBuilder,
} from '@grafana/grafana-foundation-sdk/common';
import { DataqueryBuilder } from '@grafana/grafana-foundation-sdk/prometheus';
import { PanelBuilder as TimeseriesPanel } from '@grafana/grafana-foundation-sdk/timeseries';

/**
 * Greetboard's Grafana dashboard, built with the Grafana Foundation SDK. `npm run dashboard`
 * writes it to the chart (deploy/helm/greetboard/files/greetboard-dashboard.json), which
 * ships it as a ConfigMap for Grafana's dashboard sidecar.
 */

const DATASOURCE = { type: 'prometheus', uid: '${datasource}' };

interface Series {
  expr: string;
  legend: string;
}

interface PanelSpec {
  title: string;
  description: string;
  /** A Grafana unit id: s, bytes, ops, short, percentunit... */
  unit: string;
  series: Series[];
}

const p95 = (metric: string, by = '') =>
  `histogram_quantile(0.95, sum by (le${by ? `, ${by}` : ''}) (rate(${metric}_bucket[$__rate_interval])))`;

const p50 = (metric: string) =>
  `histogram_quantile(0.5, sum by (le) (rate(${metric}_bucket[$__rate_interval])))`;

/**
 * The variables that pick one installation in a Prometheus that scrapes several: the
 * Kubernetes namespace and the chart's `installation` label (the Helm release, set by the
 * ServiceMonitor). Series without them (docker-compose, bare processes) match their "All".
 */
const SCOPES = ['namespace', 'installation'] as const;
const SCOPE_SELECTOR = SCOPES.map((label) => `${label}=~"$${label}"`).join(', ');

/** Puts the installation's selector in every series selector of a query. */
export function scoped(expr: string): string {
  return expr.replace(
    /\b((?:greetboard|process|nodejs)_[a-z0-9_]+)(?:\{([^}]*)\})?/g,
    (_, metric: string, labels: string | undefined) =>
      `${metric}{${labels ? `${SCOPE_SELECTOR}, ${labels}` : SCOPE_SELECTOR}}`,
  );
}

/** The dashboard's rows and panels; every panel has a title, a unit and at least one query. */
const UNSCOPED_ROWS: { title: string; panels: PanelSpec[] }[] = [
  {
    title: 'Readiness and dependencies',
    panels: [
      {
        title: 'Ready processes',
        description:
          'Processes of each service that are ready (greetboard_ready); none means the service is down for users.',
        unit: 'short',
        series: [{ expr: 'sum by (service) (greetboard_ready)', legend: '{{service}}' }],
      },
      {
        title: 'Dependencies',
        description:
          "Each service's connection to NATS, the database and Redis: 1 when every process has it, 0 when one lost it.",
        unit: 'short',
        series: [
          {
            expr: 'min by (service, dependency) (greetboard_dependency_up)',
            legend: '{{service}} {{dependency}}',
          },
        ],
      },
      {
        title: 'Twitch line to screen',
        description:
          "Time from a chat line's Twitch timestamp to its chatter's live message on the screens showing the session.",
        unit: 's',
        series: [
          { expr: p50('greetboard_chat_line_to_socket_seconds'), legend: 'p50' },
          { expr: p95('greetboard_chat_line_to_socket_seconds'), legend: 'p95' },
        ],
      },
    ],
  },
  {
    title: 'Chat pipeline',
    panels: [
      {
        title: 'Chat lines',
        description: 'Lines read from Twitch and lines stored in JetStream (duplicates excluded).',
        unit: 'ops',
        series: [
          {
            expr: 'sum(rate(greetboard_chat_lines_received_total[$__rate_interval]))',
            legend: 'received',
          },
          {
            expr: 'sum(rate(greetboard_chat_lines_published_total[$__rate_interval]))',
            legend: 'published',
          },
        ],
      },
      {
        title: 'JetStream publish latency (p95)',
        description: 'Time until JetStream acknowledged a chat line.',
        unit: 's',
        series: [{ expr: p95('greetboard_jetstream_publish_duration_seconds'), legend: 'p95' }],
      },
      {
        title: 'Consumer backlog',
        description: 'Messages waiting for each durable consumer (pipeline lag).',
        unit: 'short',
        series: [
          {
            expr: 'max by (consumer) (greetboard_consumer_pending_messages)',
            legend: '{{consumer}}',
          },
        ],
      },
      {
        title: 'Redeliveries',
        description: 'Messages delivered again after a failed or unacknowledged delivery.',
        unit: 'ops',
        series: [
          {
            expr: 'sum by (consumer) (rate(greetboard_consumer_redeliveries_total[$__rate_interval]))',
            legend: '{{consumer}}',
          },
        ],
      },
      {
        title: 'Batch size (p95)',
        description: 'Messages handed to a consumer at once.',
        unit: 'short',
        series: [
          { expr: p95('greetboard_consumer_batch_size', 'consumer'), legend: '{{consumer}}' },
        ],
      },
      {
        title: 'Chatter upsert duration (p95)',
        description: 'One statement per batch of chat lines in the sessions service.',
        unit: 's',
        series: [{ expr: p95('greetboard_chatter_upsert_duration_seconds'), legend: 'p95' }],
      },
      {
        title: 'New chatters',
        description: 'Chatters created per second, over every session.',
        unit: 'ops',
        series: [
          {
            expr: 'sum(rate(greetboard_new_chatters_total[$__rate_interval]))',
            legend: 'new chatters',
          },
        ],
      },
    ],
  },
  {
    title: 'Live channel and greeting',
    panels: [
      {
        title: 'Greet latency (p95)',
        description: 'Time to persist a greet toggle and emit its event.',
        unit: 's',
        series: [{ expr: p95('greetboard_greet_duration_seconds'), legend: 'p95' }],
      },
      {
        title: 'Open live sockets',
        description: 'Browsers and overlays connected to /ws, per gateway replica.',
        unit: 'short',
        series: [{ expr: 'sum by (instance) (greetboard_live_sockets)', legend: '{{instance}}' }],
      },
      {
        title: 'Live messages',
        description: 'Messages sent to and received from browsers.',
        unit: 'ops',
        series: [
          {
            expr: 'sum by (direction) (rate(greetboard_live_messages_total[$__rate_interval]))',
            legend: '{{direction}}',
          },
        ],
      },
      {
        title: 'Live socket closes',
        description: 'Closes by kind: normal, going away (shutdown), abnormal (dropped), other.',
        unit: 'ops',
        series: [
          {
            expr: 'sum by (reason) (rate(greetboard_live_socket_closes_total[$__rate_interval]))',
            legend: '{{reason}}',
          },
        ],
      },
    ],
  },
  {
    title: 'Requests',
    panels: [
      {
        title: 'HTTP latency by route (p95)',
        description: "The gateway's API, by matched route.",
        unit: 's',
        series: [
          { expr: p95('greetboard_http_request_duration_seconds', 'route'), legend: '{{route}}' },
        ],
      },
      {
        title: 'HTTP requests by status',
        description: 'Requests per second by status code.',
        unit: 'reqps',
        series: [
          {
            expr: 'sum by (status) (rate(greetboard_http_request_duration_seconds_count[$__rate_interval]))',
            legend: '{{status}}',
          },
        ],
      },
      {
        title: 'NATS request latency by subject (p95)',
        description: 'Requests between the gateway and the services.',
        unit: 's',
        series: [
          {
            expr: p95('greetboard_nats_request_duration_seconds', 'subject'),
            legend: '{{subject}}',
          },
        ],
      },
      {
        title: 'NATS requests by outcome',
        description: 'ok, domain_error (answered with an error), timeout, no_responders, failed.',
        unit: 'reqps',
        series: [
          {
            expr: 'sum by (outcome) (rate(greetboard_nats_request_duration_seconds_count[$__rate_interval]))',
            legend: '{{outcome}}',
          },
        ],
      },
    ],
  },
  {
    title: 'chat-ingest',
    panels: [
      {
        title: 'Monitored channels and leases held',
        description: 'Every monitored channel should be held by exactly one replica.',
        unit: 'short',
        series: [
          { expr: 'max(greetboard_monitored_channels)', legend: 'monitored' },
          { expr: 'sum(greetboard_channel_leases_held)', legend: 'held' },
        ],
      },
      {
        title: 'Hand-overs and take-overs',
        description: 'Channels released to another replica, and taken from a dead one.',
        unit: 'short',
        series: [
          {
            expr: 'sum(increase(greetboard_channel_handovers_total[$__range]))',
            legend: 'hand-overs',
          },
          {
            expr: 'sum(increase(greetboard_channel_takeovers_total[$__range]))',
            legend: 'take-overs',
          },
        ],
      },
      {
        title: 'Twitch chat connections',
        description: 'Open connections and reconnects in the shown range.',
        unit: 'short',
        series: [
          { expr: 'sum(greetboard_twitch_connections)', legend: 'open' },
          {
            expr: 'sum(increase(greetboard_twitch_reconnects_total[$__range]))',
            legend: 'reconnects',
          },
        ],
      },
    ],
  },
  {
    title: 'Processes',
    panels: [
      {
        title: 'CPU',
        description: 'CPU time per process.',
        unit: 'percentunit',
        series: [
          {
            expr: 'sum by (service, instance) (rate(process_cpu_seconds_total[$__rate_interval]))',
            legend: '{{service}} {{instance}}',
          },
        ],
      },
      {
        title: 'Resident memory',
        description: 'Resident set size per process.',
        unit: 'bytes',
        series: [
          {
            expr: 'sum by (service, instance) (process_resident_memory_bytes)',
            legend: '{{service}} {{instance}}',
          },
        ],
      },
      {
        title: 'Event loop lag (p99)',
        description: 'A busy event loop delays every request and message.',
        unit: 's',
        series: [
          {
            expr: 'max by (service, instance) (nodejs_eventloop_lag_p99_seconds)',
            legend: '{{service}} {{instance}}',
          },
        ],
      },
    ],
  },
];

export const ROWS = UNSCOPED_ROWS.map((row) => ({
  ...row,
  panels: row.panels.map((panel) => ({
    ...panel,
    series: panel.series.map((series) => ({ ...series, expr: scoped(series.expr) })),
  })),
}));

const PANEL_WIDTH = 8;
const PANEL_HEIGHT = 8;

export function buildDashboard(): Dashboard {
  const dashboard = new DashboardBuilder('Greetboard')
    .uid('greetboard')
    .tags(['greetboard'])
    .description(
      'Readiness, chat pipeline, live channel, requests, chat-ingest and processes of one installation.',
    )
    .refresh('30s')
    .time({ from: 'now-1h', to: 'now' })
    .timezone('browser')
    .withVariable(
      new DatasourceVariableBuilder('datasource').label('Prometheus').type('prometheus'),
    );
  for (const [index, label] of SCOPES.entries()) {
    // Each offers the values of the series the ones before it selected.
    const before = SCOPE_SELECTOR.split(', ').slice(0, index).join(', ');
    const query = `label_values(greetboard_ready${before ? `{${before}}` : ''}, ${label})`;
    dashboard.withVariable(
      new QueryVariableBuilder(label)
        .label(label === 'namespace' ? 'Namespace' : 'Installation')
        .datasource(DATASOURCE)
        .query(query)
        .definition(query)
        .refresh(VariableRefresh.OnTimeRangeChanged)
        .includeAll(true)
        .allValue('.*')
        .current({ text: 'All', value: '$__all' }),
    );
  }
  let y = 0;
  let id = 0;
  for (const row of ROWS) {
    dashboard.withRow(new RowBuilder(row.title).id(++id).gridPos({ x: 0, y, w: 24, h: 1 }));
    y += 1;
    row.panels.forEach((spec, index) => {
      const panel = new TimeseriesPanel()
        .id(++id)
        .title(spec.title)
        .description(spec.description)
        .unit(spec.unit)
        .datasource(DATASOURCE)
        .legend(
          new VizLegendOptionsBuilder()
            .displayMode(LegendDisplayMode.List)
            .placement(LegendPlacement.Bottom)
            .showLegend(true),
        )
        .gridPos({
          x: (index % 3) * PANEL_WIDTH,
          y: y + Math.floor(index / 3) * PANEL_HEIGHT,
          w: PANEL_WIDTH,
          h: PANEL_HEIGHT,
        });
      spec.series.forEach((series, i) =>
        panel.withTarget(
          new DataqueryBuilder()
            .refId(String.fromCharCode(65 + i))
            .datasource(DATASOURCE)
            .expr(series.expr)
            .legendFormat(series.legend),
        ),
      );
      dashboard.withPanel(panel);
    });
    y += Math.ceil(row.panels.length / 3) * PANEL_HEIGHT;
  }
  return dashboard.build();
}

/** The JSON the chart ships, formatted as committed. */
export function dashboardJson(): string {
  return `${JSON.stringify(buildDashboard(), null, 2)}\n`;
}
