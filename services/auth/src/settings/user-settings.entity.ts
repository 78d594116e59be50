import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Language, Theme, UserSettingsDto } from '@greetboard/contracts';

/** One row per user who changed a setting; users without a row have the defaults. */
@Entity({ name: 'user_settings' })
export class UserSettingsEntity {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @Column({ name: 'sound_notifications', type: 'boolean' })
  soundNotifications: boolean;

  @Column({ name: 'auto_start_sessions', type: 'boolean' })
  autoStartSessions: boolean;

  @Column({ name: 'obs_mode', type: 'boolean' })
  obsMode: boolean;

  @Column({ name: 'announce_session_status', type: 'boolean' })
  announceSessionStatus: boolean;

  @Column({ type: 'varchar', length: 8 })
  theme: Theme;

  /** JSON-encoded list of strings, as the spec's payloads carry it. */
  @Column({ name: 'default_keywords', type: 'text' })
  defaultKeywords: string;

  @Column({ type: 'varchar', length: 8 })
  language: Language;

  @Column({ name: 'auto_start_grace_minutes', type: 'integer' })
  autoStartGraceMinutes: number;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

export function toSettingsDto(row: UserSettingsEntity): UserSettingsDto {
  return {
    soundNotifications: row.soundNotifications,
    autoStartSessions: row.autoStartSessions,
    obsMode: row.obsMode,
    announceSessionStatus: row.announceSessionStatus,
    theme: row.theme,
    defaultKeywords: row.defaultKeywords,
    language: row.language,
    autoStartGraceMinutes: row.autoStartGraceMinutes,
  };
}
