import type { Logger } from '@nestjs/common';
import type { StreamEventType } from '../twitch/twitch-client.js';

const MIN_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 60_000;
/** Twitch's keepalive timeout is at least 10 s; we allow a little network slack on top. */
const KEEPALIVE_SLACK_MS = 5_000;
const DEFAULT_KEEPALIVE_SECONDS = 10;
/**
 * Message ids remembered for de-duplication. Twitch resends a notification it is unsure
 * about with the same id, soon after the first (typically across a reconnect); a stream's
 * events are few, so a short memory covers that window.
 */
const SEEN_MESSAGE_IDS = 100;

export interface EventSubConnectionOptions {
  url: string;
  /**
   * Subscribes the EventSub session to the broadcaster's stream events. Answers false when
   * that is impossible for now (no usable token); the connection then waits for `retryNow`
   * and the Helix poll covers the user meanwhile.
   */
  subscribe(sessionId: string): Promise<boolean>;
  onStreamEvent(type: StreamEventType): void;
  logger: Logger;
  /** For log lines. */
  label: string;
}

interface EventSubMessage {
  metadata?: { message_id?: string; message_type?: string; subscription_type?: string };
  payload?: {
    session?: { id?: string; keepalive_timeout_seconds?: number; reconnect_url?: string | null };
  };
}

/**
 * One EventSub WebSocket for one broadcaster (Twitch ties websocket subscriptions to the
 * user token that created them). `up` is true only while the socket is welcomed and
 * subscribed, so the watcher knows when to fall back to polling. Reconnects with
 * exponential backoff after any close, error, missed keepalive or revocation; after a
 * refused subscription (no usable token) it waits for `retryNow` instead.
 *
 * On `session_reconnect` it hands over as Twitch asks (ADR 0043): the reconnect_url is
 * opened beside the current socket, whose notifications still count, and the current one is
 * closed only once the new one is welcomed. The subscriptions move with the session, so a
 * reconnect welcome subscribes nothing. An event seen on both sockets acts once.
 */
export class EventSubConnection {
  up = false;
  /** True after a subscription was refused for want of a token; `retryNow` resumes. */
  waitingForToken = false;
  /** The welcomed socket (or, right after start or a loss, the one being opened). */
  private socket: WebSocket | undefined;
  /** The reconnect_url's socket, until it is welcomed. */
  private successor: WebSocket | undefined;
  /**
   * The socket handed over from, until it has closed: a notification Twitch sent on it just
   * before the welcome elsewhere may still be on its way to us.
   */
  private retiring: WebSocket | undefined;
  /** Counts fresh connections; a subscription answered for an older one is ignored. */
  private generation = 0;
  private readonly seen = new Set<string>();
  private failures = 0;
  private keepaliveSeconds = DEFAULT_KEEPALIVE_SECONDS;
  private closed = false;
  private keepaliveTimer: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: EventSubConnectionOptions) {}

  start(): void {
    this.connect();
  }

  /**
   * Connects now if the connection is waiting for a token or backing off; does nothing while
   * it is connected or connecting.
   */
  retryNow(): void {
    if (this.closed || this.socket || this.successor) return;
    this.waitingForToken = false;
    this.failures = 0;
    clearTimeout(this.reconnectTimer);
    this.connect();
  }

  close(): void {
    this.closed = true;
    this.up = false;
    clearTimeout(this.keepaliveTimer);
    clearTimeout(this.reconnectTimer);
    this.drop();
  }

  private connect(): void {
    if (this.closed) return;
    this.generation++;
    const socket = this.open(this.options.url);
    if (!socket) return;
    this.socket = socket;
    this.armKeepalive(socket, DEFAULT_KEEPALIVE_SECONDS);
  }

  private open(url: string): WebSocket | undefined {
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch (error) {
      this.lost(`cannot connect: ${String(error)}`);
      return undefined;
    }
    socket.addEventListener('message', (event) => this.onMessage(socket, event.data));
    // An error is always followed by close.
    socket.addEventListener('close', () => this.onClose(socket));
    return socket;
  }

  private onClose(socket: WebSocket): void {
    if (socket === this.retiring) this.retiring = undefined;
    if (socket === this.successor) {
      // The move failed; Twitch closes the old socket when its grace time ends (4004).
      this.successor = undefined;
      if (!this.socket) this.lost('closed while moving to the reconnect_url');
      return;
    }
    if (socket !== this.socket) return;
    this.socket = undefined;
    // Mid-move the session waits for us on the reconnect_url: stay up and let it welcome us.
    if (this.successor) this.armKeepalive(this.successor);
    else this.lost('closed');
  }

  private onMessage(socket: WebSocket, data: unknown): void {
    const current = socket === this.socket;
    const retiring = socket === this.retiring;
    if ((!current && !retiring && socket !== this.successor) || typeof data !== 'string') return;
    let message: EventSubMessage;
    try {
      message = JSON.parse(data) as EventSubMessage;
    } catch {
      return;
    }
    if (current) this.armKeepalive(socket);
    const session = message.payload?.session;
    switch (message.metadata?.message_type) {
      case 'session_welcome':
        if (retiring) return;
        if (current) {
          this.armKeepalive(socket, session?.keepalive_timeout_seconds);
          if (session?.id) void this.subscribe(this.generation, session.id);
        } else {
          this.moved(socket, session?.keepalive_timeout_seconds);
        }
        return;
      case 'notification': {
        if (this.isDuplicate(message.metadata.message_id)) return;
        const type = message.metadata.subscription_type;
        if (type === 'stream.online' || type === 'stream.offline') this.options.onStreamEvent(type);
        return;
      }
      case 'session_reconnect':
        if (current && session?.reconnect_url) {
          this.successor?.close();
          this.successor = this.open(session.reconnect_url);
        }
        return;
      case 'revocation':
        if (!retiring) this.lost('subscription revoked');
        return;
      default:
    }
  }

  /** The reconnect_url welcomed us: it becomes the socket, and the old one can go. */
  private moved(successor: WebSocket, keepaliveSeconds: number | undefined): void {
    const old = this.socket;
    this.socket = successor;
    this.successor = undefined;
    this.retiring = old;
    this.armKeepalive(successor, keepaliveSeconds);
    old?.close();
  }

  private isDuplicate(messageId: string | undefined): boolean {
    if (messageId === undefined) return false;
    if (this.seen.has(messageId)) return true;
    this.seen.add(messageId);
    if (this.seen.size > SEEN_MESSAGE_IDS) {
      const oldest = this.seen.values().next();
      if (!oldest.done) this.seen.delete(oldest.value);
    }
    return false;
  }

  private async subscribe(generation: number, sessionId: string): Promise<void> {
    let subscribed: boolean;
    try {
      subscribed = await this.options.subscribe(sessionId);
    } catch (error) {
      if (generation !== this.generation || this.closed) return;
      this.lost(`subscribing failed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (generation !== this.generation || this.closed) return;
    if (!subscribed) {
      // Reconnecting cannot help until the user signs in again; the watcher calls retryNow.
      this.drop();
      this.waitingForToken = true;
      this.options.logger.debug?.(
        `EventSub for ${this.options.label} waits for a token; polling covers it meanwhile`,
      );
      return;
    }
    this.up = true;
    this.failures = 0;
  }

  /** Any message proves the connection alive; silence beyond the timeout means it is not. */
  private armKeepalive(socket: WebSocket, seconds?: number): void {
    if (seconds) this.keepaliveSeconds = seconds;
    clearTimeout(this.keepaliveTimer);
    this.keepaliveTimer = setTimeout(
      () => {
        if (this.socket === socket || this.successor === socket) this.lost('keepalive missed');
      },
      this.keepaliveSeconds * 1000 + KEEPALIVE_SLACK_MS,
    );
    this.keepaliveTimer.unref();
  }

  /** Closes both sockets; their close events then find nothing of ours. */
  private drop(): void {
    this.up = false;
    clearTimeout(this.keepaliveTimer);
    const { socket, successor, retiring } = this;
    this.socket = undefined;
    this.successor = undefined;
    this.retiring = undefined;
    socket?.close();
    successor?.close();
    retiring?.close();
  }

  private lost(reason: string): void {
    this.drop();
    if (this.closed) return;
    const delay = Math.min(MIN_BACKOFF_MS * 2 ** this.failures, MAX_BACKOFF_MS);
    this.failures++;
    this.options.logger.debug?.(
      `EventSub for ${this.options.label} down (${reason}); retrying in ${delay} ms`,
    );
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
    this.reconnectTimer.unref();
  }
}
