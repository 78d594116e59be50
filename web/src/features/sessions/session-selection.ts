import type { SessionDto } from '@greetboard/contracts/wire';

type Selectable = Pick<SessionDto, 'id' | 'isActive' | 'createdAt'>;

/** Most recently created first. */
function newestFirst(a: Selectable, b: Selectable) {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt);
}

/** Dashboard: the only active session, or the most recently created active one; else none. */
export function pickActiveSession<T extends Selectable>(sessions: readonly T[]): T | null {
  return sessions.filter((s) => s.isActive).sort(newestFirst)[0] ?? null;
}

/**
 * Overlay: keep the current choice while it is active or no other session is; otherwise
 * prefer an active session, falling back to the first listed session.
 */
export function chooseOverlaySession<T extends Selectable>(
  sessions: readonly T[],
  currentId: string | null,
): T | null {
  if (sessions.length === 0) return null;
  const current = sessions.find((s) => s.id === currentId) ?? null;
  const active = pickActiveSession(sessions);
  if (current && (current.isActive || !active)) return current;
  return active ?? sessions[0] ?? null;
}
