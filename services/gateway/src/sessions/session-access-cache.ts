import { Injectable } from '@nestjs/common';

/**
 * How long a granted access is trusted before the sessions service is asked again. Access
 * changes arrive as events and drop entries at once; this bounds the damage of one lost event.
 */
const ACCESS_TTL_MS = 30_000;
/** Entries kept at most; past it the oldest go first (a miss costs one bus request). */
const MAX_ENTRIES = 20_000;

/**
 * Which users this gateway replica has seen allowed to manage which sessions' chatters (the
 * owner and the owner's editors). A hit spares the bus request that checks it; a miss asks
 * the sessions service, which stays the one place the rule lives (ADR 0035). Only grants are
 * kept: a refusal is always asked again.
 *
 * Invalidation: a `session_deleted` live event (the session is gone, or an editor lost it)
 * forgets every grant of that session, and a user's login sessions all ending forgets the user.
 */
@Injectable()
export class SessionAccessCache {
  private readonly grants = new Map<string, { userId: string; sessionId: string; until: number }>();

  allows(userId: string, sessionId: string): boolean {
    const grant = this.grants.get(keyOf(userId, sessionId));
    if (!grant) return false;
    if (grant.until > Date.now()) return true;
    this.grants.delete(keyOf(userId, sessionId));
    return false;
  }

  grant(userId: string, sessionId: string): void {
    const key = keyOf(userId, sessionId);
    // Re-inserted, so the map's order stays oldest first.
    this.grants.delete(key);
    this.grants.set(key, { userId, sessionId, until: Date.now() + ACCESS_TTL_MS });
    if (this.grants.size > MAX_ENTRIES) this.grants.delete(this.grants.keys().next().value!);
  }

  forgetSession(sessionId: string): void {
    for (const [key, grant] of this.grants) {
      if (grant.sessionId === sessionId) this.grants.delete(key);
    }
  }

  forgetUser(userId: string): void {
    for (const [key, grant] of this.grants) {
      if (grant.userId === userId) this.grants.delete(key);
    }
  }

  /** Forgets every grant: an editor link was removed through this replica. */
  clear(): void {
    this.grants.clear();
  }
}

const keyOf = (userId: string, sessionId: string) => `${userId}|${sessionId}`;
