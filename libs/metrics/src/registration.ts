import { Gauge, collectDefaultMetrics, register, type Metric } from 'prom-client';
import {
  channelHandovers,
  channelLeasesHeld,
  channelTakeovers,
  chatChannelsUnjoined,
  chatJoinFailures,
  chatLineToSocket,
  chatLinesPublished,
  chatLinesReceived,
  chatterUpsertDuration,
  consumerBatchSize,
  consumerDelivered,
  consumerPending,
  consumerRedeliveries,
  greetDuration,
  httpRequestDuration,
  shoutouts,
  welcomeMessages,
  liveMessages,
  liveMessagesRefused,
  liveSocketCloses,
  liveSockets,
  monitoredChannels,
  natsRequestDuration,
  newChatters,
  streamMessagesDeadLettered,
  streamPublishDuration,
  twitchConnections,
  twitchReconnects,
} from './metrics.js';

/** The process's registry: what /metrics serves. */
export const metricsRegistry = register;

/** A service's readiness as its probe decides it, with the state of each dependency. */
export interface ServiceState {
  ready: boolean;
  /** By dependency name (`nats`, `database`, `redis`): true while it answers. */
  dependencies: Record<string, boolean>;
}

const processReady = new Gauge({
  name: 'greetboard_ready',
  help: "1 while the service is ready (its readiness probe's answer), else 0.",
  labelNames: ['service'],
  registers: [],
  async collect() {
    this.reset();
    for (const [service, state] of await currentStates()) this.set({ service }, +state.ready);
  },
});

const dependencyUp = new Gauge({
  name: 'greetboard_dependency_up',
  help: "1 while the service's connection to a dependency (nats, database, redis) works, else 0.",
  labelNames: ['service', 'dependency'],
  registers: [],
  async collect() {
    this.reset();
    for (const [service, state] of await currentStates()) {
      for (const [dependency, up] of Object.entries(state.dependencies))
        this.set({ service, dependency }, +up);
    }
  },
});

/** What Greetboard's durable streams (libs/transport) report, in every process that uses them. */
const STREAM_METRICS: Metric[] = [
  streamPublishDuration,
  consumerPending,
  consumerDelivered,
  consumerRedeliveries,
  streamMessagesDeadLettered,
  consumerBatchSize,
];

/** Each service's own families; every process adds the bus and its state. */
const SERVICE_METRICS: Record<string, Metric[]> = {
  gateway: [
    liveSockets,
    liveMessages,
    liveMessagesRefused,
    liveSocketCloses,
    httpRequestDuration,
    chatLineToSocket,
  ],
  auth: STREAM_METRICS,
  sessions: [
    ...STREAM_METRICS,
    chatterUpsertDuration,
    newChatters,
    greetDuration,
    welcomeMessages,
    shoutouts,
  ],
  stats: STREAM_METRICS,
  'chat-ingest': [
    ...STREAM_METRICS,
    chatLinesReceived,
    chatLinesPublished,
    channelLeasesHeld,
    monitoredChannels,
    channelHandovers,
    channelTakeovers,
    chatChannelsUnjoined,
    chatJoinFailures,
    twitchConnections,
    twitchReconnects,
  ],
};
const PROCESS_METRICS: Metric[] = [natsRequestDuration, processReady, dependencyUp];

/** The services whose families a process exports (every one in the standalone runtime). */
export const METRIC_SERVICES = Object.keys(SERVICE_METRICS);

let defaultsCollected = false;

/**
 * Registers a service's metric families on the process's registry, labels every series with
 * the process's service name and adds Node.js's process metrics once. The standalone runtime
 * calls it for each of its services and exports their union. An unknown service name is a
 * programming error and throws.
 */
export function initMetrics(service: string): void {
  const families = SERVICE_METRICS[service];
  if (!families) throw new Error(`No metric families for service "${service}"`);
  for (const metric of [...PROCESS_METRICS, ...families]) {
    const { name } = metric as unknown as { name: string };
    if (!metricsRegistry.getSingleMetric(name)) metricsRegistry.registerMetric(metric);
  }
  metricsRegistry.setDefaultLabels({ service });
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry });
}

const reporters = new Map<string, () => Promise<ServiceState>>();

/**
 * Makes `greetboard_ready` and `greetboard_dependency_up` report a service: `state` runs when
 * Prometheus scrapes (no timer of its own), so the gauges are as fresh as the scrape and cost
 * one readiness check per scrape. Returns the function that stops reporting it.
 */
export function reportServiceState(service: string, state: () => Promise<ServiceState>) {
  reporters.set(service, state);
  return () => {
    if (reporters.get(service) === state) reporters.delete(service);
  };
}

let checking: Promise<[string, ServiceState][]> | undefined;

/**
 * Each reported service's state; a check that throws counts as not ready, dependencies
 * unknown. Both gauges are collected in the same scrape: they share one check.
 */
function currentStates(): Promise<[string, ServiceState][]> {
  checking ??= checkStates().finally(() => (checking = undefined));
  return checking;
}

function checkStates(): Promise<[string, ServiceState][]> {
  return Promise.all(
    [...reporters].map(async ([service, state]): Promise<[string, ServiceState]> => {
      try {
        return [service, await state()];
      } catch {
        return [service, { ready: false, dependencies: {} }];
      }
    }),
  );
}
