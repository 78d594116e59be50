import type { ErrorCode } from '@greetboard/contracts';
import { isInfrastructureFailure } from '../streams/infrastructure-failures.js';

/**
 * The domain code of a handler failure that says "cannot serve now" rather than "this request
 * is wrong" or "this is a bug": DATABASE_UNAVAILABLE when the service's database is unreachable,
 * shutting down or out of resources; SERVICE_UNAVAILABLE when another of its dependencies (the
 * key-value store, the bus) is. Both become 503 at the gateway, so a client knows to try again
 * and an operator sees which dependency is away; anything else stays a bug (undefined here).
 */
export function unavailableDependencyCode(
  error: unknown,
): Extract<ErrorCode, 'DATABASE_UNAVAILABLE' | 'SERVICE_UNAVAILABLE'> | undefined {
  if (isDatabaseUnavailable(error)) return 'DATABASE_UNAVAILABLE';
  if (isInfrastructureFailure(error) || chain(error).some(isKeyValueStoreGiveUp)) {
    return 'SERVICE_UNAVAILABLE';
  }
  return undefined;
}

/**
 * Whether the database could not serve: a SQLSTATE of a connection failure (08), insufficient
 * resources (53), operator intervention (57: shutting down, starting up, terminated by the
 * administrator) or a system error (58); pg's own messages for a lost or refused connection; or
 * a refused/reset network connection, which in a service's handler is the database's: the
 * key-value store's client reports its failures by message, Twitch calls by `fetch failed`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const errors = chain(error);
  if (errors.some(isFetchFailure)) return false;
  return errors.some((current) => {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || NETWORK_CODES.has(code)))
      return true;
    return typeof message === 'string' && PG_UNREACHABLE.test(message);
  });
}

const UNAVAILABLE_SQLSTATE = /^(08|53|57|58)[0-9A-Z]{3}$/;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** pg (and pg-pool) report a lost or impossible connection by message alone. */
const PG_UNREACHABLE =
  /connection terminated|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery mode)|Client has encountered a connection error/i;

/** ioredis gives up on a command while the server is away. */
function isKeyValueStoreGiveUp(error: object): boolean {
  const { message } = error as { message?: unknown };
  return typeof message === 'string' && /max retries per request/i.test(message);
}

/** undici's TypeError; compared by name, as an error from another realm is no `TypeError`. */
function isFetchFailure(error: object): boolean {
  const { message, name } = error as { message?: unknown; name?: unknown };
  return name === 'TypeError' && message === 'fetch failed';
}

/** The error and its causes: TypeORM keeps the driver's error in `driverError`, others in `cause`. */
function chain(error: unknown): object[] {
  const errors: object[] = [];
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !errors.includes(current)) {
    errors.push(current);
    const next = current as { driverError?: unknown; cause?: unknown };
    current = next.driverError ?? next.cause;
  }
  return errors;
}
