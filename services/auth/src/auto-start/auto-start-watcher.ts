import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { MONITOR_REQUESTS, sendRequest } from '@greetboard/contracts';
import type { KeyValueStore } from '@greetboard/kv';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { AUTH_CONFIG, AUTH_KV } from '../auth.tokens.js';
import type { AuthConfig } from '../config.js';
import { SettingsRepository } from '../settings/settings.repository.js';
import { TwitchClient, type StreamEventType } from '../twitch/twitch-client.js';
import { TwitchTokenVault } from '../twitch/twitch-token-vault.js';
import { AutoStartSessions, type StreamState } from './auto-start-sessions.js';
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
  /** The stream as last seen; undefined until EventSub or the poll said something. */
  stream: StreamState | undefined;
  /** The owner's running sessions, as the sessions service lists them (sorted, joined). */
  sessions: string;
  /** What the sessions service last took in for this watch (`reportKey`). */
  reported: string | undefined;
}

/** What a report carries that the sessions service acts on. */
function reportKey(watch: Watch): string | undefined {
  const { stream } = watch;
  return stream && `${stream.live}|${stream.title ?? ''}|${watch.sessions}`;
}

/**
 * Follows the streams of the users whose autoStartSessions setting is on and of the owners
 * of a running session, and reports each change to the sessions service (ADR 0045), which
 * starts, continues or notes the session. Each user gets an EventSub WebSocket for
 * `stream.online`/`stream.offline`; Helix streams is polled every AUTO_START_POLL_INTERVAL_MS
 * with the app token for the titles, for users EventSub does not cover right now (connecting,
 * no token, Twitch unreachable), and at once for a user whose stream is not known yet. Both
 * sources feed one per-user state, so an event seen by both is reported once.
 *
 * A report that fails is sent again on the next tick, and a new running session of the owner
 * is told the stream at once: the report is repeated whenever what it carries changes.
 *
 * Who is watched is re-read on every tick and at once when a setting changes or a user is
 * deleted on this replica (`refresh`); a change handled by another replica reaches the leader
 * within MAX_TICK_MS.
 */
@Injectable()
export class AutoStartWatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(AutoStartWatcher.name);
  private readonly replicaId = randomUUID();
  private readonly watches = new Map<string, Watch>();
  /** Per user, so the reports of one stream reach sessions in order. */
  private readonly actions = new Map<string, Promise<void>>();
  /** The running sessions of each owner, by Twitch id, as last listed. */
  private running = new Map<string, string>();
  private leader = false;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private again = false;
  private lastPollAt = 0;
  private stopped = false;

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(AUTH_KV) private readonly kv: KeyValueStore,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
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

  /** Looks again at who is watched; coalesces calls made while a look is running. */
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
      const due = Date.now() - this.lastPollAt >= this.config.autoStart.pollIntervalMs;
      if (due) this.lastPollAt = Date.now();
      await this.poll(due);
      for (const watch of this.watches.values()) this.sync(watch);
    } catch (error) {
      this.logger.warn(`Auto-start round failed: ${describe(error)}`);
    }
  }

  private async reconcile(): Promise<void> {
    try {
      const channels = await sendRequest(this.bus, MONITOR_REQUESTS.list, {
        requestedBy: `auth ${this.replicaId}`,
      });
      this.running = new Map(
        channels.map((channel) => [channel.channelId, [...channel.sessionIds].sort().join()]),
      );
    } catch (error) {
      // Sessions unreachable: the owners last listed stay watched.
      this.logger.debug?.(`Running sessions not listed: ${describe(error)}`);
    }
    const rows = await this.settings.streamWatchUsers([...this.running.keys()]);
    const wanted = new Map(rows.map((row) => [row.id, row.twitch_id]));
    for (const [userId, watch] of this.watches) {
      if (wanted.get(userId) !== watch.twitchId) this.unwatch(userId);
    }
    for (const [userId, twitchId] of wanted) {
      const watch = this.watches.get(userId) ?? this.watch(userId, twitchId);
      watch.sessions = this.running.get(twitchId) ?? '';
    }
    // A watch refused for want of a token resumes once the user has signed in again.
    for (const watch of this.watches.values()) {
      if (watch.events.waitingForToken && (await this.tokens.hasToken(watch.userId)))
        watch.events.retryNow();
    }
  }

  private watch(userId: string, twitchId: string): Watch {
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
      onStreamEvent: (type) => void this.streamEvent(userId, type),
    });
    const watch: Watch = {
      userId,
      twitchId,
      events,
      stream: undefined,
      sessions: '',
      reported: undefined,
    };
    this.watches.set(userId, watch);
    events.start();
    return watch;
  }

  private unwatch(userId: string): void {
    this.watches.get(userId)?.events.close();
    this.watches.delete(userId);
  }

  private unwatchAll(): void {
    for (const userId of [...this.watches.keys()]) this.unwatch(userId);
  }

  /** An EventSub notification; a stream going live is reported with its title. */
  private async streamEvent(userId: string, type: StreamEventType): Promise<void> {
    const watch = this.watches.get(userId);
    if (!watch) return;
    if (type === 'stream.offline') {
      this.observe(watch, { live: false });
      return;
    }
    this.observe(watch, { live: true, title: await this.titleOf(watch) });
  }

  /** The channel's title (Helix channel information), else the stream's; null if neither. */
  private async titleOf(watch: Watch): Promise<string | null> {
    try {
      const title = (await this.twitch.channelTitles([watch.twitchId])).get(watch.twitchId);
      if (title) return title;
    } catch (error) {
      this.logger.debug?.(`No channel title for user ${watch.userId}: ${describe(error)}`);
    }
    try {
      return (await this.twitch.liveStreams([watch.twitchId])).get(watch.twitchId)?.title ?? null;
    } catch (error) {
      this.logger.debug?.(`No stream title for user ${watch.userId}: ${describe(error)}`);
      return null;
    }
  }

  /**
   * Helix streams: the titles of live streams, and whether the stream is live for the users
   * EventSub does not cover or whose stream is not known yet. EventSub's word wins for the
   * others: Helix may list a stream for a while after it ended.
   */
  private async poll(everyone: boolean): Promise<void> {
    const asked = [...this.watches.values()].filter(
      (watch) => everyone || watch.stream === undefined,
    );
    for (let start = 0; start < asked.length; start += POLL_BATCH) {
      const batch = asked.slice(start, start + POLL_BATCH);
      const live = await this.twitch.liveStreams(batch.map((watch) => watch.twitchId));
      for (const watch of batch) {
        const stream = live.get(watch.twitchId);
        if (!watch.events.up || watch.stream === undefined) {
          this.observe(watch, { live: stream !== undefined, title: stream?.title ?? null });
        } else if (stream && watch.stream.live) {
          this.observe(watch, { live: true, title: stream.title });
        }
      }
    }
  }

  /**
   * Takes in what a source saw: a change of live or offline starts a new state (since now);
   * a title seen on a live stream replaces the one known. Anything else changes nothing.
   */
  private observe(watch: Watch, seen: { live: boolean; title?: string | null }): void {
    if (this.watches.get(watch.userId) !== watch) return;
    const known = watch.stream;
    if (!known || known.live !== seen.live) {
      watch.stream = {
        live: seen.live,
        title: seen.title ?? (seen.live ? null : (known?.title ?? null)),
        since: new Date(),
      };
    } else if (seen.live && seen.title && seen.title !== known.title) {
      watch.stream = { ...known, title: seen.title };
    }
    this.sync(watch);
  }

  /** Reports the watch's state unless sessions has it already or a report is under way. */
  private sync(watch: Watch): void {
    const key = reportKey(watch);
    const stream = watch.stream;
    if (!stream || key === watch.reported || this.actions.has(watch.userId)) return;
    const action = (async () => {
      try {
        const report = await this.sessions.report(watch.userId, stream);
        watch.reported = key;
        if (report && report.outcome !== 'none') {
          this.logger.log(
            `Stream of user ${watch.userId} ${stream.live ? 'live' : 'offline'}: session ${report.sessionId} ${report.outcome}`,
          );
        }
        return true;
      } catch (error) {
        // Left unreported: the next tick sends it again.
        this.logger.error(
          `Could not report the stream of user ${watch.userId} to sessions: ${describe(error)}`,
        );
        return false;
      }
    })();
    this.actions.set(
      watch.userId,
      action.then(() => undefined),
    );
    void action.then((reported) => {
      this.actions.delete(watch.userId);
      // Something changed while it was under way: report that too (a failure waits a tick).
      if (reported && this.watches.get(watch.userId) === watch) this.sync(watch);
    });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
