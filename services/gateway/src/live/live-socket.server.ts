import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  AUTH_REQUESTS,
  ERROR_CODES,
  MAX_LIVE_MESSAGE_BYTES,
  SESSION_ID_PATTERN,
  sendRequest,
  type ErrorCode,
  type LoginAccess,
  type UserDto,
} from '@greetboard/contracts';
import { liveMessages, liveSocketCloses, liveSockets } from '@greetboard/metrics';
import { BUS_CLIENT, withRequestId, type BusClient } from '@greetboard/transport';
import {
  GATEWAY_AUTH_SETTINGS,
  sessionCookieName,
  type GatewayAuthSettings,
} from '../auth/gateway-auth.settings.js';
import { parseClientMessage, LiveCommands } from './live-commands.js';
import { CLOSE, LiveConnection } from './live-connection.js';
import { LiveHub } from './live-hub.js';
import { LiveLimits } from './live-limits.js';

export const LIVE_PATH = '/ws';
const DEFAULT_LIVE_SOCKETS_PER_USER = 50;
const DEFAULT_LIVE_SOCKETS_PER_OVERLAY_LINK = 10;
const HEARTBEAT_INTERVAL_MS = 30_000;

/** The value of one cookie in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) {
      return decodeURIComponent(part.slice(separator + 1).trim());
    }
  }
  return undefined;
}

/**
 * The live channel at `/ws`. The upgrade is accepted only from the app's own origin and with
 * a live session cookie; the socket then belongs to that user, whatever it later claims.
 * Heartbeats find dead peers; oversized messages close the socket (1009); chatty ones, and
 * ones that keep sending what is refused, are cut off (4029); slow readers are dropped
 * instead of buffered (4008). Upgrades count against the client address's API rate limit
 * before any credential is looked at.
 */
@Injectable()
export class LiveSocketServer
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger = new Logger('live');
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_LIVE_MESSAGE_BYTES,
  });
  private heartbeat?: NodeJS.Timeout;
  private readonly connections = new Set<LiveConnection>();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(GATEWAY_AUTH_SETTINGS) private readonly settings: GatewayAuthSettings,
    private readonly hub: LiveHub,
    private readonly commands: LiveCommands,
    private readonly limits: LiveLimits,
  ) {}

  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter.getHttpServer() as Server;
    server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      // The HTTP server passes only /ws upgrades here; anything else is refused, never left open.
      if (new URL(request.url ?? '/', 'http://localhost').pathname !== LIVE_PATH) {
        return reject(socket, 404, 'Not Found');
      }
      this.upgrade(request, socket, head).catch((error: unknown) => {
        this.logger.error(`Live upgrade failed: ${String(error)}`);
        reject(socket, 500, 'Internal Server Error');
      });
    });
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_INTERVAL_MS);
    this.heartbeat.unref();
  }

  /**
   * Before the HTTP server closes: it waits for every connection, upgraded sockets included,
   * so open sockets must be told to go (1001; browsers reconnect, to another replica) first.
   */
  beforeApplicationShutdown(): void {
    clearInterval(this.heartbeat);
    this.hub.closeAll();
    for (const connection of this.connections)
      connection.close(CLOSE.goingAway, 'Server shutting down');
    this.wss.close();
  }

  onApplicationShutdown(): void {
    // Peers that never answered the close handshake are gone by now.
    for (const connection of this.connections) connection.socket.terminate();
  }

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    // Counted before anything costs a lookup: anonymous attempts are limited by address.
    const counted = await this.limits.upgradeAllowed(this.clientAddress(request));
    if (!counted.allowed) {
      return reject(socket, 429, 'Too Many Requests', 'RATE_LIMITED', {
        'Retry-After': String(counted.retryAfterSeconds),
      });
    }
    if (request.headers.origin !== new URL(this.settings.publicUrl).origin) {
      this.logger.warn(`Refused a live socket from origin ${request.headers.origin ?? '(none)'}`);
      return reject(socket, 403, 'Forbidden');
    }
    const signedIn = await this.signedInUser(request);
    if (!signedIn) return reject(socket, 401, 'Unauthorized');
    const atLimit = this.socketLimitOf(signedIn);
    if (atLimit()) {
      this.logger.warn(`User ${signedIn.user.id} is at a live socket limit (${signedIn.access})`);
      return reject(socket, 429, 'Too Many Requests', 'LIVE_SOCKET_LIMIT');
    }
    this.wss.handleUpgrade(request, socket, head, (ws) => {
      // Upgrades of one user that were checked at the same time: the extra ones close.
      if (atLimit()) {
        ws.close(CLOSE.policy, ERROR_CODES.LIVE_SOCKET_LIMIT);
        return;
      }
      this.accept(ws, new LiveConnection(ws, signedIn.user, signedIn.sessionId, signedIn.access));
    });
  }

  /**
   * Whether the socket's credential is at its cap: a browser's counts against the user's
   * LIVE_SOCKETS_PER_USER, an overlay link's against its own LIVE_SOCKETS_PER_OVERLAY_LINK
   * only, so the holder of a link can never lock the owner out.
   */
  private socketLimitOf(signedIn: { user: UserDto; sessionId: string; access: LoginAccess }) {
    const { user, sessionId, access } = signedIn;
    if (access === 'browser') {
      const limit = this.settings.liveSocketsPerUser ?? DEFAULT_LIVE_SOCKETS_PER_USER;
      return () => this.hub.connectionsOf(user.id) >= limit;
    }
    const limit = this.settings.liveSocketsPerOverlayLink ?? DEFAULT_LIVE_SOCKETS_PER_OVERLAY_LINK;
    return () => this.hub.linkConnectionsOf(user.id, sessionId) >= limit;
  }

  /**
   * The client's address as Express sees it for HTTP requests: the socket's peer, or as many
   * X-Forwarded-For hops back as TRUST_PROXY_HOPS trusts (Express's own compiled rule).
   */
  private clientAddress(request: IncomingMessage): string {
    const app = this.adapterHost.httpAdapter.getInstance<{ get(name: string): unknown }>();
    const trusted = app.get('trust proxy fn') as
      ((address: string, hop: number) => boolean) | undefined;
    const forwarded = request.headers['x-forwarded-for'];
    const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
      .split(',')
      .map((address) => address.trim())
      .filter(Boolean)
      .reverse();
    const addresses = [request.socket.remoteAddress ?? 'unknown', ...hops];
    let index = 0;
    while (index < addresses.length - 1 && trusted?.(addresses[index], index)) index++;
    return addresses[index];
  }

  /**
   * The user of the session cookie, or of an overlay link's token in the `token` query
   * parameter (a browser source cannot send headers on a WebSocket; ADR 0029). A browser's
   * login session in the query string is refused (ADR 0046): URLs end up in logs.
   */
  private async signedInUser(
    request: IncomingMessage,
  ): Promise<{ user: UserDto; sessionId: string; access: LoginAccess } | null> {
    const cookie = cookieValue(request.headers.cookie, sessionCookieName(this.settings));
    const sessionId =
      cookie ??
      new URL(request.url ?? '/', 'http://localhost').searchParams.get('token') ??
      undefined;
    if (!sessionId || !SESSION_ID_PATTERN.test(sessionId)) return null;
    const { user, access = 'browser' } = await sendRequest(this.bus, AUTH_REQUESTS.resolveSession, {
      sessionId,
    });
    if (cookie === undefined && access === 'browser') return null;
    return user ? { user, sessionId, access } : null;
  }

  private accept(ws: WebSocket, connection: LiveConnection): void {
    const { user } = connection;
    this.connections.add(connection);
    this.hub.add(connection);
    liveSockets.inc();
    ws.on('pong', () => (connection.isAlive = true));
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (!connection.withinRateLimit()) {
        this.limits.refuse(connection, 'user_rate', 'too many messages on one socket');
        connection.close(CLOSE.rateLimited, 'Too many messages');
        return;
      }
      if (isBinary) {
        this.limits.refuse(connection, 'binary', 'a binary message');
        return;
      }
      liveMessages.inc({ direction: 'received' });
      // In order: a join must have taken effect before the command that relies on it. The
      // user's limit across sockets is checked in that order too, before any other work.
      void connection.enqueue(async () => {
        // A socket closed for its messages leaves the rest of them unread.
        if (ws.readyState !== ws.OPEN) return;
        if (!(await this.limits.messageAllowed(user.id))) {
          this.limits.refuse(connection, 'user_rate', 'too many messages across sockets');
          return;
        }
        await this.receive(connection, textOf(data));
      });
    });
    ws.on('close', (code: number) => {
      liveSockets.dec();
      liveSocketCloses.inc({ reason: closeReason(code) });
      this.connections.delete(connection);
      this.hub.remove(connection);
    });
    ws.on('error', (error) => {
      this.logger.warn(`Live socket of user ${user.id} failed: ${error.message}`);
      ws.terminate();
    });
  }

  /** Each live message is a request of its own: its NATS messages and log lines share an id. */
  private receive(connection: LiveConnection, text: string): Promise<void> {
    return withRequestId(randomUUID(), async () => {
      const message = parseClientMessage(text, {
        warn: (detail: string) => this.limits.refuse(connection, 'invalid', detail),
      });
      if (message) await this.commands.handle(connection, message);
    });
  }

  private beat(): void {
    for (const connection of this.connections) {
      if (!connection.isAlive) {
        connection.socket.terminate();
        continue;
      }
      connection.isAlive = false;
      connection.socket.ping();
    }
  }
}

function textOf(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

/** Close codes grouped so the socket-drop alert can tell shutdowns from failures. */
function closeReason(code: number): string {
  if (code === 1000 || code === CLOSE.signedOut) return 'normal';
  if (code === CLOSE.goingAway) return 'going_away';
  if (code === 1006) return 'abnormal';
  return 'other';
}

/** How long a refused upgrade's socket may linger for its client to read the answer. */
const REFUSED_LINGER_MS = 1_000;

function reject(
  socket: Duplex,
  status: number,
  text: string,
  code?: ErrorCode,
  headers: Record<string, string> = {},
): void {
  socket.on('error', () => undefined);
  const body = code ? JSON.stringify({ error: ERROR_CODES[code], code }) : '';
  // Reads what the client still sends (unread data would reset the answer away), answers,
  // and closes even if the client never does: a half-closed socket would be held forever.
  socket.resume();
  const extra = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      `${extra}Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), REFUSED_LINGER_MS).unref();
}
