import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { UserChanged, UserDataCount } from '@greetboard/contracts';
import { queryRows } from '@greetboard/persistence';
import { SessionDomainEvents } from '../events/session-domain-events.js';

/** A user's facts as the sessions service shows them next to editors, invites and greets. */
export interface UserFacts {
  id: string;
  username: string;
  displayName: string;
  profileImage: string | null;
}

/** What removing a user took away, for the log (auth asks for counts before it deletes). */
export interface RemovedUserData {
  sessions: number;
  chatters: number;
  ignoredUsers: number;
  editorLinks: number;
  invites: number;
}

@Injectable()
export class UsersRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: SessionDomainEvents,
  ) {}

  /**
   * Applies a UserChanged snapshot unless an equal or newer one is already held, or the user
   * was deleted at or after it (a redelivered old snapshot must not bring a user back).
   * Answers whether it applied.
   */
  async applyChange(user: UserChanged): Promise<boolean> {
    const applied = await queryRows<{ id: string }>(
      this.dataSource,
      `INSERT INTO sessions.users
         (id, username, display_name, profile_image, twitch_id, is_approved, is_admin, updated_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8
       WHERE NOT EXISTS (
         SELECT 1 FROM sessions.user_tombstones t WHERE t.id = $1 AND t.deleted_at >= $8)
       ON CONFLICT (id) DO UPDATE SET
         username = EXCLUDED.username,
         display_name = EXCLUDED.display_name,
         profile_image = EXCLUDED.profile_image,
         twitch_id = EXCLUDED.twitch_id,
         is_approved = EXCLUDED.is_approved,
         is_admin = EXCLUDED.is_admin,
         updated_at = EXCLUDED.updated_at
       WHERE sessions.users.updated_at < EXCLUDED.updated_at
       RETURNING id`,
      [
        user.id,
        user.username.toLowerCase(),
        user.displayName,
        user.profileImage ?? null,
        user.twitchId,
        user.isApproved,
        user.isAdmin,
        user.updatedAt,
      ],
    );
    return applied.length > 0;
  }

  /** Removes everything of the user: sessions (and so their chatters), ignore list, editor links, invites. */
  async removeUser(userId: string, deletedAt: string): Promise<RemovedUserData> {
    const removed = await this.dataSource.transaction(async (manager) => {
      const [counts] = await queryRows<{ sessions: number; chatters: number }>(
        manager,
        `SELECT
           (SELECT count(*) FROM sessions.sessions WHERE user_id = $1)::int AS sessions,
           (SELECT count(*) FROM sessions.chatters c JOIN sessions.sessions s ON s.id = c.session_id
             WHERE s.user_id = $1)::int AS chatters`,
        [userId],
      );
      await manager.query(`DELETE FROM sessions.sessions WHERE user_id = $1`, [userId]);
      const ignored = await queryRows(
        manager,
        `DELETE FROM sessions.ignored_users WHERE owner_id = $1 RETURNING id`,
        [userId],
      );
      await manager.query(`DELETE FROM sessions.raid_settings WHERE owner_id = $1`, [userId]);
      const links = await queryRows(
        manager,
        `DELETE FROM sessions.global_editors WHERE owner_id = $1 OR editor_id = $1 RETURNING id`,
        [userId],
      );
      const invites = await queryRows(
        manager,
        `DELETE FROM sessions.global_editor_invites WHERE sender_id = $1 OR receiver_id = $1
         RETURNING id`,
        [userId],
      );
      await manager.query(`DELETE FROM sessions.users WHERE id = $1`, [userId]);
      await manager.query(
        `INSERT INTO sessions.user_tombstones (id, deleted_at) VALUES ($1, $2)
         ON CONFLICT (id) DO UPDATE SET deleted_at = GREATEST(sessions.user_tombstones.deleted_at, EXCLUDED.deleted_at)`,
        [userId, deletedAt],
      );
      await this.events.userDataRemoved(manager, { userId, removedAt: deletedAt });
      return {
        sessions: counts?.sessions ?? 0,
        chatters: counts?.chatters ?? 0,
        ignoredUsers: ignored.length,
        editorLinks: links.length,
        invites: invites.length,
      };
    });
    this.events.publish();
    return removed;
  }

  /** The user with this login; after a Twitch rename the most recently updated one wins. */
  async findByUsername(username: string): Promise<UserFacts | undefined> {
    const rows = await queryRows<UserFacts>(
      this.dataSource,
      `SELECT id, username, display_name AS "displayName", profile_image AS "profileImage"
         FROM sessions.users WHERE username = $1 ORDER BY updated_at DESC LIMIT 1`,
      [username.trim().toLowerCase()],
    );
    return rows[0];
  }

  /** Sessions and chatters owned by each user id; unknown ids count zero. */
  async countData(userIds: string[]): Promise<Record<string, UserDataCount>> {
    const rows = await queryRows<{ userId: string } & UserDataCount>(
      this.dataSource,
      `SELECT s.user_id AS "userId",
              count(*)::int AS sessions,
              coalesce(sum((SELECT count(*) FROM sessions.chatters c WHERE c.session_id = s.id)), 0)::int
                AS chatters
         FROM sessions.sessions s
        WHERE s.user_id = ANY($1::uuid[])
        GROUP BY s.user_id`,
      [userIds],
    );
    const counts: Record<string, UserDataCount> = {};
    for (const id of userIds) counts[id] = { sessions: 0, chatters: 0 };
    for (const row of rows) counts[row.userId] = { sessions: row.sessions, chatters: row.chatters };
    return counts;
  }
}
