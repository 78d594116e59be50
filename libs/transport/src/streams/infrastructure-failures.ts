/**
 * Whether a handler failed because something it depends on is unreachable (the database is
 * restarting, a connection was cut) rather than because of the message. Such a failure says
 * nothing about the message: it is retried for as long as the outage lasts and never counts
 * towards dead-lettering, so an outage longer than the retries loses no accepted message.
 */
export function isInfrastructureFailure(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  // The cause chain: TypeORM keeps the driver's error in `driverError`, others in `cause`.
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isUnavailableSqlState(code)))
      return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
    const next = current as { driverError?: unknown; cause?: unknown };
    current = next.driverError ?? next.cause;
  }
  return false;
}

/** Node's codes for a peer that cannot be reached or went away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATE classes of a database that cannot serve now, whatever the statement: 08 connection
 * exception, 53 insufficient resources, 57 operator intervention (shutting down, starting up),
 * 58 system error, and 40 transaction rollback (serialization failure, deadlock), which a retry
 * resolves.
 */
function isUnavailableSqlState(code: string): boolean {
  return /^(08|53|57|58|40)[0-9A-Z]{3}$/.test(code);
}

/** Drivers that report a lost connection by message alone (pg, ioredis, nats). */
const UNREACHABLE_MESSAGE =
  /connection terminated|timeout exceeded when trying to connect|connection is closed|connection (closed|refused|lost)|CONNECTION_(CLOSED|REFUSED|DRAINING)|Connection not established|the database system is (starting up|shutting down)/i;
