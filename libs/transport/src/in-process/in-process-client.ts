import {
  ClientProxy,
  IncomingResponseDeserializer,
  type MsPattern,
  type ReadPacket,
  type WritePacket,
} from '@nestjs/microservices';
import { NoRespondersError } from '../transport-errors.js';
import {
  NO_RESPONDERS_STATUS,
  type BrokerMessage,
  type InProcessBroker,
} from './in-process-broker.js';

/**
 * Nest client over the in-process broker, mirroring Nest's NATS client: a request goes out with
 * a fresh inbox as reply subject; a request nobody listens to fails at once with a
 * no-responders error (which `sendRequest` maps to SERVICE_UNAVAILABLE).
 */
export class InProcessClient extends ClientProxy {
  /** Read by `sendRequest` (libs/contracts): the process's request timeout. */
  requestTimeoutMs: number | undefined;
  private readonly pending = new Map<string, () => void>();
  private readonly responses = new IncomingResponseDeserializer();

  constructor(private readonly broker: InProcessBroker) {
    super();
  }

  connect(): Promise<InProcessBroker> {
    this._status$.next('connected');
    return Promise.resolve(this.broker);
  }

  close(): void {
    // Like ClientNats, requests still waiting fail rather than hang.
    for (const fail of [...this.pending.values()]) fail();
    this.pending.clear();
    this._status$.next('disconnected');
  }

  override on(): void {
    // The in-process bus has no connection whose events one could listen to.
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  protected publish(
    partialPacket: ReadPacket,
    callback: (packet: WritePacket) => void,
  ): () => void {
    const packet = this.assignPacketId(partialPacket);
    const subject = this.normalizePattern(packet.pattern as MsPattern);
    const inbox = this.broker.createInbox();
    let subscription: { unsubscribe(): void } | undefined;
    const teardown = (): void => {
      this.pending.delete(packet.id);
      subscription?.unsubscribe();
    };
    this.pending.set(packet.id, () =>
      callback({ err: new Error('Connection closed'), isDisposed: true }),
    );
    try {
      subscription = this.broker.subscribe(inbox, (reply) => {
        const response = this.decodeReply(reply, subject, packet.id);
        if (response) callback(response);
      });
      this.broker.publish(subject, packet, inbox);
    } catch (error) {
      teardown();
      callback({ err: error, isDisposed: true });
    }
    return teardown;
  }

  protected dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    const subject = this.normalizePattern(packet.pattern as MsPattern);
    this.broker.publish(subject, packet);
    return Promise.resolve(undefined as T);
  }

  private decodeReply(reply: BrokerMessage, subject: string, id: string): WritePacket | undefined {
    if (reply.status === NO_RESPONDERS_STATUS) {
      return { err: new NoRespondersError(subject), isDisposed: true };
    }
    let decoded: unknown;
    try {
      decoded = reply.json();
    } catch (error) {
      return { err: error, isDisposed: true };
    }
    const message = this.responses.deserialize(decoded) as ReplyPacket;
    if (message.id !== undefined && message.id !== id) return undefined;
    const { err, response, isDisposed } = message;
    return isDisposed || err ? { err, response, isDisposed: true } : { err, response };
  }
}

/** A decoded reply, as Nest's servers send it. */
interface ReplyPacket {
  id?: string;
  err?: unknown;
  response?: unknown;
  isDisposed?: boolean;
}
