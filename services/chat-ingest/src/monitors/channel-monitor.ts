import { Logger } from '@nestjs/common';
import type { MonitoredChannel } from '@greetboard/contracts';
import type { ChatConnectionPool } from '../connections/connection-pool.js';
import { preferredReplica, type ChannelLeases } from './channel-leases.js';

/** Where the set of channels to read comes from (the sessions service's active sessions). */
export interface MonitoredChannelSource {
  list(): Promise<MonitoredChannel[]>;
}

/**
 * Keeps this replica's share of the monitored channels joined. Every tick it renews its
 * heartbeat and leases, takes the channels whose preferred replica it is, and hands the
 * others over. A channel being handed over stays joined until its new owner holds the lease,
 * so no line is missed; lines read twice in the overlap are de-duplicated by message id.
 */
export class ChannelMonitor {
  private readonly logger = new Logger('channel-monitor');
  private readonly held = new Set<string>();
  private readonly handingOver = new Set<string>();
  private desired: string[] = [];
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private rerun = false;
  private stopped = false;

  constructor(
    private readonly leases: ChannelLeases,
    private readonly pool: ChatConnectionPool,
    private readonly source: MonitoredChannelSource,
    private readonly tickMs = Math.floor(leases.ttlMs / 3),
  ) {}

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

  /** Channels this replica reads now. */
  channels(): string[] {
    return this.pool.channels();
  }

  connectionCount(): number {
    return this.pool.connectionCount();
  }

  /** Hands every channel over at once and closes the connections. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    await Promise.all([...this.held].map((channel) => this.leases.release(channel)));
    await this.leases.leave();
    this.held.clear();
    this.handingOver.clear();
    await this.pool.close();
  }

  private async round(): Promise<void> {
    const me = this.leases.replicaId;
    await this.leases.heartbeat();
    try {
      this.desired = (await this.source.list()).map((monitored) => monitored.channel);
    } catch (error) {
      // Keep reading what we read: an unreachable sessions service must not stop monitoring.
      this.logger.warn(`Could not refresh monitored channels: ${String(error)}`);
    }
    const desired = new Set(this.desired);
    const replicas = await this.leases.liveReplicas();
    if (!replicas.includes(me)) replicas.push(me);

    for (const channel of [...this.held]) {
      if (desired.has(channel)) continue;
      this.held.delete(channel);
      await this.leases.release(channel);
      await this.pool.part(channel);
    }
    for (const channel of [...this.handingOver]) {
      const holder = await this.leases.holder(channel);
      if (!desired.has(channel) || (holder !== null && holder !== me)) {
        this.handingOver.delete(channel);
        if (!this.held.has(channel)) await this.pool.part(channel);
      }
    }
    for (const channel of desired) {
      const preferred = preferredReplica(channel, replicas);
      if (this.held.has(channel)) {
        if (preferred !== me) {
          this.held.delete(channel);
          this.handingOver.add(channel);
          await this.leases.release(channel);
        } else if (!(await this.leases.renew(channel))) {
          this.logger.warn(`Lost the lease of #${channel}`);
          this.held.delete(channel);
          this.handingOver.add(channel);
        }
      } else if (preferred === me && (await this.leases.holder(channel)) === null) {
        // Join first, take the lease second: the previous owner reads the channel until the
        // lease has a new holder, so the lease must not name a replica that is not reading
        // yet (JOINs are paced, a handover of many channels takes seconds).
        try {
          await this.pool.join(channel);
        } catch (error) {
          this.logger.error(`Could not join #${channel}: ${String(error)}`);
          continue;
        }
        if (await this.leases.tryAcquire(channel)) {
          this.held.add(channel);
          this.handingOver.delete(channel);
        } else if (!this.handingOver.has(channel)) {
          // Another replica took it meanwhile (lines read twice are de-duplicated by id).
          await this.pool.part(channel);
        }
      }
    }
  }
}
