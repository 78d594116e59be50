import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { KeyValueStore } from '@greetboard/kv';
import { AUTH_CONFIG, AUTH_KV } from '../auth.tokens.js';
import type { AuthConfig } from '../config.js';
import { SettingsRepository } from '../settings/settings.repository.js';
import { TwitchClient } from '../twitch/twitch-client.js';
import { TwitchTokenVault } from '../twitch/twitch-token-vault.js';
import { AutoStartSessions } from './auto-start-sessions.js';
import { EventSubConnection } from './eventsub-connection.js';

/** One auth replica watches every auto-start user; the others stand by to take over. */
const LEADER_KEY = 'lock:auto-start-watcher';
const LEASE_TTL_MS = 30_000;
/** How often the leader renews its lease and re-reads who has auto-start on. */
const MAX_TICK_MS = 5_000;
/** Helix streams takes at most 100 user ids per request. */
const POLL_BATCH = 100;

interface Watch {
  userId: string;
  twitchId: string;
  events: EventSubConnection;
  /** Last known stream state; undefined until EventSub or the poll said something. */
  live: boolean | undefined;
}

/**
 * Auto-start: watches the streams of users whose autoStartSessions setting is on and starts
 * or stops their session when the stream goes online or offline. Each user gets an EventSub
 * WebSocket; while it is not up (connecting, no token, Twitch unreachable), the user is
 * covered by polling Helix streams every AUTO_START_POLL_INTERVAL_MS with the app token.
 * Both sources feed one per-user state, so an event seen by both acts once.
 *
 * Who is watched is re-read from the database on every tick and at once when a setting
 * changes or a user is deleted on this replica (`refresh`); a change handled by another
 * replica reaches the leader within MAX_TICK_MS.
 */
@Injectable()
export class AutoStartWatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(AutoStartWatcher.name);
  private readonly replicaId = randomUUID();
  private readonly watches = new Map<string, Watch>();
  /** Per user, so online and offline of one stream are acted on in order. */
  private readonly actions = new Map<string, Promise<void>>();
  private leader = false;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private again = false;
  private lastPollAt = 0;
  private stopped = false;

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(AUTH_KV) private readonly kv: KeyValueStore,
    private readonly settings: SettingsRepository,
    private readonly twitch: TwitchClient,
    private readonly tokens: TwitchTokenVault,
    private readonly sessions: AutoStartSessions,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(
      () => this.refresh(),
      Math.min(this.config.autoStart.pollIntervalMs, MAX_TICK_MS),
    );
    this.timer.unref();
    this.refresh();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking;
    this.unwatchAll();
    await Promise.allSettled(this.actions.values());
    if (this.leader) await this.kv.deleteIfValue(LEADER_KEY, this.replicaId).catch(() => false);
  }

  /** Looks again at who has auto-start on; coalesces calls made while a look is running. */
  refresh(): void {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.tick().finally(() => {
      this.ticking = undefined;
      if (this.again) {
        this.again = false;
        this.refresh();
      }
    });
  }

  private async tick(): Promise<void> {
    try {
      this.leader = this.leader
        ? await this.kv.setIfValue(LEADER_KEY, this.replicaId, this.replicaId, LEASE_TTL_MS)
        : await this.kv.set(LEADER_KEY, this.replicaId, {
            ttlMs: LEASE_TTL_MS,
            onlyIfAbsent: true,
          });
      if (!this.leader || this.stopped) {
        this.unwatchAll();
        return;
      }
      await this.reconcile();
      if (Date.now() - this.lastPollAt >= this.config.autoStart.pollIntervalMs) {
        this.lastPollAt = Date.now();
        await this.poll();
      }
    } catch (error) {
      this.logger.warn(`Auto-start round failed: ${describe(error)}`);
    }
  }

  private async reconcile(): Promise<void> {
    const rows = await this.settings.autoStartUsers();
    const wanted = new Map(rows.map((row) => [row.id, row.twitch_id]));
    for (const [userId, watch] of this.watches) {
      if (wanted.get(userId) !== watch.twitchId) this.unwatch(userId);
    }
    for (const [userId, twitchId] of wanted) {
      if (!this.watches.has(userId)) this.watch(userId, twitchId);
    }
    // A watch refused for want of a token resumes once the user has signed in again.
    for (const watch of this.watches.values()) {
      if (watch.events.waitingForToken && (await this.tokens.hasToken(watch.userId)))
        watch.events.retryNow();
    }
  }

  private watch(userId: string, twitchId: string): void {
    const events = new EventSubConnection({
      url: this.config.twitch.eventSubUrl,
      label: `user ${userId}`,
      logger: this.logger,
      subscribe: async (sessionId) => {
        const done = await this.tokens.withAccessToken(userId, async (token) => {
          for (const type of ['stream.online', 'stream.offline'] as const) {
            await this.twitch.subscribeToStream(token, type, twitchId, sessionId);
          }
          return true;
        });
        return done === true;
      },
      onStreamEvent: (type) => this.observe(userId, type === 'stream.online'),
    });
    this.watches.set(userId, { userId, twitchId, events, live: undefined });
    events.start();
  }

  private unwatch(userId: string): void {
    this.watches.get(userId)?.events.close();
    this.watches.delete(userId);
  }

  private unwatchAll(): void {
    for (const userId of [...this.watches.keys()]) this.unwatch(userId);
  }

  /** Helix streams for the users EventSub does not cover right now. */
  private async poll(): Promise<void> {
    const uncovered = [...this.watches.values()].filter((watch) => !watch.events.up);
    for (let start = 0; start < uncovered.length; start += POLL_BATCH) {
      const batch = uncovered.slice(start, start + POLL_BATCH);
      const live = await this.twitch.liveUserIds(batch.map((watch) => watch.twitchId));
      for (const watch of batch) this.observe(watch.userId, live.has(watch.twitchId));
    }
  }

  /** Acts on a change of the stream's state; a repeated state (both sources) does nothing. */
  private observe(userId: string, live: boolean): void {
    const watch = this.watches.get(userId);
    if (!watch || watch.live === live) return;
    watch.live = live;
    const previous = this.actions.get(userId) ?? Promise.resolve();
    const next = previous.then(async () => {
      try {
        if (live) await this.sessions.streamOnline(userId);
        else await this.sessions.streamOffline(userId);
      } catch (error) {
        this.logger.error(
          `Auto-start could not ${live ? 'start' : 'stop'} a session of user ${userId}: ${describe(error)}`,
        );
        // Forget the state so that the next poll sees the transition again and retries.
        if (this.watches.get(userId) === watch && watch.live === live) watch.live = undefined;
      }
    });
    this.actions.set(userId, next);
    void next.finally(() => {
      if (this.actions.get(userId) === next) this.actions.delete(userId);
    });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
