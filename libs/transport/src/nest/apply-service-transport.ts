import type { INestApplicationContext, PipeTransform, ExceptionFilter } from '@nestjs/common';
import { DomainRpcExceptionFilter } from './domain-rpc-exception.filter.js';
import { rpcValidationPipe } from './rpc-validation.pipe.js';

/** The part of a Nest microservice (or hybrid app) the helper configures. */
export interface ServiceTransportApp extends INestApplicationContext {
  useGlobalFilters(...filters: ExceptionFilter[]): unknown;
  useGlobalPipes(...pipes: PipeTransform[]): unknown;
}

/** Installs the error filter and the validation pipe every service's message handlers rely on. */
export function applyServiceTransport<TApp extends ServiceTransportApp>(app: TApp): TApp {
  app.useGlobalFilters(new DomainRpcExceptionFilter());
  app.useGlobalPipes(rpcValidationPipe());
  return app;
}
