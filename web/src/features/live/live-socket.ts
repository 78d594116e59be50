import {
  parseServerMessage,
  type ClientMessage,
  type ServerMessage,
} from '@greetboard/contracts/wire';
import { overlayLinkToken } from '../../app/overlay-link';

export const MAX_RECONNECT_ATTEMPTS = 5;
export const RECONNECT_DELAY_MS = 5000;

/** WebSocket.OPEN, spelled out so the class also runs where WebSocket is not global. */
const SOCKET_OPEN = 1;

type Listener = (message: ServerMessage) => void;
type ReconnectListener = () => void;

/** What the live socket needs from the browser; tests pass fakes. */
export interface LiveSocketEnvironment {
  createSocket: (url: string) => WebSocket;
  url: () => string;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  warn: (...args: unknown[]) => void;
}

const browserEnvironment: LiveSocketEnvironment = {
  createSocket: (url) => new WebSocket(url),
  url: () =>
    `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws${
      overlayLinkToken ? `?token=${overlayLinkToken}` : ''
    }`,
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as number),
  warn: (...args) => console.warn(...args),
};

/**
 * The app's one connection to the live channel at /ws. Sends `auth` on open, retries up to
 * five times five seconds apart (the count resets on every successful open), drops outgoing
 * messages while disconnected, and re-joins the current session room after a reconnect.
 * Events are fire-and-forget (ADR 0011), so reconnect listeners hear of every open after the
 * user's first one and reload what may have been missed meanwhile.
 */
export class LiveSocket {
  private socket: WebSocket | null = null;
  private userId: string | null = null;
  private room: string | null = null;
  private attempts = 0;
  /** The user the socket last opened for: a later open for the same user is a reconnect. */
  private openedFor: string | null = null;
  private retryTimer: unknown = null;
  private readonly listeners = new Set<Listener>();
  private readonly reconnectListeners = new Set<ReconnectListener>();
  /** Hears the close code of every socket that ends (the signed-in shell reacts to sign-out). */
  declare onClose?: (code?: number) => void;

  constructor(private readonly env: LiveSocketEnvironment = browserEnvironment) {}

  get connected(): boolean {
    return this.socket?.readyState === SOCKET_OPEN;
  }

  get currentRoom(): string | null {
    return this.room;
  }

  connect(userId: string): void {
    if (this.userId === userId && this.socket) return;
    this.disconnect();
    this.userId = userId;
    this.attempts = 0;
    this.open();
  }

  disconnect(): void {
    this.userId = null;
    if (this.retryTimer !== null) this.env.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called on each reopen for the same user, after `auth` and the room re-join are sent. */
  onReconnect(listener: ReconnectListener): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  send(message: ClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== SOCKET_OPEN) {
      this.env.warn('Live channel not connected; dropped message', message.type);
      return false;
    }
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Enters a session's room; before the socket is open, it is joined when it opens. */
  join(sessionId: string): void {
    if (this.room === sessionId) return;
    if (this.room && this.connected) {
      this.send({ type: 'leave_session', payload: { sessionId: this.room } });
    }
    this.room = sessionId;
    if (this.connected) this.send({ type: 'join_session', payload: { sessionId } });
  }

  leave(sessionId: string): void {
    if (this.room !== sessionId) return;
    this.room = null;
    if (this.connected) this.send({ type: 'leave_session', payload: { sessionId } });
  }

  private open(): void {
    const userId = this.userId;
    if (!userId) return;
    const socket = this.env.createSocket(this.env.url());
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempts = 0;
      this.send({ type: 'auth', payload: { userId } });
      if (this.room) this.send({ type: 'join_session', payload: { sessionId: this.room } });
      const reconnected = this.openedFor === userId;
      this.openedFor = userId;
      if (reconnected) for (const listener of this.reconnectListeners) listener();
    };
    socket.onmessage = (event: MessageEvent) => {
      let message: ServerMessage | undefined;
      try {
        // Checked here, at the boundary: listeners only ever see messages of the contract.
        message = parseServerMessage(JSON.parse(String(event.data)));
      } catch {
        // Not JSON: refused like any other message this version does not know.
      }
      if (!message) {
        this.env.warn('Live channel sent an unknown message', event.data);
        return;
      }
      for (const listener of this.listeners) listener(message);
    };
    socket.onclose = (event?: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.onClose?.(event?.code);
      this.scheduleRetry();
    };
  }

  private scheduleRetry(): void {
    if (!this.userId || this.attempts >= MAX_RECONNECT_ATTEMPTS) return;
    this.attempts += 1;
    this.retryTimer = this.env.setTimeout(() => {
      this.retryTimer = null;
      this.open();
    }, RECONNECT_DELAY_MS);
  }
}

export const liveSocket = new LiveSocket();
