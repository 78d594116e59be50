import type { LoginAccess, SessionActor } from '@greetboard/contracts';
import type { AuthenticatedUser } from '../http/current-user.decorator.js';

/**
 * The signed-in user as the sessions service sees the caller; nothing else crosses. Through an
 * overlay link the caller reaches the user's own sessions only (ADR 0046).
 */
export function actorOf(user: AuthenticatedUser, access: LoginAccess = 'browser'): SessionActor {
  return {
    id: user.id,
    username: user.username,
    isApproved: user.isApproved,
    isAdmin: user.isAdmin,
    ...(access === 'browser' ? {} : { ownSessionsOnly: true }),
  };
}
