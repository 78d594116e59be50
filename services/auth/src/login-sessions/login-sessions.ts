import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AUTH_CONFIG } from '../auth.tokens.js';
import type { AuthConfig } from '../config.js';

interface StoredSession {
  user_id: string;
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
    const [session] = rowsOf<StoredSession>(
      await this.dataSource.query(
        `SELECT user_id, expires_at_ms, idle_expires_at_ms, touched_at_ms
           FROM auth.login_sessions WHERE id_hash = $1`,
        [hashOf(sessionId)],
      ),
    );
    if (!session) return null;
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
    return session.user_id;
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

  /** Ends every session of the user at once (logout everywhere, rejection, deletion). */
  async endAllFor(userId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM auth.login_sessions WHERE user_id = $1`, [userId]);
  }

  private idleExpiry(now: number, expiresAt: number): number {
    return Math.min(now + this.config.sessionIdleTtlSeconds * 1000, expiresAt);
  }
}

function hashOf(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url');
}
