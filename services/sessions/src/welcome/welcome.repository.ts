import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type {
  RaidShoutoutDto,
  WelcomeKind,
  WelcomeMessageDto,
  WelcomeMessageStatus,
  WelcomeTemplates,
} from '@greetboard/contracts';
import { queryRows } from '@greetboard/persistence';

export interface StoredWelcomeSettings extends WelcomeTemplates {
  enabled: boolean;
  shoutoutRaiders: boolean;
}

export const DEFAULT_WELCOME_SETTINGS: StoredWelcomeSettings = {
  enabled: false,
  firstTime: '',
  returning: '',
  raider: '',
  shoutoutRaiders: false,
};

interface SettingsRow {
  enabled: boolean;
  first_time: string;
  returning_chatter: string;
  raider: string;
  shoutout_raiders: boolean;
}

interface MessageRow {
  id: string;
  session_id: string;
  owner_id: string;
  chatter_id: string;
  display_name: string;
  kind: WelcomeKind;
  text: string;
  status: string;
  due_at: Date;
  sent_at: Date | null;
  reason_code: string | null;
  reason_message: string | null;
  attempts: number;
}

/** A welcome the sender claimed: send it, then settle it. */
export interface ClaimedWelcome {
  id: string;
  sessionId: string;
  ownerId: string;
  text: string;
  attempts: number;
}

/** A waiting message this long past its time is shown as held back by the rate limit. */
const HELD_AFTER_MS = 1_000;
/** A claimed message not settled in this time (its replica died) is due again. */
const CLAIM_SECONDS = 30;
/** One replica claims at a time, so the spacing per owner holds across replicas. */
const CLAIM_LOCK = `hashtext('sessions:welcome-sender')`;

function toSettings(row: SettingsRow | undefined): StoredWelcomeSettings {
  if (!row) return { ...DEFAULT_WELCOME_SETTINGS };
  return {
    enabled: row.enabled,
    firstTime: row.first_time,
    returning: row.returning_chatter,
    raider: row.raider,
    shoutoutRaiders: row.shoutout_raiders,
  };
}

function statusOf(row: MessageRow, now: number): WelcomeMessageStatus {
  if (row.status === 'pending' || row.status === 'sending')
    return row.due_at.getTime() < now - HELD_AFTER_MS ? 'held' : 'pending';
  return row.status as WelcomeMessageStatus;
}

/** Welcome settings per session and the durable queue of welcome messages (ADR 0054). */
@Injectable()
export class WelcomeRepository {
  constructor(private readonly dataSource: DataSource) {}

  async settings(sessionId: string): Promise<StoredWelcomeSettings> {
    const [row] = await queryRows<SettingsRow>(
      this.dataSource,
      `SELECT * FROM sessions.welcome_settings WHERE session_id = $1`,
      [sessionId],
    );
    return toSettings(row);
  }

  async saveSettings(
    sessionId: string,
    settings: StoredWelcomeSettings,
  ): Promise<StoredWelcomeSettings> {
    const [row] = await queryRows<SettingsRow>(
      this.dataSource,
      `INSERT INTO sessions.welcome_settings AS w
         (session_id, enabled, first_time, returning_chatter, raider, shoutout_raiders)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (session_id) DO UPDATE SET enabled = $2, first_time = $3,
         returning_chatter = $4, raider = $5, shoutout_raiders = $6
       RETURNING w.*`,
      [
        sessionId,
        settings.enabled,
        settings.firstTime,
        settings.returning,
        settings.raider,
        settings.shoutoutRaiders,
      ],
    );
    return toSettings(row);
  }

  /** The sessions among `sessionIds` that shout out raiding channels. */
  async shoutingOutRaiders(sessionIds: string[]): Promise<Set<string>> {
    if (sessionIds.length === 0) return new Set();
    const rows = await queryRows<{ session_id: string }>(
      this.dataSource,
      `SELECT session_id FROM sessions.welcome_settings
        WHERE session_id = ANY($1::uuid[]) AND shoutout_raiders`,
      [sessionIds],
    );
    return new Set(rows.map((row) => row.session_id));
  }

  /** Keeps what Twitch answered to a raid's automatic shoutout. */
  async recordRaidShoutout(
    raidId: string,
    status: RaidShoutoutDto['status'],
    reason: { code: string; message: string } | null,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE sessions.raids
          SET shoutout_status = $2, shoutout_reason_code = $3, shoutout_reason_message = $4,
              shoutout_answered_at = now()
        WHERE id = $1`,
      [raidId, status, reason?.code ?? null, reason?.message ?? null],
    );
  }

  /** The session's newest raids whose channel was shouted out, with Twitch's answer. */
  async raidShoutouts(sessionId: string, limit = 50): Promise<RaidShoutoutDto[]> {
    const rows = await queryRows<{
      id: string;
      raider_login: string;
      raider_display_name: string;
      viewer_count: number;
      raided_at: Date;
      shoutout_status: RaidShoutoutDto['status'];
      shoutout_reason_code: string | null;
      shoutout_reason_message: string | null;
      shoutout_answered_at: Date;
    }>(
      this.dataSource,
      `SELECT id, raider_login, raider_display_name, viewer_count, raided_at, shoutout_status,
              shoutout_reason_code, shoutout_reason_message, shoutout_answered_at
         FROM sessions.raids WHERE session_id = $1 AND shoutout_status IS NOT NULL
        ORDER BY raided_at DESC, id LIMIT $2`,
      [sessionId, limit],
    );
    return rows.map((row) => ({
      raidId: row.id,
      raiderLogin: row.raider_login,
      raiderDisplayName: row.raider_display_name,
      viewerCount: row.viewer_count,
      raidedAt: row.raided_at.toISOString(),
      status: row.shoutout_status,
      reason:
        row.shoutout_reason_code === null
          ? null
          : { code: row.shoutout_reason_code, message: row.shoutout_reason_message ?? '' },
      answeredAt: row.shoutout_answered_at.toISOString(),
    }));
  }

  /** The raid a chatter came with: who raided, with how many viewers. */
  async raidOf(raidId: string): Promise<{ raider: string; viewers: number } | null> {
    const [row] = await queryRows<{ raider_display_name: string; viewer_count: number }>(
      this.dataSource,
      `SELECT raider_display_name, viewer_count FROM sessions.raids WHERE id = $1`,
      [raidId],
    );
    return row ? { raider: row.raider_display_name, viewers: row.viewer_count } : null;
  }

  /** Queues a chatter's welcome; a chatter is welcomed once, so an existing one stays. */
  async schedule(message: {
    sessionId: string;
    ownerId: string;
    chatterId: string;
    displayName: string;
    kind: WelcomeKind;
    text: string;
    dueInMs: number;
  }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO sessions.welcome_messages
         (session_id, owner_id, chatter_id, display_name, kind, text, due_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + $7 * interval '1 millisecond')
       ON CONFLICT (chatter_id) DO NOTHING`,
      [
        message.sessionId,
        message.ownerId,
        message.chatterId,
        message.displayName,
        message.kind,
        message.text,
        message.dueInMs,
      ],
    );
  }

  /** The undo of a greet: a welcome not yet on its way is dropped. */
  async cancel(chatterId: string): Promise<number> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `DELETE FROM sessions.welcome_messages WHERE chatter_id = $1 AND status = 'pending'
       RETURNING id`,
      [chatterId],
    );
    return rows.length;
  }

  /**
   * Claims the due welcomes, at most one per owner and only for owners whose last attempt is
   * at least `gapMs` old, so each owner's messages go out spaced to Twitch's rate. A claim
   * lapses after CLAIM_SECONDS, when its replica died before settling it.
   */
  claimDue(gapMs: number, limit = 50): Promise<ClaimedWelcome[]> {
    return this.dataSource.transaction(async (manager) => {
      const [lock] = await queryRows<{ locked: boolean }>(
        manager,
        `SELECT pg_try_advisory_xact_lock(${CLAIM_LOCK}) AS locked`,
      );
      if (!lock?.locked) return [];
      const rows = await queryRows<MessageRow>(
        manager,
        `WITH busy AS (
           SELECT DISTINCT owner_id FROM sessions.welcome_messages
            WHERE attempted_at > now() - $1 * interval '1 millisecond'),
         due AS (
           SELECT DISTINCT ON (m.owner_id) m.id FROM sessions.welcome_messages m
            WHERE ((m.status = 'pending' AND m.due_at <= now())
                   OR (m.status = 'sending' AND m.claimed_until < now()))
              AND m.owner_id NOT IN (SELECT owner_id FROM busy)
            ORDER BY m.owner_id, m.due_at, m.id
            LIMIT $2)
         UPDATE sessions.welcome_messages m
            SET status = 'sending', attempted_at = now(), attempts = m.attempts + 1,
                claimed_until = now() + interval '${CLAIM_SECONDS} seconds'
           FROM due WHERE m.id = due.id
         RETURNING m.*`,
        [gapMs, limit],
      );
      return rows.map((row) => ({
        id: row.id,
        sessionId: row.session_id,
        ownerId: row.owner_id,
        text: row.text,
        attempts: row.attempts,
      }));
    });
  }

  /** Settles a claimed welcome: sent, dropped by Twitch, or failed, with the reason. */
  async settle(
    id: string,
    status: 'sent' | 'dropped' | 'failed',
    reason: { code: string; message: string } | null,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE sessions.welcome_messages
          SET status = $2, reason_code = $3, reason_message = $4, claimed_until = NULL,
              sent_at = CASE WHEN $2 = 'sent' THEN now() ELSE NULL END
        WHERE id = $1`,
      [id, status, reason?.code ?? null, reason?.message ?? null],
    );
  }

  /** A claimed welcome that Twitch could not take now: due again after `delayMs`. */
  async retryLater(id: string, delayMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE sessions.welcome_messages
          SET status = 'pending', claimed_until = NULL,
              due_at = now() + $2 * interval '1 millisecond'
        WHERE id = $1`,
      [id, delayMs],
    );
  }

  /** The session's newest welcomes. */
  async list(sessionId: string, limit = 50): Promise<WelcomeMessageDto[]> {
    const rows = await queryRows<MessageRow>(
      this.dataSource,
      `SELECT * FROM sessions.welcome_messages WHERE session_id = $1
        ORDER BY created_at DESC, id LIMIT $2`,
      [sessionId, limit],
    );
    const now = Date.now();
    return rows.map((row) => ({
      id: row.id,
      chatterId: row.chatter_id,
      displayName: row.display_name,
      kind: row.kind,
      text: row.text,
      status: statusOf(row, now),
      dueAt: row.due_at.toISOString(),
      sentAt: row.sent_at?.toISOString() ?? null,
      reason:
        row.reason_code === null
          ? null
          : { code: row.reason_code, message: row.reason_message ?? '' },
    }));
  }
}
