import type { EntityManager } from 'typeorm';
import { queryRows } from '@greetboard/persistence';
import { chatterEventsInsert } from '../events/session-domain-events.js';

/**
 * Locks the session row and answers the list version a change would commit (undefined when
 * the session is gone). Every greet change takes the session row first, as a session delete
 * locks it before its chatters: one order, no deadlock; and its lock orders the list versions
 * of concurrent changes. `greetChangeCtes` steps the version only when a chatter changed, so a
 * greet that changes nothing (a repeat) leaves the list's version and ETag alone.
 */
export async function nextListVersion(
  manager: Pick<EntityManager, 'query'>,
  sessionId: string,
): Promise<string | undefined> {
  const [session] = await queryRows<{ list_version: string }>(
    manager,
    `SELECT (list_version + 1)::text AS list_version FROM sessions.sessions
      WHERE id = $1 FOR UPDATE`,
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
 * greetedBy set on greet, cleared on un-greet), `recorded` (a domain event per chatter) and
 * `stepped` (the session's list version, set to `version` when a chatter changed).
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
         recorded AS (${chatterEventsInsert('updated')}),
         stepped AS (
           UPDATE sessions.sessions SET list_version = ${p.version}
            WHERE id IN (SELECT session_id FROM updated))`;
}
