import {
  Catch,
  HttpException,
  HttpStatus,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Response } from 'express';
import { DomainError, ERROR_CODES, type ApiErrorBody, type ErrorCode } from '@greetboard/contracts';
import { unavailableDependencyCode } from '@greetboard/transport';
import { HTTP_STATUS_OF } from './error-status.js';
import { noteFailure } from './server-error-log.js';

const CODE_OF_HTTP_STATUS: Partial<Record<number, ErrorCode>> = {
  [HttpStatus.BAD_REQUEST]: 'VALIDATION_FAILED',
  [HttpStatus.UNAUTHORIZED]: 'UNAUTHENTICATED',
  [HttpStatus.FORBIDDEN]: 'FORBIDDEN',
  [HttpStatus.NOT_FOUND]: 'NOT_FOUND',
  [HttpStatus.PAYLOAD_TOO_LARGE]: 'PAYLOAD_TOO_LARGE',
  [HttpStatus.TOO_MANY_REQUESTS]: 'RATE_LIMITED',
};

/**
 * Maps every failure of an HTTP route to a status and an `ApiErrorBody`; never leaks internals.
 * It logs nothing itself: the 5xx log line (server-error-log.ts) names the code it noted, and the
 * stack of an unexpected error.
 */
/** Codes whose details say which input was wrong; other codes' details stay in the logs. */
const ANSWERED_DETAILS = new Set<string>([
  'VALIDATION_FAILED',
  'WELCOME_MESSAGE_TOO_LONG',
  'WELCOME_PLACEHOLDER_UNKNOWN',
]);

@Catch()
export class DomainErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = this.toAnswer(exception);
    const unexpected = body.code === 'INTERNAL' && !(exception instanceof DomainError);
    noteFailure(response, {
      code: body.code,
      ...(unexpected ? { stack: describe(exception) } : {}),
    });
    if (!response.headersSent) response.status(status).json(body);
  }

  private toAnswer(exception: unknown): { status: number; body: ApiErrorBody } {
    if (exception instanceof DomainError) {
      const body: ApiErrorBody = { error: exception.message, code: exception.code };
      if (exception.details !== undefined && ANSWERED_DETAILS.has(exception.code)) {
        body.details = exception.details;
      }
      return { status: HTTP_STATUS_OF[exception.code], body };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code =
        CODE_OF_HTTP_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION_FAILED');
      return { status, body: { error: ERROR_CODES[code], code } };
    }
    // Body-parser failures (malformed JSON, oversized bodies) arrive as plain errors with a status.
    const parserStatus = (exception as { status?: unknown } | null)?.status;
    if (parserStatus === HttpStatus.PAYLOAD_TOO_LARGE) {
      return {
        status: parserStatus,
        body: { error: ERROR_CODES.PAYLOAD_TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' },
      };
    }
    if (parserStatus === HttpStatus.BAD_REQUEST) {
      return {
        status: parserStatus,
        body: { error: 'Malformed JSON body.', code: 'VALIDATION_FAILED' },
      };
    }
    // The gateway's own dependency (the key-value store behind rate limits and sign-in) away.
    const unavailable = unavailableDependencyCode(exception);
    if (unavailable) {
      return {
        status: HTTP_STATUS_OF[unavailable],
        body: { error: ERROR_CODES[unavailable], code: unavailable },
      };
    }
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      body: { error: ERROR_CODES.INTERNAL, code: 'INTERNAL' },
    };
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
