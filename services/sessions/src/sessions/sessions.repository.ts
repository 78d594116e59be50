import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { SessionStarter, SessionsAdminTotals } from '@greetboard/contracts';
import { queryRows } from '@greetboard/persistence';
import { SESSION_COLUMNS, SESSION_FROM, type SessionRow } from './session-rows.js';

type Query = Pick<EntityManager, 'query'>;

/** A session and whether the actor is a global editor of its owner. */
export interface SessionAccessRow {
  id: string;
  user_id: string;
  name: string;
  is_active: boolean;
  is_editor: boolean;
}

/** The owner's stream as a running session records it. */
export interface StreamNote {
  live: boolean;
  title: string | null;
  since: Date;
  /** When an auto-started session stops unless the stream comes back. */
  stopsAt?: Date | null;
}

/** What deleting a session removed. */
export interface DeletedSession {
  name: string;
  chatters: number;
  is_active: boolean;
  version: string;
}

/**
 * The SQL of sessions: the `sessions.sessions` rows with their owner's name from the users
 * projection. Writes take the manager of the caller's transaction.
 */
@Injectable()
export class SessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The actor's own sessions and, unless `ownOnly`, those of every owner who made them a
   * global editor.
   */
  listVisible(actorId: string, ownOnly = false): Promise<SessionRow[]> {
    return queryRows<SessionRow>(
      this.dataSource,
      `SELECT ${SESSION_COLUMNS} FROM ${SESSION_FROM}
        WHERE s.user_id = $1
           OR (NOT $2 AND s.user_id IN
                 (SELECT owner_id FROM sessions.global_editors WHERE editor_id = $1))
        ORDER BY s.created_at DESC, s.id`,
      [actorId, ownOnly],
    );
  }

  listAll(): Promise<SessionRow[]> {
    return queryRows<SessionRow>(
      this.dataSource,
      `SELECT ${SESSION_COLUMNS} FROM ${SESSION_FROM} ORDER BY s.created_at DESC, s.id`,
    );
  }

  async find(sessionId: string): Promise<SessionRow | undefined> {
    const [row] = await queryRows<SessionRow>(
      this.dataSource,
      `SELECT ${SESSION_COLUMNS} FROM ${SESSION_FROM} WHERE s.id = $1`,
      [sessionId],
    );
    return row;
  }

  /** The session and whether `actorId` edits for its owner; read on every request. */
  async access(
    sessionId: string,
    actorId: string,
    manager: Query = this.dataSource.manager,
  ): Promise<SessionAccessRow | undefined> {
    const [row] = await queryRows<SessionAccessRow>(
      manager,
      `SELECT s.id, s.user_id, s.name, s.is_active,
              EXISTS (SELECT 1 FROM sessions.global_editors g
                       WHERE g.owner_id = s.user_id AND g.editor_id = $2) AS is_editor
         FROM sessions.sessions s WHERE s.id = $1`,
      [sessionId, actorId],
    );
    return row;
  }

  /**
   * Serialises the owner's creates, starts and stream reports until the transaction ends,
   * then counts the owner's sessions created within the last minute.
   */
  async lockAndCountOwned(manager: Query, ownerId: string): Promise<{ recent: number }> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('sessions:' || $1))`, [ownerId]);
    const [counts] = await queryRows<{ recent: number }>(
      manager,
      `SELECT count(*) FILTER (WHERE created_at > now() - interval '1 minute')::int AS recent
         FROM sessions.sessions WHERE user_id = $1`,
      [ownerId],
    );
    return counts ?? { recent: 0 };
  }

  /** A new running session; answers it with the columns of `SESSION_COLUMNS`. */
  async insertRunning(
    manager: Query,
    ownerId: string,
    name: string,
    keywords: string,
    begun: { by: SessionStarter; stream?: StreamNote } = { by: 'manual' },
  ): Promise<SessionRow | undefined> {
    const [created] = await queryRows<SessionRow>(
      manager,
      `WITH created AS (
         INSERT INTO sessions.sessions
           (user_id, name, keywords, is_active, started_at, started_by,
            stream_live, stream_title, stream_since)
         VALUES ($1, $2, $3, true, now(), $4, $5, $6, $7) RETURNING *)
       SELECT ${SESSION_COLUMNS}
         FROM created s LEFT JOIN sessions.users u ON u.id = s.user_id`,
      [
        ownerId,
        name,
        keywords,
        begun.by,
        begun.stream?.live ?? null,
        begun.stream?.title ?? null,
        begun.stream?.since ?? null,
      ],
    );
    return created;
  }

  /** The owner's running session (one per channel), locked until the transaction ends. */
  async lockRunningOf(manager: Query, ownerId: string): Promise<SessionRow | undefined> {
    const [row] = await queryRows<SessionRow>(
      manager,
      `SELECT ${SESSION_COLUMNS} FROM ${SESSION_FROM}
        WHERE s.user_id = $1 AND s.is_active
        FOR UPDATE OF s`,
      [ownerId],
    );
    return row;
  }

  /**
   * Notes the owner's stream on a running session; a title not given keeps the one known.
   * Bumps the version: the session's screens hear of it as `session_updated`.
   */
  async noteStream(manager: Query, sessionId: string, stream: StreamNote): Promise<void> {
    await manager.query(
      `UPDATE sessions.sessions SET
         stream_live = $2, stream_title = coalesce($3, stream_title), stream_since = $4,
         stream_stops_at = $5, version = version + 1
       WHERE id = $1`,
      [sessionId, stream.live, stream.title, stream.since, stream.stopsAt ?? null],
    );
  }

  /** Stops the running sessions whose stream stayed offline past their grace; answers them. */
  stopExpired(manager: Query): Promise<SessionRow[]> {
    return queryRows<SessionRow>(
      manager,
      `UPDATE sessions.sessions SET is_active = false, ended_at = now(), version = version + 1,
              stream_stops_at = NULL
        WHERE is_active AND stream_stops_at <= now() RETURNING *`,
    );
  }

  /** The fields an update compares against, with the row locked until the transaction ends. */
  async lockForUpdate(
    manager: Query,
    sessionId: string,
  ): Promise<{ name: string; keywords: string; is_active: boolean } | undefined> {
    const [current] = await queryRows<{ name: string; keywords: string; is_active: boolean }>(
      manager,
      `SELECT name, keywords, is_active FROM sessions.sessions WHERE id = $1 FOR UPDATE`,
      [sessionId],
    );
    return current;
  }

  /**
   * Changes what is given (null leaves a field as is); starting clears endedAt and sets
   * startedAt, stopping sets endedAt. A start is a person's: it forgets the stream last noted
   * (auth reports it again) and any stop that auto-start had planned.
   */
  async update(
    manager: Query,
    sessionId: string,
    changes: { name: string | null; keywords: string | null; isActive: boolean | null },
  ): Promise<SessionRow | undefined> {
    const [after] = await queryRows<SessionRow>(
      manager,
      `UPDATE sessions.sessions SET
         name = coalesce($2, name),
         keywords = coalesce($3, keywords),
         is_active = coalesce($4, is_active),
         started_at = CASE WHEN $4 = true AND NOT is_active THEN now() ELSE started_at END,
         ended_at = CASE WHEN $4 = true AND NOT is_active THEN NULL
                         WHEN $4 = false AND is_active THEN now() ELSE ended_at END,
         started_by = CASE WHEN $4 = true AND NOT is_active THEN 'manual' ELSE started_by END,
         stream_live = CASE WHEN $4 = true AND NOT is_active THEN NULL ELSE stream_live END,
         stream_stops_at = CASE WHEN $4 IS NOT NULL THEN NULL ELSE stream_stops_at END,
         version = version + 1
       WHERE id = $1
       RETURNING *`,
      [sessionId, changes.name, changes.keywords, changes.isActive],
    );
    return after;
  }

  /** Stops the session if it runs; answers the stopped row, or nothing. */
  async stopIfRunning(manager: Query, sessionId: string): Promise<SessionRow | undefined> {
    const [row] = await queryRows<SessionRow>(
      manager,
      `UPDATE sessions.sessions SET is_active = false, ended_at = now(), version = version + 1,
              stream_stops_at = NULL
        WHERE id = $1 AND is_active RETURNING *`,
      [sessionId],
    );
    return row;
  }

  /** Stops every running session of the owner; answers the stopped rows. */
  stopAllOf(manager: Query, ownerId: string): Promise<SessionRow[]> {
    return queryRows<SessionRow>(
      manager,
      `UPDATE sessions.sessions SET is_active = false, ended_at = now(), version = version + 1,
              stream_stops_at = NULL
        WHERE user_id = $1 AND is_active RETURNING *`,
      [ownerId],
    );
  }

  /** Removes the session (its chatters go with it); answers what it was. */
  async delete(manager: Query, sessionId: string): Promise<DeletedSession | undefined> {
    const [deleted] = await queryRows<DeletedSession>(
      manager,
      `WITH gone AS (
         SELECT count(*)::int AS chatters FROM sessions.chatters WHERE session_id = $1),
       removed AS (
         DELETE FROM sessions.sessions WHERE id = $1 RETURNING name, is_active, version)
       SELECT removed.name, removed.is_active, removed.version, gone.chatters
         FROM removed, gone`,
      [sessionId],
    );
    return deleted;
  }

  /** The owner's Twitch login from the users projection, if it is known yet. */
  async ownerLogin(manager: Query, ownerId: string): Promise<string | undefined> {
    const [row] = await queryRows<{ username: string }>(
      manager,
      `SELECT username FROM sessions.users WHERE id = $1`,
      [ownerId],
    );
    return row?.username;
  }

  /** Every session of the owner, for telling an editor who lost them. */
  namesOf(ownerId: string): Promise<{ id: string; name: string }[]> {
    return queryRows<{ id: string; name: string }>(
      this.dataSource,
      `SELECT id, name FROM sessions.sessions WHERE user_id = $1`,
      [ownerId],
    );
  }

  /** The admin overview's counts over every user. */
  async adminTotals(): Promise<SessionsAdminTotals> {
    const [row] = await queryRows<{ active: string; chatters: string }>(
      this.dataSource,
      `SELECT (SELECT count(*) FROM sessions.sessions WHERE is_active) AS active,
              (SELECT count(*) FROM sessions.chatters) AS chatters`,
    );
    return { activeSessions: Number(row?.active ?? 0), totalChatters: Number(row?.chatters ?? 0) };
  }
}
