import { Logger } from '@nestjs/common';
import type { Msg } from '@nats-io/transport-node';
import { ServerNats, type NatsOptions } from '@nestjs/microservices';
import { subjectIn } from '../installation/installation-names.js';
import { isJsonPattern } from '../nest/subject-route.js';
import { requestIdOf, withRequestId } from '../request-context.js';

type ServerNatsOptions = Required<NatsOptions>['options'];

/**
 * Nest's NATS server, subscribed to the installation's subjects: each handler registered under
 * a contract subject listens on `<prefix>.<subject>` and is still looked up by the contract's.
 * A message that carries a request id is handled as part of that request.
 */
export class InstallationNatsServer extends ServerNats {
  private readonly requests = new Logger('bus');

  constructor(
    options: ServerNatsOptions,
    private readonly prefix: string | undefined,
  ) {
    super(options);
  }

  /**
   * Handles each message inside the request it was sent for, so its log lines carry the id;
   * at debug level each answered request is logged with its duration.
   */
  override handleMessage(channel: string, message: Msg): Promise<unknown> {
    return withRequestId(requestIdOf(message.headers), async () => {
      const start = performance.now();
      try {
        await super.handleMessage(channel, message);
      } finally {
        if (message.reply) {
          const took = Math.round(performance.now() - start);
          this.requests.debug(`Answered ${channel} in ${took} ms`);
        }
      }
    });
  }

  /** A subject is its own route; only a JSON pattern is parsed (see `isJsonPattern`). */
  override getRouteFromPattern(pattern: string): string {
    return isJsonPattern(pattern) ? super.getRouteFromPattern(pattern) : pattern;
  }

  override bindEvents(client: { subscribe(subject: string, options: object): unknown }): void {
    super.bindEvents({
      subscribe: (subject: string, options: object) =>
        client.subscribe(subjectIn(this.prefix, subject), options),
    });
  }
}
