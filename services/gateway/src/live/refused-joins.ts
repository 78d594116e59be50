import type { SessionActor } from '@greetboard/contracts';

/** How long a refused join is answered from memory: short, since access may be granted soon. */
export const REFUSED_JOIN_TTL_MS = 5_000;
/**
 * Joins of one user the sessions service may refuse per window; past it, the user's joins of
 * sessions not yet granted are refused without asking. A person mistypes a link now and then;
 * only a script asks for session after unknown session.
 */
export const REFUSED_JOINS_PER_WINDOW = 5;
export const REFUSED_JOIN_WINDOW_MS = 10_000;
/** Entries kept at most; past it the oldest go first. */
const MAX_ENTRIES = 5_000;

/**
 * Joins the sessions service refused a moment ago (no such session, not the user's), and how
 * many each user had refused lately. A client that repeats a join, or tries one random session
 * id after another, costs a map lookup instead of a bus request and a database query.
 */
export class RefusedJoins {
  private readonly until = new Map<string, number>();
  private readonly perUser = new Map<string, { window: number; count: number }>();

  /** Whether the join would be refused without asking the sessions service. */
  has(actor: Actor, sessionId: string, now = Date.now()): boolean {
    const refused = this.perUser.get(actor.id);
    if (refused?.window === windowOf(now) && refused.count >= REFUSED_JOINS_PER_WINDOW) {
      return true;
    }
    const key = keyOf(actor, sessionId);
    const until = this.until.get(key);
    if (until === undefined) return false;
    if (until > now) return true;
    this.until.delete(key);
    return false;
  }

  add(actor: Actor, sessionId: string, now = Date.now()): void {
    const key = keyOf(actor, sessionId);
    // Re-inserted, so the map's order stays oldest first.
    this.until.delete(key);
    this.until.set(key, now + REFUSED_JOIN_TTL_MS);
    if (this.until.size > MAX_ENTRIES) this.until.delete(this.until.keys().next().value!);
    const window = windowOf(now);
    const refused = this.perUser.get(actor.id);
    if (refused?.window === window) refused.count++;
    else {
      // Re-inserted, so the map's order stays oldest first.
      this.perUser.delete(actor.id);
      this.perUser.set(actor.id, { window, count: 1 });
      if (this.perUser.size > MAX_ENTRIES) this.perUser.delete(this.perUser.keys().next().value!);
    }
  }
}

type Actor = Pick<SessionActor, 'id' | 'ownSessionsOnly'>;

const windowOf = (now: number) => Math.floor(now / REFUSED_JOIN_WINDOW_MS);

const keyOf = (actor: Actor, sessionId: string) =>
  `${actor.id}|${actor.ownSessionsOnly ? 'own' : 'all'}|${sessionId}`;
