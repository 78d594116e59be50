import { ServerNats, type NatsOptions } from '@nestjs/microservices';
import { subjectIn } from '../installation/installation-names.js';

type ServerNatsOptions = Required<NatsOptions>['options'];

/**
 * Nest's NATS server, subscribed to the installation's subjects: each handler registered under
 * a contract subject listens on `<prefix>.<subject>` and is still looked up by the contract's.
 */
export class InstallationNatsServer extends ServerNats {
  constructor(
    options: ServerNatsOptions,
    private readonly prefix: string | undefined,
  ) {
    super(options);
  }

  override bindEvents(client: { subscribe(subject: string, options: object): unknown }): void {
    super.bindEvents({
      subscribe: (subject: string, options: object) =>
        client.subscribe(subjectIn(this.prefix, subject), options),
    });
  }
}
