import { setTimeout as delay } from 'node:timers/promises';
import { Logger } from '@nestjs/common';
import type { ChatConnectionChanged, MonitoredChannel } from '@greetboard/contracts';
import type { KeyValueStore } from '@greetboard/kv';
import {
  channelHandovers,
  channelLeasesHeld,
  channelTakeovers,
  chatChannelsUnjoined,
  monitoredChannels,
} from '@greetboard/metrics';
import type { ChatConnectionPool } from '../connections/connection-pool.js';
import { preferredReplica, type ChannelLeases } from './channel-leases.js';
import { ChatConnectionAnnouncer } from './chat-connection-announcer.js';
import { JoinStatusBoard } from './join-status.js';
import { MonitoredSessions, type SessionStatus } from './monitored-sessions.js';

/** Where the full set of channels to read comes from (the sessions service's active sessions). */
export interface MonitoredChannelSource {
  list(): Promise<MonitoredChannel[]>;
}

/** How often the full list is read again, as a safety net under the status events. */
export const RECONCILE_MS = 30_000;

export interface ChannelMonitorOptions {
  /** Time between rounds; a third of the lease lifetime by default. */
  tickMs?: number;
  /**
   * On shutdown, how long to keep reading while no channel finds its new owner before parting
   * anyway (the other replicas may be dead but not yet expired).
   */
  handoverTimeoutMs?: number;
  /** Asks the other replicas to run a round now rather than at their next tick. */
  announceLeaving?: () => Promise<void>;
  /** Time between readings of the full list (RECONCILE_MS by default). */
  reconcileMs?: number;
  /** Where each channel's join status is published for other services (not published without). */
  joinStatus?: KeyValueStore;
  /** Tells the channels' sessions their chat connection changed (needs `joinStatus`). */
  announceConnection?: (change: ChatConnectionChanged) => void;
}

/** How often a replica shutting down looks whether its channels have new owners. */
const HANDOVER_POLL_MS = 100;

/**
 * Keeps this replica's share of the monitored channels joined. The channels are those of the
 * running sessions: session status events change them as they happen (`apply`), and the full
 * list is read at the first round and every `reconcileMs` after (ADR 0026). Every tick it
 * renews its heartbeat and leases, takes the channels whose preferred replica it is, and
 * hands the others over. A channel being handed over stays joined until its new owner holds the lease,
 * so no line is missed; lines read twice in the overlap are de-duplicated by message id.
 *
 * A channel is taken only once Twitch confirmed the JOIN (a confirmation runs a round at once),
 * and every round repairs the difference between the channels held and those wanted on the
 * connections. A held channel that is not joined (Twitch down, a slow or refused JOIN) stays
 * held while its connection retries, and is counted in `greetboard_chat_channels_unjoined`.
 */
export class ChannelMonitor {
  private readonly logger = new Logger('channel-monitor');
  private readonly held = new Set<string>();
  private readonly handingOver = new Set<string>();
  /** Channels this replica should take, wanted on a connection but not confirmed joined yet. */
  private readonly joining = new Set<string>();
  private readonly board?: JoinStatusBoard;
  private readonly announcer?: ChatConnectionAnnouncer;
  private readonly sessions = new MonitoredSessions();
  /** When the full list was last read; undefined until it was read once. */
  private listedAt: number | undefined;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private rerun = false;
  private stopped = false;
  private readonly tickMs: number;
  private readonly handoverTimeoutMs: number;
  private readonly reconcileMs: number;

  constructor(
    private readonly leases: ChannelLeases,
    private readonly pool: ChatConnectionPool,
    private readonly source: MonitoredChannelSource,
    private readonly options: ChannelMonitorOptions = {},
  ) {
    this.tickMs = options.tickMs ?? Math.floor(leases.ttlMs / 3);
    this.handoverTimeoutMs = options.handoverTimeoutMs ?? 10_000;
    this.reconcileMs = options.reconcileMs ?? RECONCILE_MS;
    if (options.joinStatus) this.board = new JoinStatusBoard(options.joinStatus, leases.replicaId);
    if (options.announceConnection) {
      this.announcer = new ChatConnectionAnnouncer(options.announceConnection, (channel) =>
        this.sessions.sessionsOf(channel),
      );
    }
    pool.onJoin((event) => {
      this.board?.note(event);
      if (event.joined && this.joining.has(event.channel)) void this.tick();
      else this.countUnjoined();
    });
  }

  /** A session started or stopped: its channel is joined or parted in a round run now. */
  apply(status: SessionStatus): Promise<void> {
    this.sessions.apply(status);
    return this.tick();
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.tickMs);
    void this.tick();
  }

  /** Runs one round now (coalescing with one already running). */
  tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.rerun = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.rerun = false;
        try {
          await this.round();
        } catch (error) {
          this.logger.error(`Monitoring round failed: ${String(error)}`);
        }
      } while (this.rerun && !this.stopped);
      this.running = undefined;
    })();
    return this.running;
  }

  /** Channels this replica reads now (Twitch confirmed the JOIN). */
  channels(): string[] {
    return this.pool.joinedChannels();
  }

  /** Channels this replica holds or is taking that Twitch has not confirmed joined. */
  unjoinedChannels(): string[] {
    return [...this.held, ...this.joining].filter((channel) => !this.pool.isJoined(channel));
  }

  connectionCount(): number {
    return this.pool.connectionCount();
  }

  /**
   * Hands every channel over at once: leaves the set of live replicas, releases the leases and
   * tells the others, then keeps reading each channel until its new owner (which joins before
   * it takes the lease) holds it. Alone, it closes at once; it stops waiting once
   * `handoverTimeoutMs` pass without a channel taken over.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    try {
      // Leave first, so a round the others run from now on prefers them for every channel.
      await this.leases.leave();
      for (const channel of this.held) this.handingOver.add(channel);
      channelHandovers.inc(this.held.size);
      await Promise.all([...this.held].map((channel) => this.leases.release(channel)));
      this.held.clear();
      this.joining.clear();
      channelLeasesHeld.set(0);
      chatChannelsUnjoined.set(0);
      if (this.handingOver.size > 0 && (await this.othersAlive())) {
        await this.options.announceLeaving?.().catch((error: unknown) => {
          this.logger.warn(`Could not announce leaving: ${String(error)}`);
        });
        await this.awaitNewOwners();
      }
    } catch (error) {
      this.logger.error(`Handing channels over failed: ${String(error)}`);
    } finally {
      this.handingOver.clear();
      await this.pool.close();
    }
  }

  private async othersAlive(): Promise<boolean> {
    const replicas = await this.leases.liveReplicas();
    return replicas.some((replica) => replica !== this.leases.replicaId);
  }

  /** Parts each channel being handed over once another replica holds its lease. */
  private async awaitNewOwners(): Promise<void> {
    const started = Date.now();
    const total = this.handingOver.size;
    let lastProgress = started;
    while (this.handingOver.size > 0) {
      const channels = [...this.handingOver];
      const holders = await Promise.all(channels.map((channel) => this.leases.holder(channel)));
      for (const [index, channel] of channels.entries()) {
        const holder = holders[index];
        if (holder === null || holder === this.leases.replicaId) continue;
        this.handingOver.delete(channel);
        lastProgress = Date.now();
        await this.pool.part(channel);
      }
      if (this.handingOver.size === 0) break;
      if (Date.now() - lastProgress >= this.handoverTimeoutMs) {
        this.logger.warn(
          `Shutting down with ${this.handingOver.size} channels not taken over (none for ${this.handoverTimeoutMs} ms)`,
        );
        return;
      }
      if (!(await this.othersAlive())) {
        this.logger.warn(`The other replicas left: ${this.handingOver.size} channels unread`);
        return;
      }
      await delay(HANDOVER_POLL_MS);
    }
    this.logger.log(`Handed ${total} channels over in ${Date.now() - started} ms`);
  }

  private async round(): Promise<void> {
    const me = this.leases.replicaId;
    await this.leases.heartbeat();
    if (this.listedAt === undefined || Date.now() - this.listedAt >= this.reconcileMs) {
      try {
        const started = Date.now();
        await this.sessions.replaceWith(() => this.source.list());
        this.listedAt = started;
      } catch (error) {
        // Keep reading what we read: an unreachable sessions service must not stop monitoring.
        // The list is asked for again next round.
        this.logger.warn(`Could not refresh monitored channels: ${String(error)}`);
      }
    }
    const desired = new Set(this.sessions.channels());
    const replicas = await this.leases.liveReplicas();
    if (!replicas.includes(me)) replicas.push(me);

    for (const channel of [...this.held]) {
      if (desired.has(channel)) continue;
      this.held.delete(channel);
      await this.leases.release(channel);
      await this.pool.part(channel);
      await this.board?.forget(channel);
    }
    for (const channel of [...this.joining]) {
      const holder = await this.leases.holder(channel);
      const mine = preferredReplica(channel, replicas) === me && (holder === null || holder === me);
      if (desired.has(channel) && mine) continue;
      this.joining.delete(channel);
      if (!this.held.has(channel) && !this.handingOver.has(channel)) await this.pool.part(channel);
    }
    for (const channel of [...this.handingOver]) {
      const holder = await this.leases.holder(channel);
      if (!desired.has(channel) || (holder !== null && holder !== me)) {
        this.handingOver.delete(channel);
        if (!this.held.has(channel) && !this.joining.has(channel)) await this.pool.part(channel);
      }
    }
    for (const channel of desired) {
      const preferred = preferredReplica(channel, replicas);
      if (this.held.has(channel)) {
        if (preferred !== me) {
          this.held.delete(channel);
          this.handingOver.add(channel);
          channelHandovers.inc();
          await this.leases.release(channel);
        } else if (!(await this.leases.renew(channel))) {
          this.logger.warn(`Lost the lease of #${channel}`);
          this.held.delete(channel);
          this.handingOver.add(channel);
        } else {
          // Held but not wanted on any connection any more: want it again.
          this.pool.join(channel);
        }
      } else if (preferred === me && (await this.leases.holder(channel)) === null) {
        // Join first, take the lease second: the previous owner reads the channel until the
        // lease has a new holder, so the lease must not name a replica that is not reading
        // yet (JOINs are paced and Twitch may take seconds to confirm one). The round goes
        // on meanwhile; the confirmation runs the next one.
        this.pool.join(channel);
        if (!this.pool.isJoined(channel)) {
          this.joining.add(channel);
          continue;
        }
        this.joining.delete(channel);
        const abandonedBy = await this.leases.abandonedBy(channel);
        if (await this.leases.tryAcquire(channel)) {
          this.held.add(channel);
          this.handingOver.delete(channel);
          if (abandonedBy) {
            channelTakeovers.inc();
            this.logger.warn(
              `Took over #${channel} from replica ${abandonedBy}, whose lease expired without a handover`,
            );
          }
        } else if (!this.handingOver.has(channel)) {
          // Another replica took it meanwhile (lines read twice are de-duplicated by id).
          await this.pool.part(channel);
        }
      }
    }
    // Whatever is wanted on a connection but neither held, handed over nor being taken
    // (left behind by a failed step) is parted.
    for (const channel of this.pool.channels()) {
      if (!this.held.has(channel) && !this.handingOver.has(channel) && !this.joining.has(channel))
        await this.pool.part(channel);
    }
    monitoredChannels.set(desired.size);
    channelLeasesHeld.set(this.held.size);
    this.countUnjoined();
    const statuses = await this.board?.record([...this.held, ...this.joining], (channel) =>
      this.pool.isJoined(channel),
    );
    if (statuses) this.announcer?.update(statuses);
  }

  private countUnjoined(): void {
    chatChannelsUnjoined.set(this.unjoinedChannels().length);
  }
}
