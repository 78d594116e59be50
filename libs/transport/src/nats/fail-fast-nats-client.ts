import {
  ClientNats,
  type MsPattern,
  type PacketId,
  type ReadPacket,
  type WritePacket,
} from '@nestjs/microservices';
import { headers as natsHeaders, type MsgHdrs } from '@nats-io/transport-node';
import { natsRequestDuration, secondsSince } from '@greetboard/metrics';
import { subjectIn, subjectOutside } from '../installation/installation-names.js';
import { currentRequestId, REQUEST_ID_HEADER } from '../request-context.js';
import { NoRespondersError } from '../transport-errors.js';

type SubscriptionHandler = ReturnType<ClientNats['createSubscriptionHandler']>;
type NatsMessage = Parameters<SubscriptionHandler>[1];

/**
 * Nest's `ClientNats` answers a request nobody listens to with an `EmptyResponseException`
 * ("Empty response. There are no subscribers..."), which `sendRequest` cannot tell from any other
 * failure. The NATS server marks that reply with a 503 status; this client turns it into a
 * no-responders error, so the caller gets SERVICE_UNAVAILABLE at once. It also turns a reply it
 * cannot decode into an error for that request, instead of an unhandled rejection.
 */
export class FailFastNatsClient extends ClientNats {
  /** Read by `sendRequest` (libs/contracts): the process's request timeout. */
  requestTimeoutMs: number | undefined;
  /** INSTALLATION_PREFIX, put before every subject this client sends or emits on. */
  prefix: string | undefined;

  protected override normalizePattern(pattern: MsPattern): string {
    return subjectIn(this.prefix, super.normalizePattern(pattern));
  }

  /** Every request and event sent on behalf of a request carries its id (request-context.ts). */
  protected override mergeHeaders<THeaders = MsgHdrs>(
    requestHeaders?: THeaders,
  ): MsgHdrs | undefined {
    const merged = super.mergeHeaders(requestHeaders) as MsgHdrs | undefined;
    const requestId = currentRequestId();
    if (requestId === undefined) return merged;
    const result = merged ?? natsHeaders();
    if (!result.has(REQUEST_ID_HEADER)) result.set(REQUEST_ID_HEADER, requestId);
    return result;
  }

  /** Times each request by subject until its answer, its failure or its abandonment. */
  protected override publish(
    packet: ReadPacket,
    callback: (packet: WritePacket) => unknown,
  ): () => void {
    const subject = this.normalizePattern(packet.pattern as MsPattern);
    const start = process.hrtime.bigint();
    let outcome: string | undefined;
    const settle = (result: string) => {
      if (outcome !== undefined) return;
      outcome = result;
      natsRequestDuration.observe({ subject, outcome }, secondsSince(start));
    };
    const cleanup = super.publish(packet, (result) => {
      if (result.err !== undefined && result.err !== null) settle(outcomeOf(result.err));
      else if (result.isDisposed || result.response !== undefined) settle('ok');
      return callback(result);
    });
    return () => {
      // Unsubscribed before any answer: the caller's timeout gave up on it.
      settle('timeout');
      cleanup();
    };
  }

  override createSubscriptionHandler(
    packet: ReadPacket & PacketId,
    callback: (packet: WritePacket) => unknown,
  ): SubscriptionHandler {
    const handle = super.createSubscriptionHandler(packet, callback);
    return async (error, message) => {
      if (!error && isNoRespondersStatus(message)) {
        return callback({
          err: new NoRespondersError(
            subjectOutside(this.prefix, this.normalizePattern(packet.pattern as MsPattern)),
          ),
          isDisposed: true,
        });
      }
      try {
        await handle(error, message);
      } catch (decodeError) {
        return callback({ err: decodeError, isDisposed: true });
      }
    };
  }
}

function outcomeOf(error: unknown): string {
  if (error instanceof NoRespondersError) return 'no_responders';
  // A handler's domain error is an answer: the request itself worked.
  if (typeof error === 'object' && error !== null && 'code' in error && 'error' in error) {
    return 'domain_error';
  }
  return 'failed';
}

function isNoRespondersStatus(message: NatsMessage): boolean {
  const data = message.data as Uint8Array | undefined;
  const headers = message.headers as { status?: string; code?: number } | undefined;
  return data?.length === 0 && (headers?.status === '503' || headers?.code === 503);
}
