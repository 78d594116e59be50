import { createHash } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import type { LoginAccess, ServerMessage, UserDto } from '@greetboard/contracts';

/** A socket whose send buffer grows past this is too slow to keep up and is dropped. */
export const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Messages a client may send per window before it is disconnected. */
export const MESSAGES_PER_WINDOW = 30;
export const MESSAGE_WINDOW_MS = 10_000;
/** Rooms one socket may be in at once (a dashboard, a session page and an overlay). */
export const MAX_ROOMS = 10;

/** WebSocket close codes (RFC 6455 and the private range). */
export const CLOSE = {
  policy: 1008,
  tooBig: 1009,
  goingAway: 1001,
  signedOut: 4001,
  slowConsumer: 4008,
  /** Too many messages, or too many refused ones, in a window. */
  rateLimited: 4029,
} as const;

/** One browser tab's live socket: who it is, which session rooms it joined, how fast it talks. */
export class LiveConnection {
  readonly rooms = new Set<string>();
  isAlive = true;
  private windowStart = Date.now();
  private messagesInWindow = 0;
  private refusalWindowStart = Date.now();
  private refusalsInWindow = 0;

  private work: Promise<void> = Promise.resolve();

  /**
   * `user` as of the last check (see LiveCommands); `loginSessionId` is the cookie the socket
   * was opened with, kept in memory only, to ask who the user is now.
   */
  constructor(
    readonly socket: WebSocket,
    public user: UserDto,
    readonly loginSessionId = '',
    /** A browser's, or an overlay link's (ADR 0029): a link may only watch its rooms. */
    readonly access: LoginAccess = 'browser',
  ) {}

  /** The SHA-256 of the login session (base64url), which a revoked overlay link is named by. */
  get loginSessionHash(): string {
    return createHash('sha256').update(this.loginSessionId).digest('base64url');
  }

  /** Runs the socket's messages one after another, in the order they came. */
  enqueue(task: () => Promise<void>): Promise<void> {
    this.work = this.work.then(task, task);
    return this.work;
  }

  /** Writes a message unless the client has fallen too far behind, in which case it is dropped. */
  send(message: ServerMessage | string): boolean {
    if (this.socket.readyState !== this.socket.OPEN) return false;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.close(CLOSE.slowConsumer, 'Too slow to receive live updates');
      return false;
    }
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
    return true;
  }

  /**
   * Holds the socket's writes until the returned function is called, which writes them to the
   * network at once (ADR 0057): a batch of chat lines is many messages to the same socket, each
   * its own frame and otherwise its own system call.
   */
  cork(): () => void {
    // `ws` keeps the network socket private; without one (closed, or a test's) nothing is held.
    const raw = (this.socket as unknown as { _socket?: Duplex | null })._socket;
    if (!raw) return () => undefined;
    raw.cork();
    return () => raw.uncork();
  }

  /** Counts an incoming message; false once the client sent too many in the window. */
  withinRateLimit(now = Date.now()): boolean {
    if (now - this.windowStart >= MESSAGE_WINDOW_MS) {
      this.windowStart = now;
      this.messagesInWindow = 0;
    }
    this.messagesInWindow++;
    return this.messagesInWindow <= MESSAGES_PER_WINDOW;
  }

  /** Counts a refused message; answers how many were refused in the current window. */
  countRefusal(now = Date.now()): number {
    if (now - this.refusalWindowStart >= MESSAGE_WINDOW_MS) {
      this.refusalWindowStart = now;
      this.refusalsInWindow = 0;
    }
    return ++this.refusalsInWindow;
  }

  close(code: number, reason: string): void {
    if (
      this.socket.readyState === this.socket.OPEN ||
      this.socket.readyState === this.socket.CONNECTING
    ) {
      this.socket.close(code, reason);
    }
    // A peer that never answers the close handshake is cut off.
    setTimeout(() => this.socket.terminate(), 2_000).unref();
  }
}
