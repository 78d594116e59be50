import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type {
  ChatterSnapshot,
  SessionRemoved,
  SessionSnapshot,
  UserDataRemoved,
} from '@greetboard/contracts';

type Query = Pick<EntityManager, 'query'>;

/**
 * Writes the read model. Every write is an upsert keyed by the entity's id that only takes
 * a version newer than the one held, and deletes leave tombstones: applying an event twice,
 * or an older one after a newer one, leaves every row (and so every figure) as it was.
 */
@Injectable()
export class ReadModelRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Runs `work` in one transaction (a batch of events is applied all or nothing). */
  inTransaction<T>(work: (manager: Query) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async applySession(manager: Query, session: SessionSnapshot): Promise<void> {
    await manager.query(
      `INSERT INTO stats.sessions
         (id, owner_id, name, is_active, created_at, started_at, ended_at, version)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8
        WHERE NOT EXISTS (SELECT 1 FROM stats.removed_users r WHERE r.id = $2)
       ON CONFLICT (id) DO UPDATE SET
         name = EXCLUDED.name, is_active = EXCLUDED.is_active, created_at = EXCLUDED.created_at,
         started_at = EXCLUDED.started_at, ended_at = EXCLUDED.ended_at,
         version = EXCLUDED.version
       WHERE NOT stats.sessions.deleted AND stats.sessions.version < EXCLUDED.version`,
      [
        session.id,
        session.ownerId,
        session.name,
        session.isActive,
        session.createdAt,
        session.startedAt ?? null,
        session.endedAt ?? null,
        session.version,
      ],
    );
  }

  async removeSession(manager: Query, removed: SessionRemoved): Promise<void> {
    await manager.query(
      `INSERT INTO stats.sessions
         (id, owner_id, name, is_active, created_at, version, deleted)
       VALUES ($1, $2, '', false, now(), $3, true)
       ON CONFLICT (id) DO UPDATE SET deleted = true, is_active = false,
         version = GREATEST(stats.sessions.version, EXCLUDED.version)`,
      [removed.id, removed.ownerId, removed.version],
    );
    await manager.query(`DELETE FROM stats.chatters WHERE session_id = $1`, [removed.id]);
  }

  /**
   * Upserts chatter snapshots in one statement. Ids must be distinct (keep each chatter's
   * newest snapshot); a chatter of a deleted session or a removed user is not written.
   */
  async applyChatters(manager: Query, chatters: ChatterSnapshot[]): Promise<void> {
    if (chatters.length === 0) return;
    const column = <T>(pick: (chatter: ChatterSnapshot) => T) => chatters.map(pick);
    await manager.query(
      `INSERT INTO stats.chatters
         (id, session_id, owner_id, first_seen_at, message_count, is_greeted, greeted_at, version,
          moderation)
       SELECT t.* FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::timestamptz[], $5::int[],
                              $6::boolean[], $7::timestamptz[], $8::bigint[], $9::text[])
         AS t(id, session_id, owner_id, first_seen_at, message_count, is_greeted, greeted_at, version,
              moderation)
        WHERE NOT EXISTS (SELECT 1 FROM stats.sessions s WHERE s.id = t.session_id AND s.deleted)
          AND NOT EXISTS (SELECT 1 FROM stats.removed_users r WHERE r.id = t.owner_id)
       ON CONFLICT (id) DO UPDATE SET
         first_seen_at = EXCLUDED.first_seen_at, message_count = EXCLUDED.message_count,
         is_greeted = EXCLUDED.is_greeted, greeted_at = EXCLUDED.greeted_at,
         moderation = EXCLUDED.moderation, version = EXCLUDED.version
       WHERE stats.chatters.version < EXCLUDED.version`,
      [
        column((c) => c.id),
        column((c) => c.sessionId),
        column((c) => c.ownerId),
        column((c) => c.firstSeenAt),
        column((c) => c.messageCount),
        column((c) => c.isGreeted),
        column((c) => c.greetedAt ?? null),
        column((c) => c.version),
        column((c) => c.moderation ?? null),
      ],
    );
  }

  async removeUser(manager: Query, event: UserDataRemoved): Promise<void> {
    await manager.query(
      `INSERT INTO stats.removed_users (id, removed_at) VALUES ($1, $2)
       ON CONFLICT (id) DO UPDATE SET removed_at = GREATEST(stats.removed_users.removed_at, EXCLUDED.removed_at)`,
      [event.userId, event.removedAt],
    );
    await manager.query(`DELETE FROM stats.chatters WHERE owner_id = $1`, [event.userId]);
    await manager.query(`DELETE FROM stats.sessions WHERE owner_id = $1`, [event.userId]);
  }

  /**
   * Before a rebuild: forgets every live session and chatter, keeping tombstones, in the
   * caller's transaction (which then writes the snapshots).
   */
  async clearForRebuild(manager: Query): Promise<void> {
    await manager.query(`DELETE FROM stats.chatters`);
    await manager.query(`DELETE FROM stats.sessions WHERE NOT deleted`);
  }
}
