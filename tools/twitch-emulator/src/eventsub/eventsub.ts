import { randomUUID } from 'node:crypto';
import { type IncomingMessage } from 'node:http';
import { type Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { helixError, readJsonObject, type HelixHandler } from '../helix/helix.js';
import { type RequestContext, type Router, sendEmpty, sendJson } from '../http/http.js';
import { type ChannelStore, type StreamEvent } from '../state/channels.js';
import { type IssuedToken } from '../state/tokens.js';
import { type UserStore } from '../state/users.js';

/** The subscription types the emulator delivers (those Greetboard uses). */
const SUPPORTED_TYPES = new Set(['stream.online', 'stream.offline']);
const DEFAULT_KEEPALIVE_SECONDS = 10;
/** Twitch gives a client 30 s to connect to the reconnect_url before it closes the old one. */
export const DEFAULT_RECONNECT_GRACE_MS = 30_000;
/** Close codes of Twitch's EventSub WebSocket server. */
const CLOSE_RECONNECT_GRACE_EXPIRED = 4004;
const CLOSE_INVALID_RECONNECT = 4007;

/** Why Twitch revokes a subscription (`status` on the revocation message). */
export const REVOCATION_STATUSES = [
  'authorization_revoked',
  'user_removed',
  'moderator_removed',
  'version_removed',
] as const;
export type RevocationStatus = (typeof REVOCATION_STATUSES)[number];

/** Between session_reconnect and the client's welcome on the reconnect_url. */
interface PendingReconnect {
  token: string;
  timer: NodeJS.Timeout;
  /** Resend what the old connection was sent meanwhile, with the same message ids. */
  redeliver: boolean;
  /** Notifications sent on the old connection since session_reconnect (for `redeliver`). */
  sentMeanwhile: string[];
  /** Notifications that found no connection (the client closed the old one early). */
  held: string[];
}

interface EventSubSession {
  id: string;
  /** Undefined while a reconnecting client has closed its old socket but not opened the new one. */
  socket: WebSocket | undefined;
  connectedAt: string;
  keepaliveSeconds: number;
  keepaliveTimer?: NodeJS.Timeout;
  reconnect?: PendingReconnect;
}

/** One session as the control API shows it. */
export interface EventSubSessionInfo {
  id: string;
  connected: boolean;
  reconnecting: boolean;
  connectedAt: string;
  keepaliveSeconds: number;
  subscriptions: Record<string, unknown>[];
}

interface Subscription {
  id: string;
  type: string;
  version: string;
  condition: { broadcaster_user_id: string };
  sessionId: string;
  /** The client that created it; Helix lists and deletes per client id. */
  clientId: string;
  createdAt: string;
}

/**
 * EventSub over WebSocket (eventsub.wss.twitch.tv/ws) and its Helix endpoints
 * (/helix/eventsub/subscriptions): a client connects, receives `session_welcome` with its
 * session id, subscribes through Helix with a user token, and then receives `notification`
 * messages, with `session_keepalive` whenever the connection is otherwise quiet. As faults, the
 * control API can move a client to a new connection (`session_reconnect`) and revoke
 * subscriptions (`revocation`).
 *
 * A reconnect hands over as Twitch's CLI does (ADR 0043): the client connects to the
 * reconnect_url and is welcomed there with a new session id, to which its subscriptions move.
 * Until that welcome, notifications keep going to the old connection (or are held if the
 * client closed it early); after it, the old connection is closed. A client that does not
 * arrive within the grace time has its old connection closed with 4004 and loses everything.
 */
export class EventSubServer {
  private readonly sessions = new Map<string, EventSubSession>();
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly unsubscribeStreams: () => void;

  constructor(
    private readonly users: UserStore,
    channels: ChannelStore,
    /** ws://host:port/eventsub; read lazily because the port is only known after listen. */
    private readonly publicUrl: () => string,
  ) {
    this.unsubscribeStreams = channels.onStreamEvent((event) => this.notifyStream(event));
  }

  /** Helix routes, wrapped in the Helix guard (token, Client-Id, rate limit, faults). */
  register(router: Router, guard: (handler: HelixHandler) => (c: RequestContext) => Promise<void>) {
    router
      .add(
        'POST',
        '/helix/eventsub/subscriptions',
        guard((c, t) => this.subscribe(c, t)),
      )
      .add(
        'GET',
        '/helix/eventsub/subscriptions',
        guard((c, t) => this.list(c, t)),
      )
      .add(
        'DELETE',
        '/helix/eventsub/subscriptions',
        guard((c, t) => this.remove(c, t)),
      );
  }

  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const requested = Number(url.searchParams.get('keepalive_timeout_seconds'));
    const keepaliveSeconds =
      Number.isInteger(requested) && requested >= 10 && requested <= 600
        ? requested
        : DEFAULT_KEEPALIVE_SECONDS;
    const reconnectToken = url.searchParams.get('reconnect_token');
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      if (reconnectToken === null) this.open(ws, keepaliveSeconds);
      else this.resume(ws, reconnectToken);
    });
  }

  /** Connected EventSub sessions, for inspection. */
  sessionIds(): string[] {
    return [...this.sessions.keys()];
  }

  /** Sessions with their subscriptions, for the control API. */
  inspect(): EventSubSessionInfo[] {
    return [...this.sessions.values()].map((session) => ({
      id: session.id,
      connected: session.socket !== undefined,
      reconnecting: session.reconnect !== undefined,
      connectedAt: session.connectedAt,
      keepaliveSeconds: session.keepaliveSeconds,
      subscriptions: [...this.subscriptions.values()]
        .filter((subscription) => subscription.sessionId === session.id)
        .map((subscription) => this.resource(subscription)),
    }));
  }

  hasSession(sessionId: string): boolean {
    return this.sessions.has(sessionId);
  }

  hasSubscription(subscriptionId: string): boolean {
    return this.subscriptions.has(subscriptionId);
  }

  /**
   * Sends `session_reconnect` to one session (or every connected one): the client is to connect
   * to the reconnect_url, where a new session takes over the subscriptions. With `redeliver`,
   * the notifications the old connection received meanwhile are sent again on the new one with
   * their message ids, as Twitch may do when unsure they arrived. Answers the session ids told.
   */
  reconnect(
    sessionId: string | undefined,
    graceMs: number,
    options: { redeliver?: boolean } = {},
  ): string[] {
    const targets = [...this.sessions.values()].filter(
      (session) =>
        session.socket !== undefined && (sessionId === undefined || session.id === sessionId),
    );
    for (const session of targets) {
      clearTimeout(session.reconnect?.timer);
      const token = randomUUID();
      const timer = setTimeout(() => this.reconnectExpired(session, token), graceMs);
      timer.unref();
      session.reconnect = {
        token,
        timer,
        redeliver: options.redeliver ?? false,
        sentMeanwhile: [],
        held: [],
      };
      this.send(session, 'session_reconnect', {
        session: {
          id: session.id,
          status: 'reconnecting',
          keepalive_timeout_seconds: null,
          reconnect_url: `${this.publicUrl()}?reconnect_token=${token}`,
          connected_at: session.connectedAt,
        },
      });
    }
    return targets.map((session) => session.id);
  }

  /**
   * Revokes one subscription, or every subscription for a broadcaster: the session that holds it
   * receives a `revocation` message with the reason, and the subscription is gone from Helix.
   * Answers the ids of the revoked subscriptions.
   */
  revoke(
    target: { subscriptionId?: string; broadcasterId?: string },
    status: RevocationStatus,
  ): string[] {
    const revoked: string[] = [];
    for (const subscription of [...this.subscriptions.values()]) {
      if (target.subscriptionId !== undefined && subscription.id !== target.subscriptionId)
        continue;
      if (
        target.broadcasterId !== undefined &&
        subscription.condition.broadcaster_user_id !== target.broadcasterId
      )
        continue;
      const session = this.sessions.get(subscription.sessionId);
      const resource = { ...this.resource(subscription), status };
      this.subscriptions.delete(subscription.id);
      revoked.push(subscription.id);
      if (session) this.send(session, 'revocation', { subscription: resource }, subscription);
    }
    return revoked;
  }

  close(): void {
    this.unsubscribeStreams();
    for (const session of this.sessions.values()) {
      clearTimeout(session.keepaliveTimer);
      clearTimeout(session.reconnect?.timer);
      session.socket?.terminate();
    }
    this.sessions.clear();
    this.wss.close();
  }

  private open(socket: WebSocket, keepaliveSeconds: number): void {
    const session: EventSubSession = {
      id: randomUUID(),
      socket,
      connectedAt: new Date().toISOString(),
      keepaliveSeconds,
    };
    this.sessions.set(session.id, session);
    this.watch(session, socket);
    this.welcome(session);
  }

  /**
   * A client arriving on a reconnect_url: a new session, welcomed, takes over the old one's
   * subscriptions; what the old connection could not be given follows; then the old one closes.
   */
  private resume(socket: WebSocket, token: string): void {
    const old = [...this.sessions.values()].find(
      (candidate) => candidate.reconnect?.token === token,
    );
    const handover = old?.reconnect;
    if (!old || !handover) {
      socket.close(CLOSE_INVALID_RECONNECT, 'Invalid reconnect');
      return;
    }
    clearTimeout(handover.timer);
    clearTimeout(old.keepaliveTimer);
    this.sessions.delete(old.id);
    const session: EventSubSession = {
      id: randomUUID(),
      socket,
      connectedAt: new Date().toISOString(),
      keepaliveSeconds: old.keepaliveSeconds,
    };
    this.sessions.set(session.id, session);
    for (const subscription of this.subscriptions.values()) {
      if (subscription.sessionId === old.id) subscription.sessionId = session.id;
    }
    this.watch(session, socket);
    this.welcome(session);
    const resent = handover.redeliver ? handover.sentMeanwhile : [];
    for (const text of [...resent, ...handover.held]) this.write(session, text);
    // Twitch closes the old connection once the client is welcomed on the new one.
    const oldSocket = old.socket;
    old.socket = undefined;
    oldSocket?.close(1000, 'moved to the reconnect_url');
  }

  private watch(session: EventSubSession, socket: WebSocket): void {
    socket.on('close', () => this.socketClosed(session, socket));
    socket.on('error', () => socket.terminate());
  }

  private welcome(session: EventSubSession): void {
    this.send(session, 'session_welcome', {
      session: {
        id: session.id,
        status: 'connected',
        connected_at: session.connectedAt,
        keepalive_timeout_seconds: session.keepaliveSeconds,
        reconnect_url: null,
        recovery_url: null,
      },
    });
  }

  private socketClosed(session: EventSubSession, socket: WebSocket): void {
    // The old socket of a session that has handed over to a new one.
    if (session.socket !== socket) return;
    if (session.reconnect) {
      // A reconnecting client may close the old socket first; the session waits for it.
      session.socket = undefined;
      clearTimeout(session.keepaliveTimer);
      return;
    }
    this.drop(session.id);
  }

  private reconnectExpired(session: EventSubSession, token: string): void {
    if (session.reconnect?.token !== token) return;
    delete session.reconnect;
    const socket = session.socket;
    this.drop(session.id);
    socket?.close(CLOSE_RECONNECT_GRACE_EXPIRED, 'Reconnect grace time expired');
  }

  /** Subscriptions on a websocket transport end with their session. */
  private drop(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    clearTimeout(session?.keepaliveTimer);
    clearTimeout(session?.reconnect?.timer);
    this.sessions.delete(sessionId);
    for (const [id, subscription] of this.subscriptions) {
      if (subscription.sessionId === sessionId) this.subscriptions.delete(id);
    }
  }

  private send(
    session: EventSubSession,
    messageType: string,
    payload: object,
    subscription?: Subscription,
  ): void {
    const metadata: Record<string, string> = {
      message_id: randomUUID(),
      message_type: messageType,
      message_timestamp: new Date().toISOString(),
    };
    if (subscription) {
      metadata.subscription_type = subscription.type;
      metadata.subscription_version = subscription.version;
    }
    const text = JSON.stringify({ metadata, payload });
    const handover = session.reconnect;
    // Events must survive a handover: kept for the new connection when the old one is gone.
    if (handover && subscription) {
      if (session.socket) handover.sentMeanwhile.push(text);
      else handover.held.push(text);
    }
    this.write(session, text);
  }

  private write(session: EventSubSession, text: string): void {
    const socket = session.socket;
    if (!socket) return;
    socket.send(text);
    // Twitch sends a keepalive only when nothing else was sent within the timeout.
    clearTimeout(session.keepaliveTimer);
    session.keepaliveTimer = setTimeout(
      () => this.send(session, 'session_keepalive', {}),
      session.keepaliveSeconds * 1000,
    );
    session.keepaliveTimer.unref();
  }

  private async subscribe(context: RequestContext, token: IssuedToken): Promise<void> {
    const body = await readJsonObject(context);
    const type = body.type;
    const version = body.version;
    const condition = body.condition as { broadcaster_user_id?: unknown } | undefined;
    const transport = body.transport as { method?: unknown; session_id?: unknown } | undefined;
    if (typeof type !== 'string' || !SUPPORTED_TYPES.has(type))
      throw helixError(400, 'The parameter "type" is not a supported subscription type');
    if (version !== '1') throw helixError(400, 'The parameter "version" is not valid');
    if (transport?.method !== 'websocket' || typeof transport.session_id !== 'string')
      throw helixError(400, 'The parameter "transport" is not valid');
    if (token.userId === undefined)
      throw helixError(400, 'The websocket transport requires a user access token');
    const broadcasterId = condition?.broadcaster_user_id;
    if (typeof broadcasterId !== 'string' || !this.users.byId(broadcasterId))
      throw helixError(400, 'The parameter "condition" is not valid');
    const session = this.sessions.get(transport.session_id);
    if (!session)
      throw helixError(400, 'The websocket session does not exist or has already disconnected');
    for (const existing of this.subscriptions.values()) {
      if (
        existing.sessionId === session.id &&
        existing.type === type &&
        existing.condition.broadcaster_user_id === broadcasterId
      )
        throw helixError(409, 'subscription already exists');
    }
    const subscription: Subscription = {
      id: randomUUID(),
      type,
      version,
      condition: { broadcaster_user_id: broadcasterId },
      sessionId: session.id,
      clientId: token.clientId,
      createdAt: new Date().toISOString(),
    };
    this.subscriptions.set(subscription.id, subscription);
    sendJson(context.res, 202, {
      data: [this.resource(subscription)],
      total: this.subscriptions.size,
      total_cost: 0,
      max_total_cost: 10_000,
    });
  }

  private list(context: RequestContext, token: IssuedToken): void {
    const own = [...this.subscriptions.values()].filter((s) => s.clientId === token.clientId);
    sendJson(context.res, 200, {
      data: own.map((subscription) => this.resource(subscription)),
      total: own.length,
      total_cost: 0,
      max_total_cost: 10_000,
      pagination: {},
    });
  }

  private remove(context: RequestContext, token: IssuedToken): void {
    const id = context.url.searchParams.get('id');
    if (!id) throw helixError(400, 'Missing required parameter "id"');
    if (this.subscriptions.get(id)?.clientId !== token.clientId)
      throw helixError(404, 'subscription not found');
    this.subscriptions.delete(id);
    sendEmpty(context.res, 204);
  }

  private resource(subscription: Subscription): Record<string, unknown> {
    const session = this.sessions.get(subscription.sessionId);
    return {
      id: subscription.id,
      status: session ? 'enabled' : 'websocket_disconnected',
      type: subscription.type,
      version: subscription.version,
      condition: subscription.condition,
      created_at: subscription.createdAt,
      transport: {
        method: 'websocket',
        session_id: subscription.sessionId,
        connected_at: session?.connectedAt,
      },
      cost: 0,
    };
  }

  private notifyStream(event: StreamEvent): void {
    const broadcaster = event.channel.broadcaster;
    const base = {
      broadcaster_user_id: broadcaster.id,
      broadcaster_user_login: broadcaster.login,
      broadcaster_user_name: broadcaster.displayName,
    };
    const payloadEvent =
      event.type === 'stream.online'
        ? { id: event.stream.id, ...base, type: 'live', started_at: event.stream.startedAt }
        : base;
    for (const subscription of this.subscriptions.values()) {
      if (subscription.type !== event.type) continue;
      if (subscription.condition.broadcaster_user_id !== broadcaster.id) continue;
      const session = this.sessions.get(subscription.sessionId);
      if (!session) continue;
      this.send(
        session,
        'notification',
        { subscription: this.resource(subscription), event: payloadEvent },
        subscription,
      );
    }
  }
}
