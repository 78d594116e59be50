import { Logger, type LoggerService } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { withRequestId } from '@greetboard/transport';

/**
 * What the error filter knows about a failed request, kept in `response.locals` for the one
 * log line written when the response is finished.
 */
export interface FailureNote {
  code: string;
  /** The stack of an unexpected error (a bug); absent for domain errors such as an outage. */
  stack?: string;
}

const FAILURE = 'greetboardFailure';

export function noteFailure(response: Response, failure: FailureNote): void {
  (response.locals as Record<string, unknown>)[FAILURE] = failure;
}

/**
 * Writes exactly one error line for every answer with a 5xx status, whoever produced it (the
 * error filter, the readiness probe): method, path (never the query string, which may carry
 * secrets), status, domain code, request id and duration, plus the stack of an unexpected error.
 * The line is written under the request's id, so a JSON line carries `requestId` too. Installed
 * after `assignRequestId`, whose `X-Request-Id` response header it reads.
 */
export function logServerErrors(logger: LoggerService = new Logger('http')) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const start = process.hrtime.bigint();
    response.once('finish', () => {
      if (response.statusCode < 500) return;
      const failure = (response.locals as Record<string, unknown>)[FAILURE] as
        FailureNote | undefined;
      const requestId = String(response.getHeader('X-Request-Id') ?? '-');
      const path = request.originalUrl.split('?')[0] ?? '';
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const line =
        `${request.method} ${path} answered ${response.statusCode} ${failure?.code ?? '-'} ` +
        `in ${ms.toFixed(0)} ms (request ${requestId})`;
      withRequestId(requestId, () => {
        if (failure?.stack === undefined) logger.error(line);
        else logger.error(line, failure.stack);
      });
    });
    next();
  };
}
