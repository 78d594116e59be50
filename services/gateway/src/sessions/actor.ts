import type { SessionActor } from '@greetboard/contracts';
import type { AuthenticatedUser } from '../http/current-user.decorator.js';

/** The signed-in user as the sessions service sees the caller; nothing else crosses. */
export function actorOf(user: AuthenticatedUser): SessionActor {
  return {
    id: user.id,
    username: user.username,
    isApproved: user.isApproved,
    isAdmin: user.isAdmin,
  };
}
