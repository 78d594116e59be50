import type { EntityManager } from 'typeorm';
import { queryRows } from '@greetboard/persistence';
import { chatterEventsInsert } from '../events/session-domain-events.js';

/**
 * Bumps the session's list version and answers it (undefined when the session is gone). Every
 * greet change takes the session row first, as a session delete locks it before its chatters:
 * one order, no deadlock; and its lock orders the list versions of concurrent changes.
 */
export async function bumpListVersion(
  manager: Pick<EntityManager, 'query'>,
  sessionId: string,
): Promise<string | undefined> {
  const [session] = await queryRows<{ list_version: string }>(
    manager,
    `UPDATE sessions.sessions SET list_version = list_version + 1
      WHERE id = $1 RETURNING list_version`,
    [sessionId],
  );
  return session?.list_version;
}

/** Placeholders of a greet change: the new state, the greeter, the list version, the subject. */
export interface GreetParams {
  isGreeted: string;
  greeterId: string;
  version: string;
  subject: string;
}

/**
 * The CTEs `updated` (chatters `c` matching `where` whose greet state changes: greetedAt and
 * greetedBy set on greet, cleared on un-greet) and `recorded` (a domain event per chatter).
 */
export function greetChangeCtes(p: GreetParams, where: string): string {
  return `updated AS (
           UPDATE sessions.chatters c SET
             is_greeted = ${p.isGreeted},
             greeted_at = CASE WHEN ${p.isGreeted} THEN now() END,
             greeted_by = CASE WHEN ${p.isGreeted} THEN ${p.greeterId}::uuid END,
             version = ${p.version}
           WHERE ${where} AND c.is_greeted <> ${p.isGreeted}
           RETURNING c.*, ${p.subject}::text AS subject,
             (SELECT user_id FROM sessions.sessions WHERE id = c.session_id) AS owner_id),
         recorded AS (${chatterEventsInsert('updated')})`;
}
