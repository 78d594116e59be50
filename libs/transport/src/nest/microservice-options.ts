import type { CustomStrategy } from '@nestjs/microservices';
import { InProcessServer } from '../in-process/in-process-server.js';
import { InstallationNatsServer } from '../nats/installation-nats-server.js';
import { NatsRequestDeserializer } from '../nats/nats-request-deserializer.js';
import type { TransportRuntime } from '../runtime.js';
import { NATS_CONNECTION_OPTIONS } from '../nats/connection-options.js';

export interface ServiceTransportOptions {
  /** Queue group shared by the replicas of one service; usually the service's name. */
  queue?: string;
}

export type ServiceMicroserviceOptions = CustomStrategy;

/** Options for `NestFactory.createMicroservice` / `app.connectMicroservice`. */
export function microserviceOptions(
  runtime: TransportRuntime,
  options: ServiceTransportOptions = {},
): ServiceMicroserviceOptions {
  switch (runtime.kind) {
    case 'nats':
      return {
        strategy: new InstallationNatsServer(
          {
            servers: [runtime.url],
            ...NATS_CONNECTION_OPTIONS,
            queue: options.queue,
            deserializer: new NatsRequestDeserializer(),
          },
          runtime.prefix,
        ),
      };
    case 'in-process':
      return { strategy: new InProcessServer(runtime.broker, { queue: options.queue }) };
  }
}
