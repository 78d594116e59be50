import {
  NatsContext,
  Server,
  type CustomTransportStrategy,
  type IncomingEvent,
  type IncomingRequest,
  type MessageHandler,
  type WritePacket,
} from '@nestjs/microservices';
import { decodeIncomingMessage } from '../nest/incoming-request.js';
import { isJsonPattern } from '../nest/subject-route.js';
import type { BrokerMessage, BrokerSubscription, InProcessBroker } from './in-process-broker.js';

export interface InProcessServerOptions {
  /** Queue group of the service: each request or event goes to one of its replicas. */
  queue?: string;
}

const NO_MESSAGE_HANDLER = 'There is no matching message handler defined in the remote service.';

/**
 * Nest transport strategy over the in-process broker, mirroring Nest's NATS server: one
 * subscription per pattern (wildcards included) in the service's queue group, requests answered
 * on the reply subject, handler contexts as `NatsContext` so handlers are transport-agnostic.
 */
export class InProcessServer extends Server implements CustomTransportStrategy {
  private subscriptions: BrokerSubscription[] = [];

  constructor(
    private readonly broker: InProcessBroker,
    private readonly options: InProcessServerOptions = {},
  ) {
    super();
  }

  /** A subject is its own route; only a JSON pattern is parsed (see `isJsonPattern`). */
  override getRouteFromPattern(pattern: string): string {
    return isJsonPattern(pattern) ? super.getRouteFromPattern(pattern) : pattern;
  }

  listen(callback: (...optionalParams: unknown[]) => void): void {
    try {
      for (const [pattern, handler] of this.messageHandlers) {
        const extras = handler.extras as { queue?: string } | undefined;
        const queue = extras?.queue ?? this.options.queue;
        this.subscriptions.push(
          this.broker.subscribe(pattern, (message) => this.handleMessage(pattern, message), {
            queue,
          }),
        );
      }
      this._status$.next('connected');
      callback();
    } catch (error) {
      callback(error);
    }
  }

  close(): void {
    for (const subscription of this.subscriptions) subscription.unsubscribe();
    this.subscriptions = [];
    this._status$.next('disconnected');
  }

  on(): void {
    // The in-process bus has no connection whose events one could listen to.
  }

  unwrap<T>(): T {
    return this.broker as T;
  }

  private async handleMessage(channel: string, message: BrokerMessage): Promise<void> {
    const context = new NatsContext([message.subject, undefined]);
    const packet = decodeIncomingMessage(() => message.json(), channel, message.reply);
    if (!isRequest(packet)) {
      await this.handleEvent(channel, packet, context);
      return;
    }
    const respond = this.replier(message.reply, packet.id);
    const handler: MessageHandler | null = this.getHandlerByPattern(channel);
    if (!handler) {
      respond({ err: NO_MESSAGE_HANDLER, isDisposed: true });
      return;
    }
    // Typed `void`, yet Nest returns the processing promise: awaiting it sends a failure there
    // to the broker's error log instead of leaving an unhandled rejection.
    await Promise.resolve(
      this.handleRequest(
        context,
        async () => this.transformToObservable(await handler(packet.data, context)),
        respond,
      ) as unknown,
    );
  }

  private replier(replyTo: string | undefined, id: string): (packet: WritePacket) => void {
    if (replyTo === undefined) return () => undefined;
    return (packet) => this.broker.publish(replyTo, { ...packet, id });
  }
}

function isRequest(packet: IncomingRequest | IncomingEvent): packet is IncomingRequest {
  return 'id' in packet && packet.id !== undefined;
}
