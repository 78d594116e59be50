import { DomainError } from '@greetboard/contracts';

/** Caps per user (ACTIVE_SESSIONS_PER_USER, SESSIONS_CREATED_PER_MINUTE). */
export interface SessionLimits {
  activeSessionsPerUser: number;
  sessionsCreatedPerMinute: number;
}

export const SESSION_LIMITS = Symbol('SESSION_LIMITS');

export const DEFAULT_SESSION_LIMITS: SessionLimits = {
  activeSessionsPerUser: 20,
  sessionsCreatedPerMinute: 30,
};

/**
 * Refuses a session that would put the owner over a limit, given the owner's counts read
 * under the owner's lock (`SessionsRepository.lockAndCountOwned`) in the transaction that
 * creates or starts it, so parallel requests cannot all slip under the cap.
 */
export function assertWithinLimits(
  counts: { active: number; recent: number },
  limits: SessionLimits,
  creating: boolean,
): void {
  if (creating && counts.recent >= limits.sessionsCreatedPerMinute) {
    throw new DomainError('SESSION_CREATION_RATE_LIMITED');
  }
  if (counts.active >= limits.activeSessionsPerUser) {
    throw new DomainError('ACTIVE_SESSION_LIMIT');
  }
}
