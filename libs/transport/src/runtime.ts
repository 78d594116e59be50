import type { InProcessBroker } from './in-process/in-process-broker.js';

/** Where messages travel: a NATS server (cluster mode) or one shared in-memory bus (standalone). */
export type TransportRuntime = (
  { kind: 'nats'; url: string } | { kind: 'in-process'; broker: InProcessBroker }
) & {
  /** How long a request waits for its answer (NATS_REQUEST_TIMEOUT_MS); 5 s when unset. */
  requestTimeoutMs?: number;
  /**
   * INSTALLATION_PREFIX: put before every NATS subject, stream and consumer name, so that
   * installations sharing one NATS server stay apart. The in-process bus belongs to one
   * installation and ignores it.
   */
  prefix?: string;
};
