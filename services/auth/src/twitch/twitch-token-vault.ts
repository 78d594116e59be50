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
import { LoginSessions } from '../login-sessions/login-sessions.js';
import { UserEvents } from '../users/user-events.js';
import { TokenCipher } from './token-cipher.js';
import { TwitchClient, TwitchRejectedError, type TwitchTokens } from './twitch-client.js';
import { TwitchTokenEntity } from './twitch-token.entity.js';
import { TwitchTokensRepository } from './twitch-tokens.repository.js';

const HOUR_MS = 60 * 60 * 1000;
/** Tokens expiring within this window are refreshed by a validation round. */
const REFRESH_AHEAD_MS = 2 * HOUR_MS;
/**
 * A round claims this many tokens at a time, each claim lasting CLAIM_MS: long enough for
 * every call of a batch to time out, short enough that a claim of a replica that died lapses
 * well inside the hour Twitch allows between validations (ADR 0044).
 */
const CLAIM_BATCH = 20;
const CLAIM_MS = 5 * 60_000;
/** A refresh is one call to Twitch; its lock outlives the client's timeout. */
const REFRESH_LOCK_TTL_MS = 30_000;
const REFRESH_LOCK_WAIT_MS = 15_000;
const REFRESH_LOCK_POLL_MS = 50;

export interface SweepReport {
  validated: number;
  refreshed: number;
  dropped: number;
  /** Rows Twitch could not be asked about (unreachable, 5xx); the next round tries again. */
  failed: number;
}

/**
 * Keeps users' Twitch tokens: encrypted at rest, validated at least hourly as Twitch requires,
 * refreshed before they expire, revoked when the account goes. A token Twitch no longer
 * accepts and cannot refresh is dropped and the user's browsers are signed out, telling them
 * why; they sign in again to grant a new one (ADR 0044).
 */
@Injectable()
export class TwitchTokenVault implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(TwitchTokenVault.name);
  private readonly cipher: TokenCipher;
  private periodic: PeriodicTask | undefined;
  private bootRound: Promise<void> = Promise.resolve();
  /** Refreshes under way in this process, per user: concurrent callers share one. */
  private readonly refreshing = new Map<string, Promise<TwitchTokens | null>>();

  constructor(
    private readonly tokens: TwitchTokensRepository,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(AUTH_KV) private readonly kv: KeyValueStore,
    private readonly twitch: TwitchClient,
    private readonly loginSessions: LoginSessions,
    private readonly userEvents: UserEvents,
  ) {
    this.cipher = new TokenCipher(config.tokenEncryptionKey);
  }

  /**
   * A round at once, so a restart (or a replica that was down) leaves no token past its hour,
   * then one every `roundMs` on every replica: the claims keep them from doubling up.
   */
  onApplicationBootstrap(): void {
    const round = () => this.sweep();
    this.bootRound = round().then(
      () => undefined,
      (error: unknown) => {
        this.logger.warn(
          `Token validation at boot failed: ${error instanceof Error ? error.message : 'unknown'}`,
        );
      },
    );
    this.periodic = runPeriodically(
      'Token validation',
      this.config.tokenValidation.roundMs,
      round,
      this.logger,
    );
  }

  /** Settles once the round this replica ran at boot has finished. */
  bootRoundSettled(): Promise<void> {
    return this.bootRound;
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

  /** The scopes the user's stored token carries; null without a token. Asks Twitch nothing. */
  async scopesOf(userId: string): Promise<string[] | null> {
    return (await this.tokens.find(userId))?.scopes ?? null;
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
   * One validation round: claims the tokens last validated over `maxAgeMs` ago (or about to
   * expire) that no other replica holds, in batches until none is left, validates each at
   * Twitch and refreshes those about to expire or refused. A row Twitch cannot be asked about
   * is counted as failed, released for the next round, and the round goes on.
   */
  async sweep(now = Date.now()): Promise<SweepReport> {
    const report: SweepReport = { validated: 0, refreshed: 0, dropped: 0, failed: 0 };
    for (;;) {
      const due = await this.tokens.claimDue({
        now: new Date(now),
        validatedBefore: new Date(now - this.config.tokenValidation.maxAgeMs),
        expiresBefore: new Date(now + REFRESH_AHEAD_MS),
        claimUntil: new Date(now + CLAIM_MS),
        limit: CLAIM_BATCH,
      });
      for (const row of due) {
        try {
          await this.check(row, now, report);
        } catch (error) {
          report.failed++;
          await this.tokens.releaseClaim(row.userId);
          this.logger.warn(
            `Could not check the Twitch tokens of user ${row.userId}: ${error instanceof Error ? error.message : 'unknown'}`,
          );
        }
      }
      if (due.length < CLAIM_BATCH) break;
    }
    if (report.failed > 0) {
      this.logger.warn(`Token validation: ${report.failed} tokens could not be checked`);
    }
    return report;
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
    if (refreshed) {
      report.refreshed++;
      // A refresh by someone else (or a new sign-in) wrote no validation of its own claim.
      await this.tokens.markValidated(row.userId, new Date(now));
    } else report.dropped++;
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
        await this.signOutRevoked(row.userId);
        return null;
      }
      await this.tokens.store(this.seal(row.userId, tokens));
      return tokens;
    } finally {
      await release();
    }
  }

  /**
   * The grant is gone at Twitch: the user's browsers are signed out, each remembering why, and
   * their open pages close (ADR 0044). Overlay links stay.
   */
  private async signOutRevoked(userId: string): Promise<void> {
    const ended = await this.loginSessions.endForRevokedGrant(userId);
    if (ended.length === 0) return;
    await this.userEvents.sessionsEnded(userId, 'twitch-revoked');
    this.logger.log(`Signed out ${ended.length} browsers of user ${userId}: Twitch grant revoked`);
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
