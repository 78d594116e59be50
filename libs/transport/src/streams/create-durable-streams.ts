import type { TransportRuntime } from '../runtime.js';
import type { DurableStreams, DurableStreamsSettings } from './durable-streams.js';
import { InProcessDurableStreams } from './in-process-durable-streams.js';
import { JetStreamDurableStreams } from './jetstream-durable-streams.js';

/** Standalone durable streams live as long as the process: one store for every service in it. */
const inProcessStreams = new WeakMap<object, InProcessDurableStreams>();

/**
 * The durable streams of `runtime`: JetStream over a new connection in cluster mode; in
 * standalone mode one in-memory store per broker, so every service of the process shares it.
 */
export async function createDurableStreams(
  runtime: TransportRuntime,
  settings?: DurableStreamsSettings,
): Promise<DurableStreams> {
  switch (runtime.kind) {
    case 'nats':
      return JetStreamDurableStreams.connect(runtime.url, runtime.prefix, settings);
    case 'in-process': {
      let streams = inProcessStreams.get(runtime.broker);
      if (!streams) {
        streams = new InProcessDurableStreams(settings);
        inProcessStreams.set(runtime.broker, streams);
      }
      return Promise.resolve(streams);
    }
  }
}
