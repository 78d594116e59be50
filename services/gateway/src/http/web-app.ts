import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';

/** Paths the API owns; everything else that is a GET belongs to the single-page app. */
const API_PREFIXES = ['/api/', '/auth/', '/ws', '/healthz', '/readyz'];

/**
 * Serves the built web app: its files with long caching for hashed assets, and
 * `index.html` for every other GET so that client-side routes load on refresh.
 */
export function serveWebApp(app: NestExpressApplication, webDistDir: string): void {
  const root = path.resolve(webDistDir);
  const indexHtml = path.join(root, 'index.html');
  if (!existsSync(indexHtml)) {
    throw new Error(`WEB_DIST_DIR has no index.html: ${root}`);
  }
  app.use(
    '/assets',
    express.static(path.join(root, 'assets'), {
      immutable: true,
      maxAge: '1y',
      fallthrough: false,
    }),
  );
  app.use(express.static(root, { index: false, maxAge: '1h' }));
  app.use((request: Request, response: Response, next: NextFunction) => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !API_PREFIXES.some((prefix) => request.path === prefix || request.path.startsWith(prefix));
    if (!isPageRequest) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(indexHtml);
  });
}
