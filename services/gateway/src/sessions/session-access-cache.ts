import { Injectable } from '@nestjs/common';
import type { SessionActor } from '@greetboard/contracts';

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

  allows(actor: CachedActor, sessionId: string): boolean {
    const key = keyOf(actor, sessionId);
    const grant = this.grants.get(key);
    if (!grant) return false;
    if (grant.until > Date.now()) return true;
    this.grants.delete(key);
    return false;
  }

  grant(actor: CachedActor, sessionId: string): void {
    const key = keyOf(actor, sessionId);
    // Re-inserted, so the map's order stays oldest first.
    this.grants.delete(key);
    this.grants.set(key, { userId: actor.id, sessionId, until: Date.now() + ACCESS_TTL_MS });
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

type CachedActor = Pick<SessionActor, 'id' | 'ownSessionsOnly'>;

/** An overlay link's grants are its own: a browser's editor rights never answer for it. */
const keyOf = (actor: CachedActor, sessionId: string) =>
  `${actor.id}|${actor.ownSessionsOnly ? 'own' : 'all'}|${sessionId}`;
