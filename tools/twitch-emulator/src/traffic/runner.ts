import { createHash, type Hash } from 'node:crypto';
import { type IrcServer } from '../irc/server.js';
import { type UserNoticeKind } from '../irc/user-notice.js';
import { type GeneratedLine, type TrafficGenerator } from './generator.js';

export type TrafficStatus = 'running' | 'finished' | 'stopped';

export interface TrafficReport {
  readonly runId: string;
  readonly channels: readonly string[];
  readonly status: TrafficStatus;
  /** Lines the run will send in total. */
  readonly planned: number;
  /** Lines sent: chat messages and USERNOTICEs. */
  readonly sent: number;
  /** USERNOTICEs among them, per `msg-id`; the per-chatter and message id fields count chat only. */
  readonly userNotices: Readonly<Partial<Record<UserNoticeKind, number>>>;
  /** Line × connection deliveries. */
  readonly delivered: number;
  /** Lines that repeated an earlier message id. */
  readonly duplicates: number;
  /** Lines sent while no client was joined to their channel: nobody received them. */
  readonly undelivered: number;
  /** Their distinct message ids in send order (the first MESSAGE_IDS_KEPT of them). */
  readonly undeliveredIds: readonly string[];
  /** Lines per chatter login that reached at least one client. */
  readonly deliveredPerChatter: Readonly<Record<string, number>>;
  readonly distinctChatters: number;
  /** Lines per chatter login. */
  readonly perChatter: Readonly<Record<string, number>>;
  /** Distinct message ids in send order (the first MESSAGE_IDS_KEPT of them). */
  readonly messageIds: readonly string[];
  readonly messageIdsTruncated: boolean;
  /** SHA-256 over every distinct message id in send order, joined by "\n", once the run has ended. */
  readonly messageIdsSha256?: string;
  readonly startedAt: string;
  readonly endedAt?: string;
}

const TICK_MS = 10;
/** Upper bound of lines produced per tick, so a run never blocks the event loop for long. */
const MAX_LINES_PER_TICK = 20_000;
const MESSAGE_IDS_KEPT = 100_000;

/** Sends a generator's lines at a steady rate, round-robin over one or more channels. */
export class TrafficRun {
  private status: TrafficStatus = 'running';
  private sent = 0;
  private delivered = 0;
  private duplicates = 0;
  private undelivered = 0;
  private readonly undeliveredIds: string[] = [];
  private readonly userNotices = new Map<UserNoticeKind, number>();
  private readonly perChatter = new Map<string, number>();
  private readonly deliveredPerChatter = new Map<string, number>();
  private readonly messageIds: string[] = [];
  private readonly hash: Hash = createHash('sha256');
  private hashed = 0;
  private digest: string | undefined;
  private readonly startedAtMs = Date.now();
  private endedAtMs: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly finishedListeners: ((report: TrafficReport) => void)[] = [];
  readonly planned: number;

  constructor(
    readonly runId: string,
    private readonly channels: readonly string[],
    private readonly generators: readonly TrafficGenerator[],
    private readonly irc: IrcServer,
    private readonly rate: number,
    durationSec: number,
  ) {
    this.planned = Math.max(1, Math.round(rate * durationSec));
    this.timer = setTimeout(() => this.tick(), 0);
  }

  /** Resolves with the final report when the run finishes or is stopped. */
  finished(): Promise<TrafficReport> {
    if (this.status !== 'running') return Promise.resolve(this.report());
    return new Promise((resolve) => this.finishedListeners.push(resolve));
  }

  stop(): void {
    if (this.status === 'running') this.end('stopped');
  }

  report(): TrafficReport {
    return {
      runId: this.runId,
      channels: this.channels,
      status: this.status,
      planned: this.planned,
      sent: this.sent,
      userNotices: Object.fromEntries(this.userNotices),
      delivered: this.delivered,
      duplicates: this.duplicates,
      undelivered: this.undelivered,
      undeliveredIds: this.undeliveredIds,
      deliveredPerChatter: Object.fromEntries(this.deliveredPerChatter),
      distinctChatters: this.perChatter.size,
      perChatter: Object.fromEntries(this.perChatter),
      messageIds: this.messageIds,
      messageIdsTruncated: this.hashed > this.messageIds.length,
      ...(this.digest === undefined ? {} : { messageIdsSha256: this.digest }),
      startedAt: new Date(this.startedAtMs).toISOString(),
      ...(this.endedAtMs === undefined ? {} : { endedAt: new Date(this.endedAtMs).toISOString() }),
    };
  }

  private tick(): void {
    if (this.status !== 'running') return;
    const due = Math.min(
      this.planned,
      Math.floor(((Date.now() - this.startedAtMs) * this.rate) / 1000) + 1,
    );
    const count = Math.min(due - this.sent, MAX_LINES_PER_TICK);
    if (count > 0) this.sendBatch(count);
    if (this.sent >= this.planned) {
      this.end('finished');
      return;
    }
    // When behind schedule, catch up at once instead of waiting for the next tick.
    const behind = this.sent < due;
    this.timer = setTimeout(() => this.tick(), behind ? 0 : TICK_MS);
  }

  private sendBatch(count: number): void {
    const channelCount = this.channels.length;
    const batches: GeneratedLine[][] = this.channels.map(() => []);
    for (let i = 0; i < count; i++) {
      const slot = (this.sent + i) % channelCount;
      const generated = this.generators[slot].next();
      batches[slot].push(generated);
      this.account(generated);
    }
    this.sent += count;
    batches.forEach((generated, slot) => {
      // USERNOTICEs reach only clients with twitch.tv/commands: deliver runs of chat and of
      // notices separately, in order.
      let start = 0;
      while (start < generated.length) {
        const notice = generated[start].kind !== 'privmsg';
        let end = start + 1;
        while (end < generated.length && (generated[end].kind !== 'privmsg') === notice) end++;
        const run =
          start === 0 && end === generated.length ? generated : generated.slice(start, end);
        const delivery = this.irc.deliver(
          this.channels[slot],
          run.map((line) => line.line),
          { requiresCommands: notice },
        );
        this.delivered += delivery.deliveries;
        for (const line of run) this.accountDelivery(line, delivery.connections > 0);
        start = end;
      }
    });
  }

  private accountDelivery(generated: GeneratedLine, received: boolean): void {
    if (generated.kind !== 'privmsg') {
      if (!received) this.undelivered++;
      return;
    }
    if (received) {
      const login = generated.login;
      this.deliveredPerChatter.set(login, (this.deliveredPerChatter.get(login) ?? 0) + 1);
      return;
    }
    this.undelivered++;
    if (!generated.duplicate && this.undeliveredIds.length < MESSAGE_IDS_KEPT)
      this.undeliveredIds.push(generated.id);
  }

  private account(generated: GeneratedLine): void {
    if (generated.kind !== 'privmsg') {
      this.userNotices.set(generated.kind, (this.userNotices.get(generated.kind) ?? 0) + 1);
      return;
    }
    this.perChatter.set(generated.login, (this.perChatter.get(generated.login) ?? 0) + 1);
    if (generated.duplicate) {
      this.duplicates++;
      return;
    }
    this.hash.update(this.hashed === 0 ? generated.id : `\n${generated.id}`);
    this.hashed++;
    if (this.messageIds.length < MESSAGE_IDS_KEPT) this.messageIds.push(generated.id);
  }

  private end(status: TrafficStatus): void {
    clearTimeout(this.timer);
    this.status = status;
    this.endedAtMs = Date.now();
    this.digest = this.hash.digest('hex');
    const report = this.report();
    for (const listener of this.finishedListeners.splice(0)) listener(report);
  }
}
