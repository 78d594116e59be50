import { firstValueFrom, TimeoutError, timeout, type Observable } from 'rxjs';
import { DomainError, isRpcErrorBody } from '../errors/domain-error.js';
import type { EventDefinition, RequestDefinition } from './definitions.js';

/** The part of a Nest `ClientProxy` the typed helpers need. */
export interface MessageClient {
  send<TResult, TInput>(pattern: string, data: TInput): Observable<TResult>;
  emit<TResult, TInput>(pattern: string, data: TInput): Observable<TResult>;
  /** The process's request timeout (NATS_REQUEST_TIMEOUT_MS); DEFAULT_REQUEST_TIMEOUT_MS if unset. */
  readonly requestTimeoutMs?: number;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 5_000;

export interface SendOptions {
  /** How long to wait for an answer before failing with SERVICE_TIMEOUT. */
  timeoutMs?: number;
}

/**
 * Sends a request and waits for its answer. Every failure becomes a `DomainError`: the
 * handler's own code, SERVICE_TIMEOUT when nobody answered in time, SERVICE_UNAVAILABLE
 * when no replica listens on the subject.
 */
export async function sendRequest<TRequest extends object, TResponse>(
  client: MessageClient,
  definition: RequestDefinition<TRequest, TResponse>,
  payload: TRequest,
  options: SendOptions = {},
): Promise<TResponse> {
  const timeoutMs = options.timeoutMs ?? client.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  try {
    return await firstValueFrom(
      client.send<TResponse, TRequest>(definition.subject, payload).pipe(timeout(timeoutMs)),
    );
  } catch (error) {
    throw toDomainError(error, definition.subject, timeoutMs);
  }
}

/** Publishes an event to every listener of its subject. Resolves once handed to the transport. */
export async function emitEvent<TPayload extends object>(
  client: MessageClient,
  definition: EventDefinition<TPayload>,
  payload: TPayload,
): Promise<void> {
  await firstValueFrom(client.emit<unknown, TPayload>(definition.subject, payload), {
    defaultValue: undefined,
  });
}

function toDomainError(error: unknown, subject: string, timeoutMs: number): DomainError {
  if (error instanceof DomainError) return error;
  if (isRpcErrorBody(error)) return DomainError.fromBody(error);
  if (error instanceof TimeoutError) {
    return new DomainError('SERVICE_TIMEOUT', undefined, { subject, timeoutMs });
  }
  if (isNoResponders(error) || isBusDown(error)) {
    return new DomainError('SERVICE_UNAVAILABLE', undefined, { subject });
  }
  return new DomainError('INTERNAL', undefined, { subject });
}

/**
 * The bus itself failed (NATS unreachable, the connection closed or draining): nobody could
 * be asked, which is the same answer to the caller as nobody listening.
 */
function isBusDown(error: unknown): boolean {
  let text: string;
  if (typeof error === 'string') {
    // Nest's NATS client rejects with a plain string while it reconnects.
    text = error;
  } else if (typeof error === 'object' && error !== null) {
    const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
    text = `${String(name)} ${String(code)} ${typeof message === 'string' ? message : ''}`;
  } else return false;
  return /ECONNREFUSED|ECONNRESET|CONNECTION_(CLOSED|DRAINING|REFUSED)|ClosedConnection|ConnectionError|connection (closed|draining|refused|lost)|disconnect/i.test(
    text,
  );
}

function isNoResponders(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, name } = error as { code?: unknown; message?: unknown; name?: unknown };
  return (
    code === '503' ||
    code === 503 ||
    name === 'NoRespondersError' ||
    (typeof message === 'string' && /no responders/i.test(message))
  );
}
