import type { Logger } from '@nestjs/common';
import type { StreamEventType } from '../twitch/twitch-client.js';

const MIN_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 60_000;
/** Twitch's keepalive timeout is at least 10 s; we allow a little network slack on top. */
const KEEPALIVE_SLACK_MS = 5_000;
const DEFAULT_KEEPALIVE_SECONDS = 10;

export interface EventSubConnectionOptions {
  url: string;
  /**
   * Subscribes the EventSub session to the broadcaster's stream events. Answers false when
   * that is impossible for now (no usable token); the connection then retries with backoff
   * and the Helix poll covers the user meanwhile.
   */
  subscribe(sessionId: string): Promise<boolean>;
  onStreamEvent(type: StreamEventType): void;
  logger: Logger;
  /** For log lines. */
  label: string;
}

interface EventSubMessage {
  metadata?: { message_type?: string; subscription_type?: string };
  payload?: {
    session?: { id?: string; keepalive_timeout_seconds?: number; reconnect_url?: string | null };
  };
}

/**
 * One EventSub WebSocket for one broadcaster (Twitch ties websocket subscriptions to the
 * user token that created them). `up` is true only while the socket is welcomed and
 * subscribed, so the watcher knows when to fall back to polling. Reconnects with
 * exponential backoff after any close, error, missed keepalive or revocation.
 */
export class EventSubConnection {
  up = false;
  private socket: WebSocket | undefined;
  private failures = 0;
  private keepaliveSeconds = DEFAULT_KEEPALIVE_SECONDS;
  private closed = false;
  private keepaliveTimer: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: EventSubConnectionOptions) {}

  start(): void {
    this.connect(this.options.url);
  }

  close(): void {
    this.closed = true;
    this.up = false;
    clearTimeout(this.keepaliveTimer);
    clearTimeout(this.reconnectTimer);
    this.socket?.close();
    this.socket = undefined;
  }

  private connect(url: string): void {
    if (this.closed) return;
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch (error) {
      this.lost(`cannot connect: ${String(error)}`);
      return;
    }
    this.socket = socket;
    this.armKeepalive(socket, DEFAULT_KEEPALIVE_SECONDS);
    socket.addEventListener('message', (event) => this.onMessage(socket, event.data));
    // An error is always followed by close; only the current socket's end matters.
    socket.addEventListener('close', () => {
      if (this.socket === socket) this.lost('closed');
    });
  }

  private onMessage(socket: WebSocket, data: unknown): void {
    if (this.socket !== socket || typeof data !== 'string') return;
    let message: EventSubMessage;
    try {
      message = JSON.parse(data) as EventSubMessage;
    } catch {
      return;
    }
    const session = message.payload?.session;
    switch (message.metadata?.message_type) {
      case 'session_welcome':
        this.armKeepalive(socket, session?.keepalive_timeout_seconds);
        if (session?.id) void this.subscribe(socket, session.id);
        return;
      case 'notification': {
        this.armKeepalive(socket);
        const type = message.metadata.subscription_type;
        if (type === 'stream.online' || type === 'stream.offline') this.options.onStreamEvent(type);
        return;
      }
      case 'session_reconnect':
        // Twitch moves us: the new socket keeps the subscriptions; the old one is dropped.
        if (session?.reconnect_url) {
          this.abandon(socket);
          this.connect(session.reconnect_url);
        }
        return;
      case 'revocation':
        this.abandon(socket);
        this.lost('subscription revoked');
        return;
      default:
        this.armKeepalive(socket);
    }
  }

  private async subscribe(socket: WebSocket, sessionId: string): Promise<void> {
    try {
      const subscribed = await this.options.subscribe(sessionId);
      if (this.socket !== socket) return;
      if (!subscribed) {
        this.abandon(socket);
        this.lost('no usable token to subscribe with');
        return;
      }
      this.up = true;
      this.failures = 0;
    } catch (error) {
      if (this.socket !== socket) return;
      this.abandon(socket);
      this.lost(`subscribing failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Any message proves the connection alive; silence beyond the timeout means it is not. */
  private armKeepalive(socket: WebSocket, seconds?: number): void {
    if (seconds) this.keepaliveSeconds = seconds;
    clearTimeout(this.keepaliveTimer);
    this.keepaliveTimer = setTimeout(
      () => {
        if (this.socket !== socket) return;
        this.abandon(socket);
        this.lost('keepalive missed');
      },
      this.keepaliveSeconds * 1000 + KEEPALIVE_SLACK_MS,
    );
    this.keepaliveTimer.unref();
  }

  private abandon(socket: WebSocket): void {
    if (this.socket === socket) this.socket = undefined;
    socket.close();
  }

  private lost(reason: string): void {
    this.up = false;
    this.socket = undefined;
    clearTimeout(this.keepaliveTimer);
    if (this.closed) return;
    const delay = Math.min(MIN_BACKOFF_MS * 2 ** this.failures, MAX_BACKOFF_MS);
    this.failures++;
    this.options.logger.debug?.(
      `EventSub for ${this.options.label} down (${reason}); retrying in ${delay} ms`,
    );
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => this.connect(this.options.url), delay);
    this.reconnectTimer.unref();
  }
}
