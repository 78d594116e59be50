import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { UserSettingsDto } from '@greetboard/contracts';
import { queryRows } from '@greetboard/persistence';
import { toSettingsDto, UserSettingsEntity } from './user-settings.entity.js';

/** The SQL of user settings (`auth.user_settings`): a row only for users who changed one. */
@Injectable()
export class SettingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The user's stored settings; null while they have the defaults. */
  async find(userId: string): Promise<UserSettingsDto | null> {
    const row = await this.dataSource.manager.findOneBy(UserSettingsEntity, { userId });
    return row ? toSettingsDto(row) : null;
  }

  async save(userId: string, settings: UserSettingsDto): Promise<void> {
    await this.dataSource.manager.upsert(
      UserSettingsEntity,
      Object.assign(new UserSettingsEntity(), { userId, ...settings }),
      ['userId'],
    );
  }

  /**
   * The users whose stream is watched (ADR 0045): those with autoStartSessions on, and those
   * of the given Twitch ids (owners of a running session), with their Twitch ids.
   */
  streamWatchUsers(twitchIds: string[]): Promise<{ id: string; twitch_id: string }[]> {
    return queryRows<{ id: string; twitch_id: string }>(
      this.dataSource,
      `SELECT u.id, u.twitch_id FROM auth.users u
         LEFT JOIN auth.user_settings s ON s.user_id = u.id
        WHERE s.auto_start_sessions OR u.twitch_id = ANY($1::text[])`,
      [twitchIds],
    );
  }
}
