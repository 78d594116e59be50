import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  AUTH_REQUESTS,
  DomainError,
  sendRequest,
  TWITCH_USERS_PER_CALL,
} from '@greetboard/contracts';
import { runPeriodically, type PeriodicTask } from '@greetboard/service-kit';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { LiveEvents, type LiveChatterTexts } from '../live/live-events.js';
import { ChatterProfilesRepository } from './chatter-profiles.repository.js';

export const CHATTER_PROFILE_SETTINGS = Symbol('CHATTER_PROFILE_SETTINGS');

export interface ChatterProfileSettings {
  /** How often the job looks for chatters without an image and for stale images. */
  intervalMs: number;
  /** How old a cached image may get before it is fetched again (daily). */
  refreshAfterMs: number;
  /** After a failed Helix call (Twitch down, rate limited, auth away), the pause before the next. */
  retryAfterMs: number;
}

export const DEFAULT_CHATTER_PROFILE_SETTINGS: ChatterProfileSettings = {
  intervalMs: 5_000,
  refreshAfterMs: 24 * 60 * 60 * 1000,
  retryAfterMs: 60_000,
};

/** Ids handled in one round at most; the next round takes the rest. */
const IDS_PER_ROUND = 1_000;
/** New chatters wait this long for the job, so one round collects a burst of them. */
const WAKE_DELAY_MS = 250;
/**
 * Rounds started by a wake begin at least this far apart. A round is at most 10 Helix calls,
 * so however fast new chatters arrive, woken rounds stay under 600 calls a minute, below the
 * 800 a minute Helix grants an app (the 5 s rounds add at most 120).
 */
const MIN_WOKEN_ROUND_GAP_MS = 1_000;

/**
 * Fetches chatters' Twitch profile images in the background (ADR 0033): ids of chatters the
 * cache does not know, and of cached images older than a day, go to Helix `users` through the
 * auth service (which holds the app's credentials and token), at most 100 ids a call. What
 * Helix answers is cached and put on the chatters, whose screens get a `chatter_update`.
 * The chat pipeline never waits for it: it reads the cache and wakes the job. A failed call
 * is logged and tried again after `retryAfterMs`.
 */
@Injectable()
export class ChatterProfilesJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('chatter-profiles');
  private periodic: PeriodicTask | undefined;
  private wakeTimer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private pausedUntil = 0;
  private lastRoundAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly profiles: ChatterProfilesRepository,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    private readonly live: LiveEvents,
    @Inject(CHATTER_PROFILE_SETTINGS) private readonly settings: ChatterProfileSettings,
  ) {}

  onApplicationBootstrap(): void {
    this.periodic = runPeriodically(
      'Fetching chatter profile images',
      this.settings.intervalMs,
      () => this.run(),
      this.logger,
    );
  }

  onApplicationShutdown(): void {
    this.periodic?.stop();
    clearTimeout(this.wakeTimer);
  }

  /** New chatters without an image arrived: fetch soon rather than at the next interval. */
  wake(): void {
    if (this.wakeTimer) return;
    const delay = Math.max(WAKE_DELAY_MS, this.lastRoundAt + MIN_WOKEN_ROUND_GAP_MS - Date.now());
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = undefined;
      this.run().catch((error: unknown) => {
        this.logger.warn(`Fetching chatter profile images failed: ${String(error)}`);
      });
    }, delay);
    this.wakeTimer.unref();
  }

  /** One round, never two at once. */
  run(now = new Date()): Promise<void> {
    this.running ??= this.refresh(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * Asks Helix about the ids due, 100 a call; the first failure pauses the job. Each answer is
   * stored at once, in a short transaction (the embedded database runs one statement at a time,
   * and chat batches wait behind it); the screens hear of the whole round in one live event per
   * session, so they redraw once per round of up to 1,000 images, not once per call.
   */
  private async refresh(now: Date): Promise<void> {
    if (now.getTime() < this.pausedUntil) return;
    this.lastRoundAt = Date.now();
    const staleBefore = new Date(now.getTime() - this.settings.refreshAfterMs);
    const ids = await this.profiles.idsToFetch(staleBefore, IDS_PER_ROUND);
    const changed: LiveChatterTexts[] = [];
    try {
      for (let start = 0; start < ids.length; start += TWITCH_USERS_PER_CALL) {
        const twitchIds = ids.slice(start, start + TWITCH_USERS_PER_CALL);
        let answer;
        try {
          answer = await sendRequest(this.bus, AUTH_REQUESTS.twitchUserProfiles, { twitchIds });
        } catch (error) {
          this.pausedUntil = now.getTime() + this.settings.retryAfterMs;
          this.logger.warn(
            `Helix users failed for ${twitchIds.length} chatters (${failureOf(error)}); ` +
              `trying again in ${this.settings.retryAfterMs} ms`,
          );
          return;
        }
        changed.push(...(await this.profiles.store(twitchIds, answer.profiles, now)));
      }
    } finally {
      await this.live.chatterTextsChanged(oneEventPerSession(changed));
    }
  }
}

/**
 * A round's changes, one event per session: its chatters together, at the list version of the
 * round's last store there (later stores commit higher versions). A gateway holding the list
 * at an earlier version sees the jump and reads the changes once (ADR 0035).
 */
export function oneEventPerSession(events: LiveChatterTexts[]): LiveChatterTexts[] {
  const bySession = new Map<string, LiveChatterTexts>();
  for (const event of events) {
    const earlier = bySession.get(event.sessionId);
    bySession.set(
      event.sessionId,
      earlier
        ? {
            ...event,
            created: [...earlier.created, ...event.created],
            updated: [...earlier.updated, ...event.updated],
          }
        : event,
    );
  }
  return [...bySession.values()];
}

/** The error code and, for a Twitch answer, its HTTP status: what an operator needs. */
function failureOf(error: unknown): string {
  if (!(error instanceof DomainError)) return String(error);
  const status = (error.details as { status?: number } | undefined)?.status;
  return status === undefined ? error.code : `${error.code}, HTTP ${status}`;
}
