import { type DynamicModule, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  applyServiceTransport,
  microserviceOptions,
  type TransportRuntime,
} from '@greetboard/transport';
import { serviceLogger } from './logger.js';
import type { LogLevel } from '@nestjs/common';

/**
 * Creates and starts a service's Nest microservice on `transport`, in the queue group named
 * after the service so that each request is answered by exactly one replica.
 */
export async function startServiceApp(
  service: string,
  module: DynamicModule,
  transport: TransportRuntime,
  logLevel: LogLevel = 'log',
): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(module, {
    ...microserviceOptions(transport, { queue: service }),
    logger: serviceLogger(service, logLevel),
  });
  applyServiceTransport(app);
  await app.listen();
  return app;
}
