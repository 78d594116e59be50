import { Injectable } from '@nestjs/common';
import { DataSource, LessThan, type EntityManager } from 'typeorm';
import { TwitchTokenEntity } from './twitch-token.entity.js';

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

  /** Rows last validated before `validatedBefore` or expiring before `expiresBefore`. */
  due(validatedBefore: Date, expiresBefore: Date): Promise<TwitchTokenEntity[]> {
    return this.dataSource.manager.find(TwitchTokenEntity, {
      where: [{ validatedAt: LessThan(validatedBefore) }, { expiresAt: LessThan(expiresBefore) }],
    });
  }

  async markValidated(userId: string, at: Date): Promise<void> {
    await this.dataSource.manager.update(TwitchTokenEntity, { userId }, { validatedAt: at });
  }

  async delete(userId: string): Promise<void> {
    await this.dataSource.manager.delete(TwitchTokenEntity, { userId });
  }
}
