import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { queryRows } from '@greetboard/persistence';
import { TwitchTokenEntity } from './twitch-token.entity.js';

interface StoredTwitchToken {
  user_id: string;
  access_token: string;
  refresh_token: string;
  scopes: string[];
  expires_at: Date | string;
  validated_at: Date | string;
}

/**
 * The SQL of users' Twitch tokens (`auth.twitch_tokens`), one row per user, stored as the
 * vault sealed them. `store` takes the caller's `manager` when the tokens commit with a sign-in.
 */
@Injectable()
export class TwitchTokensRepository {
  constructor(private readonly dataSource: DataSource) {}

  find(userId: string): Promise<TwitchTokenEntity | null> {
    return this.dataSource.manager.findOneBy(TwitchTokenEntity, { userId });
  }

  exists(userId: string): Promise<boolean> {
    return this.dataSource.manager.existsBy(TwitchTokenEntity, { userId });
  }

  async store(
    row: TwitchTokenEntity,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.upsert(TwitchTokenEntity, row, ['userId']);
  }

  /**
   * Claims up to `limit` rows due for a check (last validated before `validatedBefore`, or
   * expiring before `expiresBefore`) that no live claim holds, until `claimUntil`, in one
   * statement: rows another replica is claiming at this moment are skipped, not waited for,
   * so two replicas never claim one row. Oldest validation first.
   */
  async claimDue(due: {
    now: Date;
    validatedBefore: Date;
    expiresBefore: Date;
    claimUntil: Date;
    limit: number;
  }): Promise<TwitchTokenEntity[]> {
    const rows = await queryRows<StoredTwitchToken>(
      this.dataSource,
      `UPDATE auth.twitch_tokens SET validation_claimed_until = $4
        WHERE user_id IN (
          SELECT user_id FROM auth.twitch_tokens
           WHERE (validated_at < $2 OR expires_at < $3)
             AND (validation_claimed_until IS NULL OR validation_claimed_until <= $1)
           ORDER BY validated_at
           LIMIT $5
           FOR UPDATE SKIP LOCKED)
        RETURNING user_id, access_token, refresh_token, scopes, expires_at, validated_at`,
      [due.now, due.validatedBefore, due.expiresBefore, due.claimUntil, due.limit],
    );
    return rows.map((row) =>
      Object.assign(new TwitchTokenEntity(), {
        userId: row.user_id,
        accessToken: row.access_token,
        refreshToken: row.refresh_token,
        scopes: row.scopes,
        expiresAt: new Date(row.expires_at),
        validatedAt: new Date(row.validated_at),
      }),
    );
  }

  /** Twitch accepted the token at `at`; the claim on it ends. */
  async markValidated(userId: string, at: Date): Promise<void> {
    await this.dataSource.query(
      `UPDATE auth.twitch_tokens SET validated_at = $2, validation_claimed_until = NULL
        WHERE user_id = $1`,
      [userId, at],
    );
  }

  /** Ends the claim without a verdict (Twitch could not be asked): the next round tries again. */
  async releaseClaim(userId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE auth.twitch_tokens SET validation_claimed_until = NULL WHERE user_id = $1`,
      [userId],
    );
  }

  async delete(userId: string): Promise<void> {
    await this.dataSource.manager.delete(TwitchTokenEntity, { userId });
  }
}
