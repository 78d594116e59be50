import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainError } from '@greetboard/contracts';
import type { KeyValueStore } from '@greetboard/kv';
import { runPeriodically, type PeriodicTask } from '@greetboard/service-kit';
import { AUTH_CONFIG, AUTH_KV } from '../auth.tokens.js';
import type { AuthConfig } from '../config.js';
import { TokenCipher } from './token-cipher.js';
import { TwitchClient, TwitchRejectedError, type TwitchTokens } from './twitch-client.js';
import { TwitchTokenEntity } from './twitch-token.entity.js';
import { TwitchTokensRepository } from './twitch-tokens.repository.js';

const HOUR_MS = 60 * 60 * 1000;
/** Tokens expiring within this window are refreshed by the hourly sweep. */
const REFRESH_AHEAD_MS = 2 * HOUR_MS;
/** One replica sweeps at a time. */
const SWEEP_LOCK = 'lock:twitch-token-sweep';
const SWEEP_LOCK_TTL_MS = 10 * 60_000;
/** A refresh is one call to Twitch; its lock outlives the client's timeout. */
const REFRESH_LOCK_TTL_MS = 30_000;
const REFRESH_LOCK_WAIT_MS = 15_000;
const REFRESH_LOCK_POLL_MS = 50;

export interface SweepReport {
  validated: number;
  refreshed: number;
  dropped: number;
  /** Rows Twitch could not be asked about (unreachable, 5xx); the next sweep tries again. */
  failed: number;
}

/**
 * Keeps users' Twitch tokens: encrypted at rest, validated hourly as Twitch requires,
 * refreshed before they expire, revoked when the account goes. A token Twitch no longer
 * accepts and cannot refresh is dropped; the user signs in again to grant a new one.
 */
@Injectable()
export class TwitchTokenVault implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TwitchTokenVault.name);
  private readonly cipher: TokenCipher;
  private periodic: PeriodicTask | undefined;
  /** Refreshes under way in this process, per user: concurrent callers share one. */
  private readonly refreshing = new Map<string, Promise<TwitchTokens | null>>();

  constructor(
    private readonly tokens: TwitchTokensRepository,
    @Inject(AUTH_CONFIG) config: AuthConfig,
    @Inject(AUTH_KV) private readonly kv: KeyValueStore,
    private readonly twitch: TwitchClient,
  ) {
    this.cipher = new TokenCipher(config.tokenEncryptionKey);
  }

  onApplicationBootstrap(): void {
    this.periodic = runPeriodically('Token sweep', HOUR_MS, () => this.sweep(), this.logger);
  }

  onApplicationShutdown(): void {
    this.periodic?.stop();
  }

  async store(userId: string, tokens: TwitchTokens, manager?: EntityManager): Promise<void> {
    await this.tokens.store(this.seal(userId, tokens), manager);
  }

  /** Whether the user has stored tokens at all; a cheap read that asks Twitch nothing. */
  hasToken(userId: string): Promise<boolean> {
    return this.tokens.exists(userId);
  }

  /** A valid access token for the user, refreshed first when it is about to expire. */
  async accessTokenOf(userId: string): Promise<string | null> {
    const row = await this.tokens.find(userId);
    if (!row) return null;
    if (row.expiresAt.getTime() - Date.now() > 5 * 60_000) {
      return this.cipher.decrypt(row.accessToken, userId);
    }
    const refreshed = await this.refreshRow(row);
    return refreshed?.accessToken ?? null;
  }

  /**
   * A fresh access token after Helix refused the stored one (revoked or expired early);
   * null when Twitch no longer accepts the refresh token either (the row is then dropped).
   */
  async refreshedAccessTokenOf(userId: string): Promise<string | null> {
    const row = await this.tokens.find(userId);
    if (!row) return null;
    return (await this.refreshRow(row))?.accessToken ?? null;
  }

  /**
   * Runs a Helix call with the user's token; when Helix refuses it (revoked or expired
   * early), refreshes once and tries again. Null when the user has no usable token.
   */
  async withAccessToken<T>(userId: string, call: (token: string) => Promise<T>): Promise<T | null> {
    const token = await this.accessTokenOf(userId);
    if (!token) return null;
    try {
      return await call(token);
    } catch (error) {
      if (!(error instanceof TwitchRejectedError)) throw error;
      const fresh = await this.refreshedAccessTokenOf(userId);
      return fresh ? call(fresh) : null;
    }
  }

  /**
   * Validates tokens not validated within the hour and refreshes those about to expire. One
   * replica sweeps at a time (a lock only its holder releases); a row Twitch cannot be asked
   * about is counted as failed and the sweep goes on with the next.
   */
  async sweep(now = Date.now()): Promise<SweepReport> {
    const report: SweepReport = { validated: 0, refreshed: 0, dropped: 0, failed: 0 };
    const holder = randomUUID();
    if (
      !(await this.kv.set(SWEEP_LOCK, holder, { ttlMs: SWEEP_LOCK_TTL_MS, onlyIfAbsent: true }))
    ) {
      return report;
    }
    try {
      const due = await this.tokens.due(
        new Date(now - HOUR_MS + 60_000),
        new Date(now + REFRESH_AHEAD_MS),
      );
      for (const row of due) {
        try {
          await this.check(row, now, report);
        } catch (error) {
          report.failed++;
          this.logger.warn(
            `Could not check the Twitch tokens of user ${row.userId}: ${error instanceof Error ? error.message : 'unknown'}`,
          );
        }
        // A long sweep keeps its lock instead of letting a second sweep start beside it.
        await this.kv.setIfValue(SWEEP_LOCK, holder, holder, SWEEP_LOCK_TTL_MS);
      }
      if (report.failed > 0) {
        this.logger.warn(
          `Token sweep: ${report.failed} of ${due.length} rows could not be checked`,
        );
      }
      return report;
    } finally {
      await this.kv.deleteIfValue(SWEEP_LOCK, holder);
    }
  }

  /** The user's tokens in clear text, read before the account (and the row) goes. */
  async takeForRevocation(userId: string): Promise<string[]> {
    const row = await this.tokens.find(userId);
    if (!row) return [];
    return [this.cipher.decrypt(row.accessToken, userId)];
  }

  /** Revokes at Twitch; failures are logged (without the token) and do not stop deletion. */
  async revoke(tokens: string[]): Promise<void> {
    for (const token of tokens) {
      try {
        await this.twitch.revoke(token);
      } catch {
        this.logger.warn('Could not revoke a Twitch token; it expires on its own');
      }
    }
  }

  private async check(row: TwitchTokenEntity, now: number, report: SweepReport): Promise<void> {
    if (row.expiresAt.getTime() - now > REFRESH_AHEAD_MS) {
      const validation = await this.twitch.validate(
        this.cipher.decrypt(row.accessToken, row.userId),
      );
      if (validation) {
        report.validated++;
        await this.tokens.markValidated(row.userId, new Date(now));
        return;
      }
    }
    const refreshed = await this.refreshRow(row);
    if (refreshed) report.refreshed++;
    else report.dropped++;
  }

  /** Refreshes the row's tokens; concurrent callers in this process share one refresh. */
  private refreshRow(row: TwitchTokenEntity): Promise<TwitchTokens | null> {
    const pending = this.refreshing.get(row.userId);
    if (pending) return pending;
    const refresh = this.refreshOnce(row).finally(() => this.refreshing.delete(row.userId));
    this.refreshing.set(row.userId, refresh);
    return refresh;
  }

  /**
   * Refresh tokens rotate, so two refreshes of one grant race (two replicas, or the sweep and
   * an announcement): the loser's refresh token is refused, and dropping the row then would
   * throw away the winner's fresh grant. Refreshes of one user therefore hold a lock in the
   * shared store, and under it the row is read again: if its refresh token is no longer the
   * one this refresh started from, someone refreshed (or the user signed in) meanwhile and
   * their tokens are the answer. Only a refusal of the current refresh token drops the row.
   */
  private async refreshOnce(row: TwitchTokenEntity): Promise<TwitchTokens | null> {
    const release = await this.lockRefresh(row.userId);
    try {
      const latest = await this.tokens.find(row.userId);
      if (!latest) return null;
      if (latest.refreshToken !== row.refreshToken) return this.open(latest);
      let tokens: TwitchTokens;
      try {
        tokens = await this.twitch.refresh(this.cipher.decrypt(latest.refreshToken, row.userId));
      } catch (error) {
        if (!(error instanceof TwitchRejectedError)) throw error;
        await this.tokens.delete(row.userId);
        this.logger.log(
          `Dropped Twitch tokens of user ${row.userId}: Twitch no longer accepts them`,
        );
        return null;
      }
      await this.tokens.store(this.seal(row.userId, tokens));
      return tokens;
    } finally {
      await release();
    }
  }

  /** Waits for the user's refresh lock (another replica may hold it); answers its release. */
  private async lockRefresh(userId: string): Promise<() => Promise<void>> {
    const key = `lock:twitch-refresh:${userId}`;
    const holder = randomUUID();
    const deadline = Date.now() + REFRESH_LOCK_WAIT_MS;
    while (!(await this.kv.set(key, holder, { ttlMs: REFRESH_LOCK_TTL_MS, onlyIfAbsent: true }))) {
      if (Date.now() > deadline) {
        throw new DomainError('TWITCH_UNAVAILABLE', undefined, { reason: 'refresh lock busy' });
      }
      await delay(REFRESH_LOCK_POLL_MS);
    }
    return async () => {
      await this.kv.deleteIfValue(key, holder);
    };
  }

  /** A stored row's tokens in clear text. */
  private open(row: TwitchTokenEntity): TwitchTokens {
    return {
      accessToken: this.cipher.decrypt(row.accessToken, row.userId),
      refreshToken: this.cipher.decrypt(row.refreshToken, row.userId),
      scopes: row.scopes,
      expiresIn: Math.max(0, Math.floor((row.expiresAt.getTime() - Date.now()) / 1000)),
    };
  }

  /** Expiry counts from now: Twitch's `expires_in` is relative to the answer just received. */
  private seal(userId: string, tokens: TwitchTokens): TwitchTokenEntity {
    const now = Date.now();
    return Object.assign(new TwitchTokenEntity(), {
      userId,
      accessToken: this.cipher.encrypt(tokens.accessToken, userId),
      refreshToken: this.cipher.encrypt(tokens.refreshToken, userId),
      scopes: tokens.scopes,
      expiresAt: new Date(now + tokens.expiresIn * 1000),
      validatedAt: new Date(now),
    });
  }
}
