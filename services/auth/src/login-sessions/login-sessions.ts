import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AUTH_CONFIG } from '../auth.tokens.js';
import type { AuthConfig } from '../config.js';
import type { LoginAccess, OverlayAccess, OverlayLinkDto } from '@greetboard/contracts';

/** An overlay link never ends by time: it ends when revoked or rotated. */
const NEVER_MS = Number.MAX_SAFE_INTEGER;

export interface ResolvedLoginSession {
  userId: string;
  access: LoginAccess;
}

export interface NewOverlayLink extends OverlayLinkDto {
  token: string;
  /** The hashes of the links of this access it replaced (their sockets close). */
  replaced: string[];
}

interface StoredSession {
  user_id: string;
  kind: LoginAccess;
  expires_at_ms: string;
  idle_expires_at_ms: string;
  touched_at_ms: string;
}

/** Idle sessions are re-armed at most this often, so a busy user does not write on every call. */
const TOUCH_INTERVAL_MS = 60_000;

export interface NewLoginSession {
  sessionId: string;
  expiresAt: Date;
}

/** Rows of a query, from either driver (pg answers rows, PGlite through TypeORM too). */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0])) {
    return result[0] as T[];
  }
  return Array.isArray(result) ? (result as T[]) : [];
}

/**
 * Server-side login sessions in auth's schema (ADR 0024), with an idle and an absolute
 * lifetime: PostgreSQL in cluster mode, the embedded database in standalone, so a restart
 * signs no browser or overlay out.
 *
 * A session is keyed by the SHA-256 of its id, so a dump of the table holds nothing a
 * browser could present. Times are milliseconds written by this process, not the database's
 * clock, so every replica and the tests agree on them.
 */
@Injectable()
export class LoginSessions {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  async begin(userId: string): Promise<NewLoginSession> {
    const sessionId = randomBytes(32).toString('base64url');
    const now = Date.now();
    const expiresAt = now + this.config.sessionAbsoluteTtlSeconds * 1000;
    // Ended-by-time sessions are removed here, so the table does not grow without bound.
    await this.dataSource.query(
      `DELETE FROM auth.login_sessions WHERE idle_expires_at_ms <= $1 OR expires_at_ms <= $1`,
      [now],
    );
    await this.dataSource.query(
      `INSERT INTO auth.login_sessions
         (id_hash, user_id, created_at_ms, expires_at_ms, idle_expires_at_ms, touched_at_ms)
       VALUES ($1, $2, $3, $4, $5, $3)`,
      [hashOf(sessionId), userId, now, expiresAt, this.idleExpiry(now, expiresAt)],
    );
    return { sessionId, expiresAt: new Date(expiresAt) };
  }

  /** The user id of a live session, re-arming its idle lifetime; null when it ended. */
  async resolve(sessionId: string): Promise<string | null> {
    return (await this.resolveWithAccess(sessionId))?.userId ?? null;
  }

  /** The user of a live session and what it may do (a browser, or an overlay link). */
  async resolveWithAccess(sessionId: string): Promise<ResolvedLoginSession | null> {
    const [session] = rowsOf<StoredSession>(
      await this.dataSource.query(
        `SELECT user_id, kind, expires_at_ms, idle_expires_at_ms, touched_at_ms
           FROM auth.login_sessions WHERE id_hash = $1`,
        [hashOf(sessionId)],
      ),
    );
    if (!session) return null;
    if (session.kind !== 'browser') return { userId: session.user_id, access: session.kind };
    const now = Date.now();
    const expiresAt = Number(session.expires_at_ms);
    if (expiresAt <= now || Number(session.idle_expires_at_ms) <= now) {
      await this.dataSource.query(`DELETE FROM auth.login_sessions WHERE id_hash = $1`, [
        hashOf(sessionId),
      ]);
      return null;
    }
    if (now - Number(session.touched_at_ms) >= TOUCH_INTERVAL_MS) {
      await this.dataSource.query(
        `UPDATE auth.login_sessions SET touched_at_ms = $2, idle_expires_at_ms = $3
          WHERE id_hash = $1`,
        [hashOf(sessionId), now, this.idleExpiry(now, expiresAt)],
      );
    }
    return { userId: session.user_id, access: 'browser' };
  }

  /**
   * A new overlay link of `access` for the user, replacing the one they had (rotation): the
   * token is answered this once and stored only as its hash.
   */
  async createOverlayLink(userId: string, access: OverlayAccess): Promise<NewOverlayLink> {
    const token = randomBytes(32).toString('base64url');
    const kind: LoginAccess = `overlay-${access}`;
    const now = Date.now();
    return this.dataSource.transaction(async (manager) => {
      const replaced = rowsOf<{ id_hash: string }>(
        await manager.query(
          `DELETE FROM auth.login_sessions WHERE user_id = $1 AND kind = $2 RETURNING id_hash`,
          [userId, kind],
        ),
      ).map((row) => row.id_hash);
      await manager.query(
        `INSERT INTO auth.login_sessions
           (id_hash, user_id, kind, created_at_ms, expires_at_ms, idle_expires_at_ms, touched_at_ms)
         VALUES ($1, $2, $3, $4, $5, $5, $4)`,
        [hashOf(token), userId, kind, now, NEVER_MS],
      );
      return {
        id: hashOf(token),
        access,
        createdAt: new Date(now).toISOString(),
        token,
        replaced,
      };
    });
  }

  async overlayLinks(userId: string): Promise<OverlayLinkDto[]> {
    const rows = rowsOf<{ id_hash: string; kind: LoginAccess; created_at_ms: string }>(
      await this.dataSource.query(
        `SELECT id_hash, kind, created_at_ms FROM auth.login_sessions
          WHERE user_id = $1 AND kind <> 'browser' ORDER BY kind`,
        [userId],
      ),
    );
    return rows.map((row) => ({
      id: row.id_hash,
      access: row.kind === 'overlay-greet' ? 'greet' : 'read',
      createdAt: new Date(Number(row.created_at_ms)).toISOString(),
    }));
  }

  /** Ends the user's overlay link `id` (its hash); false when they have no such link. */
  async revokeOverlayLink(userId: string, id: string): Promise<boolean> {
    const ended = rowsOf<{ id_hash: string }>(
      await this.dataSource.query(
        `DELETE FROM auth.login_sessions
          WHERE id_hash = $1 AND user_id = $2 AND kind <> 'browser' RETURNING id_hash`,
        [id, userId],
      ),
    );
    return ended.length > 0;
  }

  /** Ends one session; answers whose it was, or null when there was none. */
  async end(sessionId: string): Promise<string | null> {
    const [ended] = rowsOf<{ user_id: string }>(
      await this.dataSource.query(
        `DELETE FROM auth.login_sessions WHERE id_hash = $1 RETURNING user_id`,
        [hashOf(sessionId)],
      ),
    );
    return ended?.user_id ?? null;
  }

  /**
   * Ends every session of the user at once (rejection, deletion, an admin's force logout).
   * Logging out everywhere ends every browser's and keeps the overlay links, which the
   * streamer revokes in settings.
   */
  async endAllFor(userId: string, options: { keepOverlayLinks?: boolean } = {}): Promise<void> {
    await this.dataSource.query(
      options.keepOverlayLinks
        ? `DELETE FROM auth.login_sessions WHERE user_id = $1 AND kind = 'browser'`
        : `DELETE FROM auth.login_sessions WHERE user_id = $1`,
      [userId],
    );
  }

  private idleExpiry(now: number, expiresAt: number): number {
    return Math.min(now + this.config.sessionIdleTtlSeconds * 1000, expiresAt);
  }
}

function hashOf(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url');
}
