import { type IncomingMessage } from 'node:http';
import { HttpError } from '../http/http.js';

/** True for `/control` and everything under it. */
export function isControlPath(pathname: string): boolean {
  return pathname === '/control' || pathname.startsWith('/control/');
}

/**
 * The origins a browser may call the control API from: the emulator's own, under each loopback
 * name it answers on. The web app never calls it; tests and tools call it without an `Origin`.
 */
export function controlOrigins(httpUrl: string, port: number): ReadonlySet<string> {
  return new Set([
    new URL(httpUrl).origin,
    `http://127.0.0.1:${port}`,
    `http://localhost:${port}`,
    `http://[::1]:${port}`,
  ]);
}

/**
 * Keeps other websites out of the control API (ADR 0046): a page the demo user visits could
 * otherwise make their next sign-in land as any user, inject chat or create users. A browser
 * sends `Origin` on every cross-origin request, and a JSON body always needs a CORS preflight,
 * which the emulator never grants; `text/plain` and form bodies need none, so they are refused.
 */
export function guardControlRequest(req: IncomingMessage, origins: ReadonlySet<string>): void {
  const origin = req.headers.origin;
  if (origin !== undefined && !origins.has(origin)) {
    throw new HttpError(403, {
      error: `the control API refuses cross-origin requests: Origin "${origin}" is not the emulator's own`,
    });
  }
  if (!carriesBody(req)) return;
  const mediaType = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw new HttpError(415, {
      error: `the control API accepts only Content-Type: application/json bodies, not "${mediaType || 'none'}"`,
    });
  }
}

/** POST, PUT and PATCH always count as carrying a body; any other method when it declares one. */
function carriesBody(req: IncomingMessage): boolean {
  if (req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH') return true;
  const length = Number(req.headers['content-length'] ?? '0');
  return length > 0 || req.headers['transfer-encoding'] !== undefined;
}
