import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { LoginAccess, OverlayLook } from '@greetboard/contracts';
import { queryRows } from '@greetboard/persistence';

/** A stored session; times are milliseconds, as text (bigint columns). */
export interface StoredLoginSession {
  user_id: string;
  kind: LoginAccess;
  expires_at_ms: string;
  idle_expires_at_ms: string;
  touched_at_ms: string;
  overlay_look: OverlayLook;
  overlay_animate: boolean;
}

/** A browser's session as its user's settings list it. */
export interface StoredBrowserSession {
  id_hash: string;
  public_id: string;
  user_agent: string | null;
  ip_address: string | null;
  created_at_ms: string;
  touched_at_ms: string;
}

export interface StoredOverlayLink {
  id_hash: string;
  kind: LoginAccess;
  created_at_ms: string;
  overlay_look: OverlayLook;
  overlay_animate: boolean;
}

const OVERLAY_LINK_COLUMNS = 'id_hash, kind, created_at_ms, overlay_look, overlay_animate';

/**
 * The SQL of login sessions and overlay links (`auth.login_sessions`), keyed by the hash of
 * their id; the caller hashes and reads the clock.
 */
@Injectable()
export class LoginSessionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Removes the sessions that ended by time at `now`. */
  async removeEnded(now: number): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM auth.login_sessions WHERE idle_expires_at_ms <= $1 OR expires_at_ms <= $1`,
      [now],
    );
  }

  /**
   * Stores a browser's new session and ends the user's oldest beyond `keep`, in one
   * transaction serialised per user; answers the hashes of the sessions it ended.
   */
  addBrowserSession(session: {
    idHash: string;
    userId: string;
    now: number;
    expiresAt: number;
    idleExpiresAt: number;
    userAgent: string | null;
    ipAddress: string | null;
    keep: number;
  }): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('login-sessions:' || $1))`, [
        session.userId,
      ]);
      await manager.query(
        `INSERT INTO auth.login_sessions
           (id_hash, user_id, created_at_ms, expires_at_ms, idle_expires_at_ms, touched_at_ms,
            user_agent, ip_address)
         VALUES ($1, $2, $3, $4, $5, $3, $6, $7)`,
        [
          session.idHash,
          session.userId,
          session.now,
          session.expiresAt,
          session.idleExpiresAt,
          session.userAgent,
          session.ipAddress,
        ],
      );
      const ended = await queryRows<{ id_hash: string }>(
        manager,
        `DELETE FROM auth.login_sessions WHERE id_hash IN (
           SELECT id_hash FROM auth.login_sessions
            WHERE user_id = $1 AND kind = 'browser'
            ORDER BY created_at_ms DESC, id_hash OFFSET $2)
         RETURNING id_hash`,
        [session.userId, session.keep],
      );
      return ended.map((row) => row.id_hash);
    });
  }

  /** The user's live browser sessions at `now`, newest first. */
  browserSessions(userId: string, now: number): Promise<StoredBrowserSession[]> {
    return queryRows<StoredBrowserSession>(
      this.dataSource,
      `SELECT id_hash, public_id, user_agent, ip_address, created_at_ms, touched_at_ms
         FROM auth.login_sessions
        WHERE user_id = $1 AND kind = 'browser'
          AND expires_at_ms > $2 AND idle_expires_at_ms > $2
        ORDER BY created_at_ms DESC, id_hash`,
      [userId, now],
    );
  }

  /** Ends the user's browser session with this public id; answers its hash, or null. */
  async endBrowserSession(userId: string, publicId: string): Promise<string | null> {
    const [ended] = await queryRows<{ id_hash: string }>(
      this.dataSource,
      `DELETE FROM auth.login_sessions
        WHERE public_id = $1 AND user_id = $2 AND kind = 'browser' RETURNING id_hash`,
      [publicId, userId],
    );
    return ended?.id_hash ?? null;
  }

  async find(idHash: string): Promise<StoredLoginSession | undefined> {
    const [session] = await queryRows<StoredLoginSession>(
      this.dataSource,
      `SELECT user_id, kind, expires_at_ms, idle_expires_at_ms, touched_at_ms, overlay_look,
              overlay_animate
         FROM auth.login_sessions WHERE id_hash = $1`,
      [idHash],
    );
    return session;
  }

  /** Re-arms the idle lifetime of a session in use. */
  async touch(idHash: string, now: number, idleExpiresAt: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE auth.login_sessions SET touched_at_ms = $2, idle_expires_at_ms = $3
        WHERE id_hash = $1`,
      [idHash, now, idleExpiresAt],
    );
  }

  /** Ends one session; answers whose it was, or null when there was none. */
  async end(idHash: string): Promise<string | null> {
    const [ended] = await queryRows<{ user_id: string }>(
      this.dataSource,
      `DELETE FROM auth.login_sessions WHERE id_hash = $1 RETURNING user_id`,
      [idHash],
    );
    return ended?.user_id ?? null;
  }

  /**
   * Stores the user's overlay link of `kind` in place of the one they had, in one
   * transaction; answers the hashes of the links it replaced. It never ends by time. The new
   * link keeps the look of the one it replaces (ADR 0056).
   */
  replaceOverlayLink(
    userId: string,
    kind: LoginAccess,
    idHash: string,
    now: number,
    never: number,
  ): Promise<string[]> {
    return this.dataSource.transaction(async (manager) => {
      const replaced = await queryRows<{
        id_hash: string;
        overlay_look: OverlayLook;
        overlay_animate: boolean;
      }>(
        manager,
        `DELETE FROM auth.login_sessions WHERE user_id = $1 AND kind = $2
         RETURNING id_hash, overlay_look, overlay_animate`,
        [userId, kind],
      );
      const [kept] = replaced;
      await manager.query(
        `INSERT INTO auth.login_sessions
           (id_hash, user_id, kind, created_at_ms, expires_at_ms, idle_expires_at_ms, touched_at_ms,
            overlay_look, overlay_animate)
         VALUES ($1, $2, $3, $4, $5, $5, $4, $6, $7)`,
        [
          idHash,
          userId,
          kind,
          now,
          never,
          kept?.overlay_look ?? 'dock',
          kept?.overlay_animate ?? false,
        ],
      );
      return replaced.map((row) => row.id_hash);
    });
  }

  overlayLinks(userId: string): Promise<StoredOverlayLink[]> {
    return queryRows<StoredOverlayLink>(
      this.dataSource,
      `SELECT ${OVERLAY_LINK_COLUMNS} FROM auth.login_sessions
        WHERE user_id = $1 AND kind <> 'browser' ORDER BY kind`,
      [userId],
    );
  }

  /** Changes the look of the user's overlay link `idHash`; undefined when they have no such link. */
  async updateOverlayLink(
    userId: string,
    idHash: string,
    change: { look?: OverlayLook; animate?: boolean },
  ): Promise<StoredOverlayLink | undefined> {
    const [updated] = await queryRows<StoredOverlayLink>(
      this.dataSource,
      `UPDATE auth.login_sessions
          SET overlay_look = COALESCE($3, overlay_look),
              overlay_animate = COALESCE($4, overlay_animate)
        WHERE id_hash = $1 AND user_id = $2 AND kind <> 'browser'
        RETURNING ${OVERLAY_LINK_COLUMNS}`,
      [idHash, userId, change.look ?? null, change.animate ?? null],
    );
    return updated;
  }

  /** Ends the user's overlay link `idHash`; false when they have no such link. */
  async revokeOverlayLink(userId: string, idHash: string): Promise<boolean> {
    const ended = await queryRows<{ id_hash: string }>(
      this.dataSource,
      `DELETE FROM auth.login_sessions
        WHERE id_hash = $1 AND user_id = $2 AND kind <> 'browser' RETURNING id_hash`,
      [idHash, userId],
    );
    return ended.length > 0;
  }

  /** Ends every browser session of the user; answers the hashes of those it ended. */
  async endBrowsersOf(userId: string): Promise<string[]> {
    const ended = await queryRows<{ id_hash: string }>(
      this.dataSource,
      `DELETE FROM auth.login_sessions WHERE user_id = $1 AND kind = 'browser' RETURNING id_hash`,
      [userId],
    );
    return ended.map((row) => row.id_hash);
  }

  /** Ends every session of the user, or only their browsers' when `keepOverlayLinks`. */
  async endAllFor(userId: string, keepOverlayLinks: boolean): Promise<void> {
    await this.dataSource.query(
      keepOverlayLinks
        ? `DELETE FROM auth.login_sessions WHERE user_id = $1 AND kind = 'browser'`
        : `DELETE FROM auth.login_sessions WHERE user_id = $1`,
      [userId],
    );
  }
}
