import type { ChatterClaim, PresenceUser } from '@greetboard/contracts/wire';
import { useSyncExternalStore } from 'react';
import { liveSocket, type LiveSocket } from '../live/live-socket';

export interface SessionPresenceState {
  /** Everyone with the session open, the signed-in user included. */
  users: PresenceUser[];
  claims: ChatterClaim[];
}

const EMPTY: SessionPresenceState = { users: [], claims: [] };

/**
 * The live channel's presence and claims, per session (ADR 0034). It listens from the moment
 * the dashboard's or session page's code loads, before any room is joined, so the answer the
 * gateway sends to a join is never missed by a component that mounts a moment later.
 */
export class PresenceStore {
  private readonly sessions = new Map<string, SessionPresenceState>();
  private readonly listeners = new Set<() => void>();

  constructor(socket: LiveSocket) {
    socket.subscribe((message) => {
      if (message.type === 'presence_update' && Array.isArray(message.payload.users)) {
        this.update(message.payload.sessionId, { users: message.payload.users });
      } else if (message.type === 'claims_update' && Array.isArray(message.payload.claims)) {
        this.update(message.payload.sessionId, { claims: message.payload.claims });
      }
    });
  }

  get(sessionId: string): SessionPresenceState {
    return this.sessions.get(sessionId) ?? EMPTY;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private update(sessionId: string, change: Partial<SessionPresenceState>) {
    this.sessions.set(sessionId, { ...this.get(sessionId), ...change });
    for (const listener of this.listeners) listener();
  }
}

export const presenceStore = new PresenceStore(liveSocket);

/** Who has the session open and the claims running in it, as the gateway last said. */
export function usePresence(sessionId: string, store = presenceStore): SessionPresenceState {
  return useSyncExternalStore(store.subscribe, () => store.get(sessionId));
}
