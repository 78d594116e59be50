import type { NatsConnection } from '@nats-io/transport-node';
import type { DependencyStatus } from '@greetboard/contracts';
import { InProcessBroker } from '../in-process/in-process-broker.js';

const DEFAULT_PROBE_TIMEOUT_MS = 1_000;

/**
 * Readiness of the message bus behind `client` (the BUS_CLIENT): 'up' when the server answers a
 * ping within the timeout (or, in standalone mode, the in-process broker is open). Connects lazily, as the first request would.
 */
export async function natsHealth(
  client: { connect(): Promise<unknown> },
  options: { timeoutMs?: number } = {},
): Promise<DependencyStatus> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const connection = await Promise.race([client.connect(), deadline]);
    if (connection === 'timeout' || !isOpen(connection)) return 'down';
    // A connection that lost its server is not closed while it reconnects: only a round trip
    // to the server shows that it can carry a request now.
    if (connection instanceof InProcessBroker) return 'up';
    const pong = await Promise.race([(connection as NatsConnection).rtt(), deadline]);
    return pong === 'timeout' ? 'down' : 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

function isOpen(connection: unknown): boolean {
  if (connection instanceof InProcessBroker) return !connection.isClosed;
  const nats = connection as Partial<NatsConnection> | null;
  return typeof nats?.isClosed === 'function' && !nats.isClosed();
}
