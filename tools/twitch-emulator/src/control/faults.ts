import { type ChatDropReason, type HelixFaults } from '../helix/helix.js';
import { type IrcFaults, type JoinReply, type OutageMode } from '../irc/server.js';
import { type SeededRandom } from '../state/random.js';

/** Key for faults aimed at every connection rather than one client id. */
const ALL = '*';

interface HelixFault {
  readonly status: 429 | 500;
  readonly until?: number;
  remaining?: number;
}

/** Which JOINs a JOIN fault holds: every one, one channel's, one client's, or both narrowed. */
export interface JoinScope {
  readonly channel?: string;
  readonly clientId?: string;
}

/** A set delay, or one drawn for each JOIN between `minMs` and `maxMs`. */
export type JoinDelay =
  { readonly delayMs: number } | { readonly minMs: number; readonly maxMs: number };

interface ChatDropFault {
  readonly reason: ChatDropReason;
  readonly until?: number;
  remaining?: number;
}

interface ReconnectStorm {
  readonly clientId?: string;
  readonly count: number;
  readonly intervalMs: number;
  sent: number;
  timer?: NodeJS.Timeout;
}

function scopeKey(scope: JoinScope): string {
  return `${scope.clientId ?? ALL} ${scope.channel ?? ALL}`;
}

function matches(scope: JoinScope, connectionId: string, channel: string): boolean {
  return (
    (scope.clientId === undefined || scope.clientId === connectionId) &&
    (scope.channel === undefined || scope.channel === channel)
  );
}

/** Narrower scopes win: a client and channel over a client, a client over a channel, over all. */
function specificity(scope: JoinScope): number {
  return (scope.clientId === undefined ? 0 : 2) + (scope.channel === undefined ? 0 : 1);
}

function withScope(scope: JoinScope): JoinScope {
  return {
    ...(scope.clientId === undefined ? {} : { clientId: scope.clientId }),
    ...(scope.channel === undefined ? {} : { channel: scope.channel }),
  };
}

/** Active faults; the IRC server and Helix consult this on every delivery, JOIN and request. */
export class FaultState implements IrcFaults, HelixFaults {
  private readonly latency = new Map<string, number>();
  private readonly split = new Set<string>();
  private readonly stalls = new Map<string, number>();
  private helix: HelixFault | undefined;
  private chatDrop: ChatDropFault | undefined;
  private readonly joinDelays = new Map<string, JoinScope & { delay: JoinDelay }>();
  private readonly silentJoins = new Map<string, JoinScope>();
  private outage: { readonly mode: OutageMode; readonly until: number } | undefined;
  private readonly storms = new Set<ReconnectStorm>();

  constructor(private readonly random: SeededRandom) {}

  latencyMs(connectionId: string): number {
    return this.latency.get(connectionId) ?? this.latency.get(ALL) ?? 0;
  }

  splitsFrames(connectionId: string): boolean {
    return this.split.has(connectionId) || this.split.has(ALL);
  }

  stalledUntil(connectionId: string): number {
    return Math.max(this.stalls.get(connectionId) ?? 0, this.stalls.get(ALL) ?? 0);
  }

  joinReply(connectionId: string, channel: string): JoinReply {
    for (const scope of this.silentJoins.values())
      if (matches(scope, connectionId, channel)) return { kind: 'silent' };
    const rule = [...this.joinDelays.values()]
      .filter((candidate) => matches(candidate, connectionId, channel))
      .sort((a, b) => specificity(b) - specificity(a))[0];
    if (!rule) return { kind: 'now' };
    const delay = rule.delay;
    const delayMs =
      'delayMs' in delay ? delay.delayMs : this.random.between(delay.minMs, delay.maxMs);
    return delayMs > 0 ? { kind: 'delayed', delayMs } : { kind: 'now' };
  }

  outageMode(): OutageMode | undefined {
    if (this.outage && Date.now() >= this.outage.until) this.outage = undefined;
    return this.outage?.mode;
  }

  takeHelixFault(): 429 | 500 | undefined {
    const fault = this.helix;
    if (!fault) return undefined;
    if (fault.until !== undefined && Date.now() >= fault.until) {
      this.helix = undefined;
      return undefined;
    }
    if (fault.remaining !== undefined) {
      fault.remaining--;
      if (fault.remaining <= 0) this.helix = undefined;
    }
    return fault.status;
  }

  takeChatDrop(): ChatDropReason | undefined {
    const fault = this.chatDrop;
    if (!fault) return undefined;
    if (fault.until !== undefined && Date.now() >= fault.until) {
      this.chatDrop = undefined;
      return undefined;
    }
    if (fault.remaining !== undefined) {
      fault.remaining--;
      if (fault.remaining <= 0) this.chatDrop = undefined;
    }
    return fault.reason;
  }

  /** The next `count` chat messages, or those for `durationMs`, are dropped with `reason`. */
  dropChatMessages(reason: ChatDropReason, limit: { durationMs?: number; count?: number }): void {
    this.chatDrop = {
      reason,
      ...(limit.durationMs === undefined ? {} : { until: Date.now() + limit.durationMs }),
      ...(limit.count === undefined ? {} : { remaining: limit.count }),
    };
  }

  setLatency(ms: number, clientId?: string): void {
    if (ms > 0) this.latency.set(clientId ?? ALL, ms);
    else this.latency.delete(clientId ?? ALL);
  }

  setSplitFrames(enabled: boolean, clientId?: string): void {
    if (enabled) this.split.add(clientId ?? ALL);
    else this.split.delete(clientId ?? ALL);
  }

  stall(durationMs: number, clientId?: string): void {
    this.stalls.set(clientId ?? ALL, Date.now() + durationMs);
  }

  failHelix(status: 429 | 500, limit: { durationMs?: number; count?: number }): void {
    this.helix = {
      status,
      ...(limit.durationMs === undefined ? {} : { until: Date.now() + limit.durationMs }),
      ...(limit.count === undefined ? {} : { remaining: limit.count }),
    };
  }

  /** Delays the replies to JOINs in the scope; a set delay of 0 lifts the scope's delay. */
  delayJoins(scope: JoinScope, delay: JoinDelay): void {
    const key = scopeKey(scope);
    if ('delayMs' in delay && delay.delayMs === 0) this.joinDelays.delete(key);
    else this.joinDelays.set(key, { ...withScope(scope), delay });
  }

  silenceJoins(scope: JoinScope): void {
    this.silentJoins.set(scopeKey(scope), withScope(scope));
  }

  /** Twitch unreachable until `durationMs` from now; answers when it ends. */
  startOutage(mode: OutageMode, durationMs: number): Date {
    this.outage = { mode, until: Date.now() + durationMs };
    return new Date(this.outage.until);
  }

  /**
   * Calls `send` now and then every `intervalMs` until it ran `count` times (or the faults are
   * cleared); answers what the first call answered.
   */
  startReconnectStorm(
    storm: { clientId?: string; count: number; intervalMs: number },
    send: () => number,
  ): number {
    const running: ReconnectStorm = { ...storm, sent: 1 };
    const affected = send();
    if (running.sent >= running.count) return affected;
    running.timer = setInterval(() => {
      send();
      running.sent++;
      if (running.sent < running.count) return;
      clearInterval(running.timer);
      this.storms.delete(running);
    }, storm.intervalMs);
    running.timer.unref();
    this.storms.add(running);
    return affected;
  }

  /** Every fault in force, for `GET /control/faults`. */
  describe(): object {
    const perClient = <T>(entries: Iterable<[string, T]>, describe: (value: T) => object) =>
      [...entries].map(([key, value]) => ({
        ...(key === ALL ? {} : { clientId: key }),
        ...describe(value),
      }));
    const outageMode = this.outageMode();
    const helix = this.helix;
    return {
      latency: perClient(this.latency, (ms) => ({ ms })),
      splitFrames: [...this.split].map((key) => (key === ALL ? {} : { clientId: key })),
      stalls: perClient(
        [...this.stalls].filter(([, until]) => until > Date.now()),
        (until) => ({ until: new Date(until).toISOString() }),
      ),
      helix:
        helix === undefined
          ? null
          : {
              status: helix.status,
              ...(helix.until === undefined ? {} : { until: new Date(helix.until).toISOString() }),
              ...(helix.remaining === undefined ? {} : { remaining: helix.remaining }),
            },
      chatDrop:
        this.chatDrop === undefined
          ? null
          : {
              ...this.chatDrop.reason,
              ...(this.chatDrop.until === undefined
                ? {}
                : { until: new Date(this.chatDrop.until).toISOString() }),
              ...(this.chatDrop.remaining === undefined
                ? {}
                : { remaining: this.chatDrop.remaining }),
            },
      joinDelays: [...this.joinDelays.values()].map(({ delay, ...scope }) => ({
        ...scope,
        ...delay,
      })),
      silentJoins: [...this.silentJoins.values()],
      outage:
        outageMode === undefined || this.outage === undefined
          ? null
          : {
              mode: outageMode,
              endsAt: new Date(this.outage.until).toISOString(),
              remainingMs: Math.max(0, this.outage.until - Date.now()),
            },
      reconnectStorms: [...this.storms].map(({ clientId, count, intervalMs, sent }) => ({
        ...(clientId === undefined ? {} : { clientId }),
        count,
        intervalMs,
        sent,
      })),
    };
  }

  clear(): void {
    this.latency.clear();
    this.split.clear();
    this.stalls.clear();
    this.helix = undefined;
    this.chatDrop = undefined;
    this.joinDelays.clear();
    this.silentJoins.clear();
    this.outage = undefined;
    for (const storm of this.storms) clearInterval(storm.timer);
    this.storms.clear();
  }
}
