import {
  Inject,
  Injectable,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { InProcessClient } from '../in-process/in-process-client.js';
import { FailFastNatsClient } from '../nats/fail-fast-nats-client.js';
import type { TransportRuntime } from '../runtime.js';
import { NATS_CONNECTION_OPTIONS } from '../nats/connection-options.js';

/** Injection token of the `ClientProxy` services use to send requests and emit events. */
export const BUS_CLIENT = Symbol('BUS_CLIENT');

/** The client behind BUS_CLIENT; both are Nest `ClientProxy`s (and `MessageClient`s). */
export type BusClient = FailFastNatsClient | InProcessClient;

export function createBusClient(runtime: TransportRuntime): BusClient {
  if (runtime.kind === 'in-process') {
    const client = new InProcessClient(runtime.broker);
    client.requestTimeoutMs = runtime.requestTimeoutMs;
    return client;
  }
  const client = new FailFastNatsClient({ servers: [runtime.url], ...NATS_CONNECTION_OPTIONS });
  client.requestTimeoutMs = runtime.requestTimeoutMs;
  client.prefix = runtime.prefix;
  return client;
}

@Injectable()
class BusClientCloser implements OnApplicationShutdown {
  constructor(@Inject(BUS_CLIENT) private readonly client: BusClient) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

@Module({})
export class BusClientModule {
  static register(runtime: TransportRuntime): DynamicModule {
    return {
      module: BusClientModule,
      global: true,
      providers: [
        { provide: BUS_CLIENT, useFactory: () => createBusClient(runtime) },
        BusClientCloser,
      ],
      exports: [BUS_CLIENT],
    };
  }
}
