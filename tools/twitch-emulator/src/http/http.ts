import { type IncomingMessage, type ServerResponse } from 'node:http';

/** An error that becomes an HTTP response with exactly this status and JSON body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(
      typeof body === 'object' && body !== null && 'message' in body
        ? String(body.message)
        : `HTTP ${status}`,
    );
  }
}

export interface RequestContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly url: URL;
  readonly params: Readonly<Record<string, string>>;
}

export type Handler = (context: RequestContext) => Promise<void> | void;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Route {
  readonly method: Method;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly handler: Handler;
}

/** A tiny path router: `/control/channels/:login/raw` style patterns, exact matches only. */
export class Router {
  private readonly routes: Route[] = [];

  add(method: Method, path: string, handler: Handler): this {
    const names: string[] = [];
    const source = path
      .split('/')
      .map((part) => {
        if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(part.slice(1));
        return '([^/]+)';
      })
      .join('/');
    this.routes.push({ method, pattern: new RegExp(`^${source}/?$`), names, handler });
    return this;
  }

  /** Finds the handler; `methodNotAllowed` when the path exists under another method. */
  match(
    method: string,
    pathname: string,
  ): { handler: Handler; params: Record<string, string> } | 'methodNotAllowed' | undefined {
    let pathMatched = false;
    for (const route of this.routes) {
      const found = route.pattern.exec(pathname);
      if (!found) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, index) => {
        params[name] = decodeURIComponent(found[index + 1] ?? '');
      });
      return { handler: route.handler, params };
    }
    return pathMatched ? 'methodNotAllowed' : undefined;
  }
}

const MAX_BODY_BYTES = 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES)
      throw new HttpError(413, { error: 'request body is larger than 1 MiB' });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Form fields from an x-www-form-urlencoded body, falling back to the query string as Twitch does. */
export async function readForm(context: RequestContext): Promise<URLSearchParams> {
  const body = await readBody(context.req);
  const form = new URLSearchParams(body);
  for (const [key, value] of context.url.searchParams) if (!form.has(key)) form.set(key, value);
  return form;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

export function sendEmpty(
  res: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>> = {},
): void {
  res.writeHead(status, { ...headers, 'Content-Length': 0 });
  res.end();
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
  });
  res.end(html);
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { Location: location, 'Content-Length': 0 });
  res.end();
}
