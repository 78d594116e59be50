import type { SessionDto } from '@greetboard/contracts/wire';

/** What the stream-status banner says about a running session's stream (ADR 0045). */
export type StreamStatus =
  | { kind: 'live'; title: string | null }
  /** Auto-started and offline: the session stops in `minutes` unless the stream comes back. */
  | { kind: 'waiting'; minutes: number }
  /** Offline, and the session runs until someone stops it. */
  | { kind: 'offline' };

type Followed = Pick<SessionDto, 'isActive' | 'startedBy' | 'stream'>;

/**
 * The stream's state as the banner tells it, or null when there is nothing to tell: the
 * session is stopped, its stream is unknown, or its grace time is over (the server stops it).
 * Minutes left are whole minutes rounded up, never below 1, so "within 1 minute" lasts until
 * the very end.
 */
export function streamStatusOf(session: Followed, now: number): StreamStatus | null {
  const { stream } = session;
  if (!session.isActive || !stream) return null;
  if (stream.live) return { kind: 'live', title: stream.title?.trim() || null };
  if (session.startedBy === 'auto' && stream.stopsAt) {
    const left = Date.parse(stream.stopsAt) - now;
    if (!(left > 0)) return null;
    return { kind: 'waiting', minutes: Math.max(1, Math.ceil(left / 60_000)) };
  }
  return { kind: 'offline' };
}
