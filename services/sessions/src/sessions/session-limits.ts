import { DomainError } from '@greetboard/contracts';

/**
 * Caps per user (SESSIONS_CREATED_PER_MINUTE). Running sessions need none: one per channel
 * runs at a time (ADR 0045).
 */
export interface SessionLimits {
  sessionsCreatedPerMinute: number;
}

export const SESSION_LIMITS = Symbol('SESSION_LIMITS');

export const DEFAULT_SESSION_LIMITS: SessionLimits = {
  sessionsCreatedPerMinute: 30,
};

/**
 * Refuses a session that would put the owner over the creation rate, given the owner's count
 * read under the owner's lock (`SessionsRepository.lockAndCountOwned`) in the transaction that
 * creates it, so parallel requests cannot all slip under the cap.
 */
export function assertWithinLimits(counts: { recent: number }, limits: SessionLimits): void {
  if (counts.recent >= limits.sessionsCreatedPerMinute) {
    throw new DomainError('SESSION_CREATION_RATE_LIMITED');
  }
}
