import type { NextFunction, Request, Response } from 'express';
import { acceptRequestId, REQUEST_ID_HEADER, withRequestId } from '@greetboard/transport';

/**
 * Gives every HTTP request an id: the caller's `X-Request-Id` when it is a sane token (a proxy
 * or load balancer may set one), otherwise a new one. It is echoed in the response, carried on
 * every NATS message sent for the request, and written in every JSON log line about it.
 */
export function assignRequestId(request: Request, response: Response, next: NextFunction): void {
  const requestId = acceptRequestId(request.get(REQUEST_ID_HEADER));
  response.setHeader('X-Request-Id', requestId);
  withRequestId(requestId, next);
}
