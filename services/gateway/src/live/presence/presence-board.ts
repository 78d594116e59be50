import type { ChatterClaim, PresenceUser } from '@greetboard/contracts';

/** One replica's part of one session: its users and their claims (expiry in local time). */
export interface ReplicaPart {
  users: PresenceUser[];
  claims: { chatterId: string; userId: string; expiresAt: number }[];
}

export interface SessionView {
  users: PresenceUser[];
  claims: ChatterClaim[];
}

interface HeldPart extends ReplicaPart {
  /** When the part lapses unless its replica reports again (Infinity for this replica's own). */
  expiresAt: number;
}

const byName = (a: PresenceUser, b: PresenceUser) =>
  a.displayName.localeCompare(b.displayName) || a.id.localeCompare(b.id);

/**
 * The presence of every session as this gateway replica knows it: each replica's part per
 * session, merged on demand. Pure bookkeeping with the clock passed in, so expiry is tested
 * without waiting; `LivePresence` feeds it from the hub and the bus.
 */
export class PresenceBoard {
  private readonly sessions = new Map<string, Map<string, HeldPart>>();

  /** Replaces a replica's part of a session; an empty part withdraws the replica. */
  put(sessionId: string, replicaId: string, part: ReplicaPart, expiresAt: number): void {
    let parts = this.sessions.get(sessionId);
    if (part.users.length === 0 && part.claims.length === 0) {
      parts?.delete(replicaId);
      if (parts?.size === 0) this.sessions.delete(sessionId);
      return;
    }
    if (!parts) this.sessions.set(sessionId, (parts = new Map<string, HeldPart>()));
    parts.set(replicaId, { ...part, expiresAt });
  }

  /**
   * Who has the session open (each user once, however many tabs and replicas) and the claims
   * still running, each chatter and user once, with the claimer as one of the present users.
   */
  view(sessionId: string, now: number): SessionView {
    const users = new Map<string, PresenceUser>();
    const claims = new Map<string, { chatterId: string; userId: string }>();
    for (const part of this.sessions.get(sessionId)?.values() ?? []) {
      if (part.expiresAt <= now) continue;
      for (const user of part.users) users.set(user.id, user);
      for (const claim of part.claims) {
        if (claim.expiresAt > now) claims.set(`${claim.chatterId}/${claim.userId}`, claim);
      }
    }
    return {
      users: [...users.values()].sort(byName),
      claims: [...claims.values()]
        .flatMap(({ chatterId, userId }) => {
          const user = users.get(userId);
          return user ? [{ chatterId, user }] : [];
        })
        .sort((a, b) => a.chatterId.localeCompare(b.chatterId) || byName(a.user, b.user)),
    };
  }

  /**
   * Drops parts whose replica stopped reporting and claims that ran out; answers the sessions
   * whose view changed by it.
   */
  sweep(now: number): string[] {
    const changed: string[] = [];
    for (const [sessionId, parts] of this.sessions) {
      let touched = false;
      for (const [replicaId, part] of parts) {
        if (part.expiresAt <= now) {
          parts.delete(replicaId);
          touched = true;
          continue;
        }
        const running = part.claims.filter((claim) => claim.expiresAt > now);
        if (running.length !== part.claims.length) {
          part.claims = running;
          touched = true;
        }
      }
      if (parts.size === 0) this.sessions.delete(sessionId);
      if (touched) changed.push(sessionId);
    }
    return changed;
  }

  /** Sessions some replica reports anything for. */
  sessionIds(): string[] {
    return [...this.sessions.keys()];
  }
}
