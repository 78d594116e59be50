import { randomUUID } from 'node:crypto';
import { type IssuedToken } from '../state/tokens.js';
import { type EmulatorUser } from '../state/users.js';
import { exceedsLineLimit, LineSplitter, splitFrame, stripTags } from './message.js';

export type Transport = 'ws' | 'tcp';

/** The transport underneath a connection: a WebSocket or a TCP socket. */
export interface ConnectionSink {
  write(payload: string): void;
  /** Orderly close (WebSocket close frame / TCP FIN). */
  end(): void;
  /** Abrupt close, as when a network path dies. */
  destroy(): void;
  /**
   * Whether a write still reaches the client: false once it began a WebSocket close handshake,
   * though the connection closes (and leaves its channels) only a round trip later.
   */
  isOpen(): boolean;
}

/** Delivery faults the control API can inject; consulted on every flush. */
export interface DeliveryFaults {
  latencyMs(connectionId: string): number;
  splitsFrames(connectionId: string): boolean;
  /** Epoch ms until which the connection neither sends nor answers PINGs; 0 when not stalled. */
  stalledUntil(connectionId: string): number;
}

/** How many lines a client may have sent that `/control/clients/{id}/sent` still shows. */
const SENT_LINES_KEPT = 10_000;

export const CAP_TAGS = 'twitch.tv/tags';
export const CAP_COMMANDS = 'twitch.tv/commands';
export const CAP_MEMBERSHIP = 'twitch.tv/membership';

/** One IRC client: its session state and a batched, fault-aware output queue. */
export class IrcConnection {
  readonly id = randomUUID();
  readonly connectedAt = new Date().toISOString();
  nick = '';
  pass: string | undefined;
  registered = false;
  /** True for a logged-in account; false for anonymous justinfan connections. */
  authenticated = false;
  user: EmulatorUser | undefined;
  token: IssuedToken | undefined;
  readonly caps = new Set<string>();
  /** Channels whose JOIN was answered: the connection receives their chat. */
  readonly channels = new Set<string>();
  /** JOINs whose reply a `join-delay` fault holds back, with the timer that answers them. */
  readonly pendingJoins = new Map<string, NodeJS.Timeout>();
  /** JOINs a `join-silent` fault left unanswered; they never will be. */
  readonly unansweredJoins = new Set<string>();
  readonly sentByClient: string[] = [];
  awaitingPongSince = 0;
  closed = false;
  /** Set once the client sent a line over MAX_CLIENT_LINE_BYTES; the server then drops it. */
  inputOverflowed = false;

  private pending: string[] = [];
  private flushScheduled = false;
  private readonly splitter = new LineSplitter();

  constructor(
    readonly transport: Transport,
    private readonly sink: ConnectionSink,
    private readonly faults: DeliveryFaults,
  ) {}

  /** Whether a line sent now reaches the client (what a delivery counts). */
  get receiving(): boolean {
    return !this.closed && this.sink.isOpen();
  }

  get hasTags(): boolean {
    return this.caps.has(CAP_TAGS);
  }

  get hasCommands(): boolean {
    return this.caps.has(CAP_COMMANDS);
  }

  get hasMembership(): boolean {
    return this.caps.has(CAP_MEMBERSHIP);
  }

  /** Lines received from the client in one read (TCP chunk or WebSocket frame). */
  receive(data: string): string[] {
    if (this.inputOverflowed) return [];
    let lines: string[];
    if (this.transport === 'tcp') {
      lines = this.splitter.push(data);
      this.inputOverflowed = this.splitter.overflowed;
    } else {
      lines = splitFrame(data);
      const overlong = lines.findIndex((line) => exceedsLineLimit(line));
      if (overlong >= 0) {
        this.inputOverflowed = true;
        lines.length = overlong;
      }
    }
    for (const line of lines) {
      this.sentByClient.push(line);
      if (this.sentByClient.length > SENT_LINES_KEPT) this.sentByClient.shift();
    }
    return lines;
  }

  /** Queues a line; tags are removed unless the client asked for them. */
  send(line: string): void {
    this.sendRaw(this.hasTags ? line : stripTags(line));
  }

  /** Queues a line exactly as given. */
  sendRaw(line: string): void {
    if (this.closed) return;
    this.pending.push(line);
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      // Everything queued in this turn of the event loop goes out in one write / one frame.
      setImmediate(() => this.flush());
    }
  }

  /** Sends whatever is queued in one write, honouring stall, latency and frame-splitting faults. */
  flush(): void {
    this.flushScheduled = false;
    if (this.closed || this.pending.length === 0) return;
    const stalledFor = this.faults.stalledUntil(this.id) - Date.now();
    if (stalledFor > 0) {
      this.flushScheduled = true;
      setTimeout(() => this.flush(), stalledFor).unref();
      return;
    }
    const payload = this.pending.join('\r\n') + '\r\n';
    this.pending = [];
    const latency = this.faults.latencyMs(this.id);
    if (latency > 0) setTimeout(() => this.write(payload), latency).unref();
    else this.write(payload);
  }

  end(): void {
    if (this.closed) return;
    this.flush();
    this.closed = true;
    this.sink.end();
  }

  destroy(): void {
    // Lines already delivered go out before the cut, as bytes already on the wire would: a
    // delivery the server counted must not vanish because a drop came in the same turn.
    this.flush();
    this.closed = true;
    this.pending = [];
    this.sink.destroy();
  }

  private write(payload: string): void {
    if (this.closed) return;
    if (!this.faults.splitsFrames(this.id)) {
      this.sink.write(payload);
      return;
    }
    // Cut every line in the middle so each half arrives in its own frame / TCP write.
    let start = 0;
    while (start < payload.length) {
      const lineEnd = payload.indexOf('\r\n', start) + 2;
      const middle = start + Math.max(1, Math.floor((lineEnd - start) / 2));
      this.sink.write(payload.slice(start, middle));
      this.sink.write(payload.slice(middle, lineEnd));
      start = lineEnd;
    }
  }
}
