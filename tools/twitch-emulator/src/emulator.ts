import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
  type Socket,
} from 'node:net';
import { type RawData, WebSocketServer, type WebSocket } from 'ws';
import { registerControlRoutes } from './control/control-api.js';
import { controlOrigins, guardControlRequest, isControlPath } from './control/control-guard.js';
import { FaultState } from './control/faults.js';
import { EventSubServer } from './eventsub/eventsub.js';
import { HelixRoutes } from './helix/helix.js';
import { HelixRateLimiter } from './helix/rate-limit.js';
import { HttpError, Router, sendJson } from './http/http.js';
import { renderAvatar } from './identity/consent-page.js';
import { renderEmote } from './irc/twitch-lines.js';
import { type AutoApproval, IdentityRoutes } from './identity/oauth.js';
import { IrcServer } from './irc/server.js';
import { resolveOptions, type TwitchEmulatorOptions } from './options.js';
import { ChannelStore } from './state/channels.js';
import { SeededRandom } from './state/random.js';
import { TokenStore, type UserGrants } from './state/tokens.js';
import { UserStore } from './state/users.js';
import { DemoChat, type DemoChatOptions } from './traffic/demo-chat.js';
import { type TrafficOptions } from './traffic/generator.js';
import { TRAFFIC_DEFAULTS, TrafficManager } from './traffic/manager.js';
import { type TrafficRun } from './traffic/runner.js';

const OUTAGE_HANDSHAKE_REPLY =
  'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

export interface TwitchEmulator {
  /** http://host:port: identity (/oauth2), Helix (/helix), control API (/control). */
  readonly httpUrl: string;
  /** ws://host:port/: IRC over WebSocket. */
  readonly ircWsUrl: string;
  /** ws://host:port/eventsub: EventSub over WebSocket (Twitch: wss://eventsub.wss.twitch.tv/ws). */
  readonly eventSubWsUrl: string;
  readonly httpPort: number;
  readonly ircTcpPort: number;
  readonly host: string;
  /** In-process access for seeding and inspection, equivalent to the control API. */
  readonly state: {
    readonly users: UserStore;
    readonly tokens: TokenStore;
    readonly channels: ChannelStore;
    readonly irc: IrcServer;
    readonly faults: FaultState;
    readonly eventSub: EventSubServer;
  };
  /** Starts seeded traffic over several channels at once (benchmarks). */
  startTraffic(
    channels: readonly string[],
    options: Partial<TrafficOptions> & Pick<TrafficOptions, 'rate' | 'durationSec'>,
  ): TrafficRun;
  /** A gentle demo chat stream into every joined channel. */
  createDemoChat(options?: DemoChatOptions): DemoChat;
  close(): Promise<void>;
}

/** Starts the emulator: one HTTP server (identity, Helix, control, IRC over WebSocket) and one IRC TCP server. */
export async function startTwitchEmulator(
  input: TwitchEmulatorOptions = {},
): Promise<TwitchEmulator> {
  const options = resolveOptions(input);
  const random = new SeededRandom(options.seed);
  let httpUrl = '';
  let eventSubWsUrl = '';
  const users = new UserStore(() => httpUrl);
  const tokens = new TokenStore(options.clients, options.tokenExpiresInSec);
  if (options.grantsFile) keepGrantsIn(tokens, options.grantsFile);
  const channels = new ChannelStore(() => String(40_000_000_000 + random.int(9_000_000_000)));
  const faults = new FaultState(random.fork('faults'));
  const irc = new IrcServer(users, tokens, channels, faults, options);
  const traffic = new TrafficManager(users, channels, irc);
  const autoApproval: AutoApproval = { login: undefined };
  const demos: DemoChat[] = [];

  const router = new Router();
  new IdentityRoutes(users, tokens, autoApproval).register(router);
  const helix = new HelixRoutes(
    users,
    tokens,
    channels,
    irc,
    new HelixRateLimiter(options.helixRateLimitPerMinute),
    faults,
  );
  helix.register(router);
  const eventSub = new EventSubServer(users, channels, () => eventSubWsUrl);
  eventSub.register(router, (handler) => helix.guard(handler));
  registerControlRoutes(router, {
    users,
    tokens,
    channels,
    irc,
    faults,
    eventSub,
    autoApproval,
    traffic,
    random,
    defaultClientId: options.clients[0]?.clientId ?? '',
  });
  router.add('GET', '/emulator/avatars/:file', ({ res, params }) => {
    const user = users.byLogin((params.file ?? '').replace(/\.svg$/, ''));
    if (!user) throw new HttpError(404, { error: 'no such avatar' });
    res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=3600' });
    res.end(renderAvatar(user));
  });

  // Twitch's emote CDN path (static-cdn.jtvnw.net/emoticons/v2/...): the known global emotes.
  router.add('GET', '/emoticons/v2/:id/default/:theme/:scale', ({ res, params }) => {
    const image = renderEmote(params.id ?? '', params.theme === 'light' ? 'light' : 'dark');
    if (!image) throw new HttpError(404, { error: 'no such emote' });
    res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=3600' });
    res.end(image);
  });

  let ownOrigins: ReadonlySet<string> = new Set();
  const httpServer = createHttpServer((req, res) => {
    handleHttp(router, ownOrigins, req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: String(error) });
      else res.destroy();
    });
  });
  const wss = new WebSocketServer({
    noServer: true,
    // Twitch accepts the "irc" subprotocol and plain connections alike.
    handleProtocols: (protocols) => (protocols.has('irc') ? 'irc' : false),
  });
  httpServer.on('upgrade', (req, socket, head) => {
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (pathname === '/') {
      const admission = irc.admission();
      // An outage (ADR 0039): `refuse` answers the handshake 503; `drop` completes it and cuts.
      if (admission === 'refuse') socket.end(OUTAGE_HANDSHAKE_REPLY);
      else
        wss.handleUpgrade(req, socket, head, (ws) =>
          admission === 'drop' ? ws.terminate() : attachWebSocket(irc, ws),
        );
    } else if (pathname === '/eventsub') eventSub.handleUpgrade(req, socket, head);
    else socket.destroy();
  });
  const tcpServer = createTcpServer((socket) => {
    const admission = irc.admission();
    // An outage (ADR 0039): `refuse` resets the connection at once, `drop` closes it after accept.
    if (admission === 'refuse') socket.resetAndDestroy();
    else if (admission === 'drop') socket.destroy();
    else attachTcp(irc, socket);
  });

  await listen(httpServer, options.httpPort, options.host);
  await listen(tcpServer, options.ircPort, options.host);
  const httpPort = (httpServer.address() as AddressInfo).port;
  const ircTcpPort = (tcpServer.address() as AddressInfo).port;
  const urlHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  httpUrl = `http://${urlHost}:${httpPort}`;
  eventSubWsUrl = `ws://${urlHost}:${httpPort}/eventsub`;
  ownOrigins = controlOrigins(httpUrl, httpPort);
  for (const login of options.users) users.ensure(login);

  return {
    httpUrl,
    ircWsUrl: `ws://${urlHost}:${httpPort}/`,
    eventSubWsUrl,
    httpPort,
    ircTcpPort,
    host: options.host,
    state: { users, tokens, channels, irc, faults, eventSub },
    startTraffic: (channelLogins, trafficOptions) =>
      traffic.start(channelLogins, { ...TRAFFIC_DEFAULTS, ...trafficOptions }),
    createDemoChat: (demoOptions) => {
      const demo = new DemoChat(users, channels, irc, demoOptions);
      demos.push(demo);
      return demo;
    },
    close: async () => {
      traffic.stopAll();
      for (const demo of demos) demo.stop();
      irc.close();
      eventSub.close();
      channels.close();
      for (const client of wss.clients) client.terminate();
      wss.close();
      httpServer.closeAllConnections();
      await Promise.all([closeServer(httpServer), closeServer(tcpServer)]);
    },
  };
}

async function handleHttp(
  router: Router,
  ownOrigins: ReadonlySet<string>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const match = router.match(req.method ?? 'GET', url.pathname);
  try {
    if (isControlPath(url.pathname)) guardControlRequest(req, ownOrigins);
    if (match === undefined) throw notFoundFor(url.pathname);
    if (match === 'methodNotAllowed')
      throw new HttpError(405, { error: `${req.method} is not allowed on ${url.pathname}` });
    await match.handler({ req, res, url, params: match.params });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (res.headersSent) return;
    sendJson(res, error.status, error.body, error.headers);
  }
}

/** 404 bodies in the shape each API family uses. */
function notFoundFor(pathname: string): HttpError {
  if (pathname.startsWith('/helix/'))
    return new HttpError(404, { error: 'Not Found', status: 404, message: '' });
  if (pathname.startsWith('/oauth2/'))
    return new HttpError(404, { status: 404, message: 'Not Found' });
  return new HttpError(404, { error: `no route for ${pathname}` });
}

function attachWebSocket(irc: IrcServer, ws: WebSocket): void {
  const connection = irc.attach('ws', {
    write: (payload) => ws.send(payload),
    end: () => ws.close(),
    destroy: () => ws.terminate(),
    isOpen: () => ws.readyState === ws.OPEN,
  });
  ws.on('message', (data, isBinary) => {
    if (!isBinary) irc.receive(connection, frameText(data));
  });
  ws.on('close', () => irc.detach(connection));
  ws.on('error', () => ws.terminate());
}

function frameText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

function attachTcp(irc: IrcServer, socket: Socket): void {
  socket.setEncoding('utf8');
  socket.setNoDelay(true);
  const connection = irc.attach('tcp', {
    write: (payload) => socket.write(payload),
    end: () => socket.end(),
    destroy: () => socket.destroy(),
    isOpen: () => socket.writable,
  });
  socket.on('data', (chunk: string) => irc.receive(connection, chunk));
  socket.on('close', () => irc.detach(connection));
  socket.on('error', () => socket.destroy());
}

function listen(server: TcpServer, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: TcpServer): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/**
 * Loads the users' grants kept in `file` and writes them back after every change, so a
 * restarted emulator still accepts the tokens it issued (an atomic rename per write).
 */
function keepGrantsIn(tokens: TokenStore, file: string): void {
  try {
    tokens.restoreUserGrants(JSON.parse(readFileSync(file, 'utf8')) as UserGrants);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  tokens.onGrantsChanged = () => {
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, JSON.stringify(tokens.userGrants()));
    renameSync(partial, file);
  };
}
