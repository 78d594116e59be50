import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { metricsRegistry } from './registration.js';

export interface OpsServerOptions {
  port: number;
  host?: string;
  /**
   * Readiness for /readyz; without it only /metrics is served (the gateway answers its
   * probes on its own HTTP port).
   */
  readiness?: () => Promise<{ ready: boolean; report: unknown }>;
}

export interface OpsServer {
  port: number;
  close(): Promise<void>;
}

/** The process's one ops listener (the standalone runtime hosts several apps in one process). */
let processServer: OpsServer | undefined;

/** Opens the process's ops listener, or returns undefined when another app already has. */
export async function openProcessOpsServer(
  options: OpsServerOptions,
): Promise<OpsServer | undefined> {
  if (processServer) return undefined;
  const server = await startOpsServer(options);
  processServer = {
    port: server.port,
    close: async () => {
      if (processServer === wrapped) processServer = undefined;
      await server.close();
    },
  };
  const wrapped = processServer;
  return wrapped;
}

/**
 * The operators' listener: /metrics for Prometheus and, for processes without HTTP of their
 * own, /healthz and /readyz for Kubernetes. It is a separate port that no Ingress routes.
 * Probes read no cookie or header, so they answer alike whoever asks.
 */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(body);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      send(405, 'text/plain', 'Method Not Allowed');
      return;
    }
    if (path === '/metrics') {
      metricsRegistry.metrics().then(
        (text) => send(200, metricsRegistry.contentType, text),
        (error: unknown) => send(500, 'text/plain', String(error)),
      );
      return;
    }
    if (options.readiness && path === '/healthz') {
      send(200, 'application/json', JSON.stringify({ status: 'ok' }));
      return;
    }
    if (options.readiness && path === '/readyz') {
      options.readiness().then(
        ({ ready, report }) =>
          send(
            ready ? 200 : 503,
            'application/json',
            JSON.stringify({ status: ready ? 'ready' : 'not_ready', report }),
          ),
        () => send(503, 'application/json', JSON.stringify({ status: 'not_ready' })),
      );
      return;
    }
    send(404, 'text/plain', 'Not Found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
