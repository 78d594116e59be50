import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { KeyValueStore } from '@greetboard/kv';
import { AUTH_CONFIG, AUTH_KV } from '../auth.tokens.js';
import type { AuthConfig } from '../config.js';

interface StoredSession {
  userId: string;
  /** The user's session generation when this session began; see `endAllFor`. */
  generation: number;
  createdAt: number;
  expiresAt: number;
  touchedAt: number;
}

/** Idle sessions are re-armed at most this often, so a busy user does not write on every call. */
const TOUCH_INTERVAL_MS = 60_000;
/** Generation counters must outlive every session they guard. */
const GENERATION_TTL_MS = 10 * 365 * 24 * 60 * 60 * 1000;

export interface NewLoginSession {
  sessionId: string;
  expiresAt: Date;
}

/**
 * Server-side login sessions in the key-value store (Redis in cluster mode), with an idle
 * and an absolute lifetime.
 *
 * The store keys a session by the SHA-256 of its id, so a dump of the store holds nothing a
 * browser could present. Each user has a generation counter, the per-user index: a session is
 * valid only while its generation is current, so one atomic increment ends every session of
 * the user at once, in every gateway, without listing them.
 */
@Injectable()
export class LoginSessions {
  constructor(
    @Inject(AUTH_KV) private readonly kv: KeyValueStore,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  async begin(userId: string): Promise<NewLoginSession> {
    const sessionId = randomBytes(32).toString('base64url');
    const now = Date.now();
    const expiresAt = now + this.config.sessionAbsoluteTtlSeconds * 1000;
    const session: StoredSession = {
      userId,
      generation: await this.generationOf(userId),
      createdAt: now,
      expiresAt,
      touchedAt: now,
    };
    await this.write(sessionId, session, now);
    return { sessionId, expiresAt: new Date(expiresAt) };
  }

  /** The user id of a live session, re-arming its idle lifetime; null when it ended. */
  async resolve(sessionId: string): Promise<string | null> {
    const raw = await this.kv.get(sessionKey(sessionId));
    if (!raw) return null;
    const session = JSON.parse(raw) as StoredSession;
    const now = Date.now();
    if (session.expiresAt <= now) return null;
    if (session.generation !== (await this.generationOf(session.userId))) {
      await this.kv.delete(sessionKey(sessionId));
      return null;
    }
    if (now - session.touchedAt >= TOUCH_INTERVAL_MS) {
      await this.write(sessionId, { ...session, touchedAt: now }, now);
    }
    return session.userId;
  }

  /** Ends one session; answers whose it was, or null when there was none. */
  async end(sessionId: string): Promise<string | null> {
    const raw = await this.kv.get(sessionKey(sessionId));
    if ((await this.kv.delete(sessionKey(sessionId))) === 0 || !raw) return null;
    return (JSON.parse(raw) as StoredSession).userId;
  }

  /** Ends every session of the user at once (logout everywhere, rejection, deletion). */
  async endAllFor(userId: string): Promise<void> {
    await this.kv.increment(generationKey(userId), GENERATION_TTL_MS);
  }

  private async write(sessionId: string, session: StoredSession, now: number): Promise<void> {
    const ttlMs = Math.min(this.config.sessionIdleTtlSeconds * 1000, session.expiresAt - now);
    await this.kv.set(sessionKey(sessionId), JSON.stringify(session), { ttlMs });
  }

  private async generationOf(userId: string): Promise<number> {
    return Number((await this.kv.get(generationKey(userId))) ?? '0');
  }
}

function sessionKey(sessionId: string): string {
  return `session:${createHash('sha256').update(sessionId).digest('base64url')}`;
}

function generationKey(userId: string): string {
  return `user-generation:${userId}`;
}
