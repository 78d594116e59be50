import type { NextFunction, Request, Response } from 'express';
import { httpRequestDuration, secondsSince } from '@greetboard/metrics';

/**
 * Times every HTTP request, labelled by the matched route's pattern (never the raw path, so
 * ids do not multiply series); requests no controller matched (the web app's files, 404s)
 * share one label.
 */
export function recordRequestDuration(request: Request, response: Response, next: NextFunction) {
  const start = process.hrtime.bigint();
  response.once('finish', () => {
    const route = (request.route as { path?: string } | undefined)?.path;
    httpRequestDuration.observe(
      {
        method: request.method,
        route: route ? `${request.baseUrl}${route}` : 'other',
        status: String(response.statusCode),
      },
      secondsSince(start),
    );
  });
  next();
}
