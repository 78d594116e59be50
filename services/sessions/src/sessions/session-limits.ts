import { DomainError } from '@greetboard/contracts';
import type { EntityManager } from 'typeorm';
import { queryRows } from '@greetboard/persistence';

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
 * Refuses a session that would put the owner over a limit. Runs in the transaction that
 * creates or starts it, after a lock on the owner, so parallel requests cannot all slip
 * under the cap.
 */
export async function assertWithinLimits(
  manager: EntityManager,
  ownerId: string,
  limits: SessionLimits,
  creating: boolean,
): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('sessions:' || $1))`, [ownerId]);
  const [counts] = await queryRows<{ active: number; recent: number }>(
    manager,
    `SELECT count(*) FILTER (WHERE is_active)::int AS active,
            count(*) FILTER (WHERE created_at > now() - interval '1 minute')::int AS recent
       FROM sessions.sessions WHERE user_id = $1`,
    [ownerId],
  );
  if (creating && (counts?.recent ?? 0) >= limits.sessionsCreatedPerMinute) {
    throw new DomainError('SESSION_CREATION_RATE_LIMITED');
  }
  if ((counts?.active ?? 0) >= limits.activeSessionsPerUser) {
    throw new DomainError('ACTIVE_SESSION_LIMIT');
  }
}
