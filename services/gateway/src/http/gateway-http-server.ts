import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { ExpressAdapter } from '@nestjs/platform-express';

export interface GatewayHttpServerOptions {
  /** A connection that sends no complete request headers within this time gets 408. */
  headersTimeoutMs: number;
  /** A request whose body has not fully arrived within this time gets 408. */
  requestTimeoutMs: number;
  /** The one path whose `Upgrade` requests are protocol switches (the live channel). */
  upgradePath: string;
}

/** How often Node looks for connections past their headers or request timeout. */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * How long an idle keep-alive connection stays open. It must outlast the idle timeout of
 * whatever reuses connections to the gateway: Node's and browsers' agents (5 s) and the usual
 * proxies and load balancers (60 s). With Node's default of 5 s both ends time out together,
 * and a request sent on a socket the server is closing fails with ECONNRESET.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function pathnameOf(request: IncomingMessage): string {
  const url = request.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * The gateway's HTTP server. An `Upgrade` header on any other path than the live channel is
 * ignored, so the request is served like any other (`curl --http2` asks for h2c on every
 * request): Node would otherwise hand it to the upgrade listeners, detached from every
 * timeout, and nobody would answer it. Silent clients are cut after the headers timeout, and
 * every socket is remembered so shutdown can end those that outlive the grace period,
 * upgraded ones included (`closeAllConnections` knows only HTTP connections).
 */
export class GatewayHttpAdapter extends ExpressAdapter {
  private readonly sockets = new Set<Socket>();
  /** Sockets with a request in flight, or taken over by an upgrade: not idle. */
  private readonly busy = new Set<Socket>();

  constructor(private readonly serverOptions: GatewayHttpServerOptions) {
    super();
  }

  override initHttpServer(): void {
    const { headersTimeoutMs, requestTimeoutMs, upgradePath } = this.serverOptions;
    const server = createServer(
      {
        headersTimeout: headersTimeoutMs,
        keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
        // Node refuses a request timeout shorter than the headers timeout.
        requestTimeout: Math.max(requestTimeoutMs, headersTimeoutMs),
        connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, headersTimeoutMs),
        shouldUpgradeCallback: (request) => pathnameOf(request) === upgradePath,
      },
      this.getInstance<RequestListener>(),
    );
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.once('close', () => {
        this.sockets.delete(socket);
        this.busy.delete(socket);
      });
    });
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      this.busy.add(request.socket);
      response.once('close', () => this.busy.delete(request.socket));
    });
    server.on('upgrade', (request: IncomingMessage) => this.busy.add(request.socket));
    this.setHttpServer(server);
  }

  /** Ends, at the start of shutdown, the connections that wait for nothing from the server. */
  destroyIdleConnections(): void {
    for (const socket of this.sockets) if (!this.busy.has(socket)) socket.destroy();
  }

  /** Ends every connection at once, whatever state it is in. */
  destroyAllConnections(): void {
    for (const socket of this.sockets) socket.destroy();
  }
}
