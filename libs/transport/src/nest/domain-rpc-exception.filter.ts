import { Catch, Logger, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { DomainError, isRpcErrorBody, type RpcErrorBody } from '@greetboard/contracts';
import { throwError, type Observable } from 'rxjs';
import { unavailableDependencyCode } from './unavailable-dependency.js';

/**
 * Turns whatever a handler throws into the `RpcErrorBody` the caller receives. Domain errors
 * keep their code; a dependency that cannot serve now (the database above all) becomes
 * DATABASE_UNAVAILABLE or SERVICE_UNAVAILABLE, logged as a warning with its cause; anything
 * else is logged here (the caller must not see internals) and answered as INTERNAL. Returning an error stream, never rethrowing, keeps the process alive.
 */
@Catch()
export class DomainRpcExceptionFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger(DomainRpcExceptionFilter.name);

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    const body = this.toBody(exception);
    return throwError(() => body);
  }

  private toBody(exception: unknown): RpcErrorBody {
    if (exception instanceof DomainError) return exception.toBody();
    if (isRpcErrorBody(exception)) return exception;
    if (exception instanceof RpcException) {
      const error = exception.getError();
      if (isRpcErrorBody(error)) return error;
    }
    const unavailable = unavailableDependencyCode(exception);
    if (unavailable) {
      this.logger.warn(`${unavailable} in a message handler: ${causeOf(exception)}`);
      return new DomainError(unavailable).toBody();
    }
    this.logger.error('Unexpected error in a message handler', describe(exception));
    return new DomainError('INTERNAL').toBody();
  }
}

function describe(exception: unknown): string {
  if (exception instanceof Error) return exception.stack ?? exception.message;
  try {
    return JSON.stringify(exception);
  } catch {
    return String(exception);
  }
}

/** One line naming the failure, without a stack: an outage is not a bug. */
function causeOf(exception: unknown): string {
  const { code, message, name } = (exception ?? {}) as {
    code?: unknown;
    message?: unknown;
    name?: unknown;
  };
  if (typeof message !== 'string') return describe(exception);
  const label = [name, code].filter((part) => typeof part === 'string').join(' ');
  return `${label || 'Error'}: ${message}`;
}
