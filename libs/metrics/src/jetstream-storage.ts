import { Gauge } from 'prom-client';
import { metricsRegistry } from './registration.js';

/** What one JetStream stream holds, as the process that owns the streams reads it. */
export interface StreamStorageReading {
  /** The stream's name as the contracts give it (CHAT_LINES_V1), without the prefix. */
  stream: string;
  messages: number;
  bytes: number;
  /** The stream's size limit; -1 when unbounded. */
  maxBytes: number;
}

export type StreamStorageReader = () => Promise<StreamStorageReading[]>;

/** One reading serves the three gauges of a scrape. */
const READING_TTL_MS = 1_000;

let reader: StreamStorageReader | undefined;
let reading: { at: number; value: Promise<StreamStorageReading[]> } | undefined;

function read(): Promise<StreamStorageReading[]> {
  const now = Date.now();
  if (!reader) return Promise.resolve([]);
  if (!reading || now - reading.at > READING_TTL_MS)
    // An unreachable JetStream leaves the gauges empty for that scrape rather than stale.
    reading = { at: now, value: reader().catch(() => []) };
  return reading.value;
}

function storageGauge(
  name: string,
  help: string,
  value: (reading: StreamStorageReading) => number,
): { name: string; gauge: Gauge } {
  const gauge = new Gauge({
    name,
    help,
    labelNames: ['stream'],
    registers: [],
    async collect() {
      this.reset();
      for (const held of await read()) this.set({ stream: held.stream }, value(held));
    },
  });
  return { name, gauge };
}

const gauges = [
  storageGauge(
    'greetboard_jetstream_stream_bytes',
    'Bytes a JetStream stream holds, read from JetStream at each scrape.',
    (held) => held.bytes,
  ),
  storageGauge(
    'greetboard_jetstream_stream_messages',
    'Messages a JetStream stream holds, read from JetStream at each scrape.',
    (held) => held.messages,
  ),
  storageGauge(
    'greetboard_jetstream_stream_max_bytes',
    'The size limit of a JetStream stream (STREAM_<NAME>_MAX_BYTES); -1 when unbounded.',
    (held) => held.maxBytes,
  ),
];

/**
 * Exports the storage of the streams `read` reports, from the one process that owns the
 * streams (every replica of it reports the same values). Registered once per process; a
 * second call replaces the reader. Returns the unregistration.
 */
export function exportStreamStorage(readStorage: StreamStorageReader): () => void {
  reader = readStorage;
  reading = undefined;
  for (const { name, gauge } of gauges)
    if (!metricsRegistry.getSingleMetric(name)) metricsRegistry.registerMetric(gauge);
  return () => {
    if (reader !== readStorage) return;
    reader = undefined;
    reading = undefined;
    for (const { name } of gauges) metricsRegistry.removeSingleMetric(name);
  };
}
