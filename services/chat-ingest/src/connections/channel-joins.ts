import type { ChannelJoinFailure } from '@greetboard/contracts';
import type { JoinRateLimiter } from './join-rate-limiter.js';

/** A channel became joined, or stopped being joined (or failed to become joined) and why. */
export type JoinEvent =
  | { channel: string; joined: true; since: number }
  | { channel: string; joined: false; reason: ChannelJoinFailure; since: number };

export type JoinEventHandler = (event: JoinEvent) => void;

export interface JoinTiming {
  /**
   * How long Twitch may take to confirm a JOIN before the attempt counts as failed. Twitch
   * promises nothing here: replies over a second are common, and a channel that does not
   * exist gets none at all. A late confirmation is still accepted.
   */
  joinTimeoutMs: number;
  /** The wait before the first retry of a failed JOIN; it doubles per failure. */
  retryMinMs: number;
  /** The longest wait between retries, so a renamed channel costs one JOIN a minute at most. */
  retryMaxMs: number;
}

export const DEFAULT_JOIN_TIMING: JoinTiming = {
  joinTimeoutMs: 15_000,
  retryMinMs: 1_000,
  retryMaxMs: 60_000,
};

/** What the joins need from one IRC connection. */
export interface IrcLink {
  isConnected(): boolean;
  sendJoin(channel: string): void;
  sendPart(channel: string): void;
}

type Phase =
  /** Waiting for the connection (or for a turn of the rate limiter). */
  | 'waiting'
  /** JOIN sent, no confirmation yet. */
  | 'sent'
  | 'joined'
  /** Failed; the retry timer runs. */
  | 'backoff';

interface ChannelJoin {
  phase: Phase;
  /** Failures since the channel was last joined; the retry delay doubles with each. */
  failures: number;
  /** When the channel became joined, or stopped being (or was first wanted). */
  since: number;
  timer?: NodeJS.Timeout;
  /** Bumped on every state change, so a stale rate-limiter turn or timer does nothing. */
  attempt: number;
}

/**
 * The channels one connection WANTS and which of them Twitch CONFIRMED, by its JOIN echo or
 * ROOMSTATE. tmi.js's own join promise gives up after 600 ms and its own rejoin after a
 * reconnect forgets a channel whose confirmation did not arrive before the next drop; here a
 * wanted channel stays wanted until parted: a JOIN that is not confirmed in time, refused, or
 * cut by a disconnect is sent again on the same connection with a capped exponential backoff,
 * and every wanted channel is joined again after each reconnect. Every JOIN takes a turn of
 * the account's rate limiter, shared by all connections of that account.
 */
export class ChannelJoins {
  private readonly joins = new Map<string, ChannelJoin>();
  private closed = false;

  constructor(
    private readonly link: IrcLink,
    private readonly limiter: JoinRateLimiter,
    private readonly onEvent: JoinEventHandler,
    private readonly timing: JoinTiming = DEFAULT_JOIN_TIMING,
    private readonly now: () => number = Date.now,
  ) {}

  /** Wants the channel until `unwant`; does nothing if it is wanted already. */
  want(channel: string): void {
    if (this.closed || this.joins.has(channel)) return;
    const join: ChannelJoin = { phase: 'waiting', failures: 0, since: this.now(), attempt: 0 };
    this.joins.set(channel, join);
    this.attempt(channel, join);
  }

  unwant(channel: string): void {
    const join = this.joins.get(channel);
    if (!join) return;
    this.joins.delete(channel);
    clearTimeout(join.timer);
    join.attempt++;
    // A JOIN in flight may still be confirmed: the PART covers it too.
    if ((join.phase === 'joined' || join.phase === 'sent') && this.link.isConnected())
      this.link.sendPart(channel);
  }

  wanted(): string[] {
    return [...this.joins.keys()];
  }

  joined(): string[] {
    return [...this.joins].filter(([, join]) => join.phase === 'joined').map(([name]) => name);
  }

  isJoined(channel: string): boolean {
    return this.joins.get(channel)?.phase === 'joined';
  }

  /** Twitch echoed our JOIN or sent the channel's ROOMSTATE, however late. */
  confirmed(channel: string): void {
    const join = this.joins.get(channel);
    if (!join) {
      // Parted while the JOIN was on its way: leave again.
      if (!this.closed && this.link.isConnected()) this.link.sendPart(channel);
      return;
    }
    if (join.phase === 'joined') return;
    clearTimeout(join.timer);
    join.attempt++;
    join.phase = 'joined';
    join.failures = 0;
    join.since = this.now();
    this.onEvent({ channel, joined: true, since: join.since });
  }

  /** Twitch answered the JOIN with a NOTICE such as msg_channel_suspended. */
  refused(channel: string): void {
    const join = this.joins.get(channel);
    if (join && join.phase === 'sent') this.fail(channel, join, 'refused');
  }

  /** Twitch parted us from a channel (a ban, a suspension): join it again. */
  parted(channel: string): void {
    const join = this.joins.get(channel);
    if (join && join.phase === 'joined') this.fail(channel, join, 'disconnected');
  }

  /** The connection is open (again): JOIN every wanted channel not joined, retries included. */
  connected(): void {
    for (const [channel, join] of this.joins) {
      if (join.phase === 'joined' || join.phase === 'sent') continue;
      clearTimeout(join.timer);
      join.failures = 0;
      this.attempt(channel, join);
    }
  }

  /** The connection dropped: nothing is joined any more, and nothing is sent until it is back. */
  disconnected(): void {
    for (const [channel, join] of this.joins) {
      clearTimeout(join.timer);
      join.attempt++;
      const was = join.phase;
      join.phase = 'waiting';
      if (was === 'joined' || was === 'sent') {
        if (was === 'joined') join.since = this.now();
        this.onEvent({ channel, joined: false, reason: 'disconnected', since: join.since });
      }
    }
  }

  close(): void {
    this.closed = true;
    for (const join of this.joins.values()) {
      clearTimeout(join.timer);
      join.attempt++;
    }
    this.joins.clear();
  }

  private attempt(channel: string, join: ChannelJoin): void {
    join.phase = 'waiting';
    const attempt = ++join.attempt;
    if (!this.link.isConnected()) return; // connected() starts it
    void this.limiter.acquire().then(() => {
      if (join.attempt !== attempt || this.joins.get(channel) !== join) return;
      if (!this.link.isConnected()) return;
      join.phase = 'sent';
      this.link.sendJoin(channel);
      join.timer = setTimeout(() => {
        if (join.attempt === attempt && join.phase === 'sent') this.fail(channel, join, 'timeout');
      }, this.timing.joinTimeoutMs);
    });
  }

  private fail(channel: string, join: ChannelJoin, reason: ChannelJoinFailure): void {
    clearTimeout(join.timer);
    const attempt = ++join.attempt;
    if (join.phase === 'joined') join.since = this.now();
    join.phase = 'backoff';
    join.failures++;
    this.onEvent({ channel, joined: false, reason, since: join.since });
    const delay = Math.min(
      this.timing.retryMaxMs,
      this.timing.retryMinMs * 2 ** Math.min(join.failures - 1, 30),
    );
    join.timer = setTimeout(() => {
      if (join.attempt === attempt) this.attempt(channel, join);
    }, delay);
  }
}
