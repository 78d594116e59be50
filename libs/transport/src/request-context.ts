import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request id that ties together every log line one user action writes, in every process it
 * crosses: the gateway takes it from the `X-Request-Id` header (or makes one), the bus client
 * sends it as a NATS header, and the receiving service handles the message inside it.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const storage = new AsyncLocalStorage<string>();

/** The request id of the work running now, if it belongs to one. */
export function currentRequestId(): string | undefined {
  return storage.getStore();
}

/** Runs `work` as part of request `requestId`; without an id it runs in the current context. */
export function withRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId === undefined ? work() : storage.run(requestId, work);
}

/** A caller's id when it is a sane token (a proxy's, a client's), otherwise a new one. */
export function acceptRequestId(candidate: unknown): string {
  return typeof candidate === 'string' && REQUEST_ID.test(candidate) ? candidate : randomUUID();
}

/** The id a message arrived with, if it carried a well-formed one. */
export function requestIdOf(
  headers: { get(name: string): string } | undefined,
): string | undefined {
  const value = headers?.get(REQUEST_ID_HEADER);
  return value && REQUEST_ID.test(value) ? value : undefined;
}
