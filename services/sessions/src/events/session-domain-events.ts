import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  CHATTERS_CHANGED_MAX,
  DOMAIN_EVENTS,
  domainEventId,
  type SessionStatusChanged,
  type UserDataRemoved,
} from '@greetboard/contracts';
import type { DomainEventOutbox } from '@greetboard/persistence';

/** The sessions service's DomainEventOutbox (`sessions.outbox`). */
export const SESSIONS_OUTBOX = Symbol('SESSIONS_OUTBOX');

type Query = Pick<EntityManager, 'query'>;

/**
 * How long the chat path's domain events (the statistics' read model's chatters) may wait to
 * share a round of the outbox: one round costs a transaction of four statements and a publish.
 */
const CHAT_EVENTS_DELAY_MS = 100;

/** An ISO-8601 UTC text of a timestamptz, as `Date.toISOString` writes it. */
export function isoSql(expression: string): string {
  return `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A SessionSnapshot of the session row `s`. */
export const SESSION_SNAPSHOT = `jsonb_build_object(
  'id', s.id, 'ownerId', s.user_id, 'name', s.name, 'isActive', s.is_active,
  'createdAt', ${isoSql('s.created_at')}, 'startedAt', ${isoSql('s.started_at')},
  'endedAt', ${isoSql('s.ended_at')}, 'version', s.version)`;

/** A ChatterSnapshot of the row `alias` (chatter columns and an `owner_id`). */
export function chatterSnapshot(alias: string): string {
  return `jsonb_build_object(
    'id', ${alias}.id, 'sessionId', ${alias}.session_id, 'ownerId', ${alias}.owner_id,
    'twitchId', ${alias}.twitch_id, 'firstSeenAt', ${isoSql(`${alias}.first_seen_at`)},
    'lastSeenAt', ${isoSql(`${alias}.last_seen_at`)}, 'messageCount', ${alias}.message_count,
    'isGreeted', ${alias}.is_greeted, 'greetedAt', ${isoSql(`${alias}.greeted_at`)},
    'moderation', ${alias}.moderation, 'version', ${alias}.version)`;
}

/**
 * The INSERT that records a ChatterSnapshot of each row of `relation` (chatter columns, an
 * `owner_id` and a `subject` column) in the outbox, for use inside the writing statement.
 */
export function chatterEventsInsert(relation: string): string {
  return `INSERT INTO sessions.outbox (subject, msg_id, payload)
    SELECT e.subject, e.subject || ':' || e.id || ':' || e.version, ${chatterSnapshot('e')}
      FROM ${relation} e
     ORDER BY e.version, e.first_seen_at, e.id`;
}

/**
 * The INSERT that records the ChatterSnapshots of every row of `relation` (chatter columns and
 * an `owner_id`) packed as `ChattersChanged` events of at most CHATTERS_CHANGED_MAX snapshots
 * (ADR 0057), for use inside the writing statement. One stream message then carries what one
 * publish each carried before. The message id is a digest of the snapshots' ids and versions:
 * the versions are the statement's own, so another change never has the same.
 */
export function chattersChangedInsert(relation: string): string {
  const { subject } = DOMAIN_EVENTS.chattersChanged;
  return `INSERT INTO sessions.outbox (subject, msg_id, payload)
    SELECT '${subject}',
           '${subject}:' || md5(string_agg(e.id || ':' || e.version, ',' ORDER BY e.n)),
           jsonb_build_object('chatters', jsonb_agg(${chatterSnapshot('e')} ORDER BY e.n))
      FROM (SELECT r.*, row_number() OVER (ORDER BY r.version, r.first_seen_at, r.id) - 1 AS n
              FROM ${relation} r) e
     GROUP BY e.n / ${CHATTERS_CHANGED_MAX}
     ORDER BY e.n / ${CHATTERS_CHANGED_MAX}`;
}

/**
 * Records the sessions service's domain events in the transaction of their change; `publish`
 * sends them once it committed (ADR 0014). Never call `publish` before the commit.
 */
@Injectable()
export class SessionDomainEvents {
  private soon: NodeJS.Timeout | undefined;

  constructor(@Inject(SESSIONS_OUTBOX) private readonly outbox: DomainEventOutbox) {}

  /** A SessionSnapshot of the session as `manager` sees it now. */
  async session(
    manager: Query,
    kind: 'sessionCreated' | 'sessionStarted' | 'sessionStopped' | 'sessionRenamed',
    sessionId: string,
  ): Promise<void> {
    const { subject } = DOMAIN_EVENTS[kind];
    await manager.query(
      `INSERT INTO sessions.outbox (subject, msg_id, payload)
       SELECT $1::text, $1::text || ':' || s.id || ':' || s.version, ${SESSION_SNAPSHOT}
         FROM sessions.sessions s WHERE s.id = $2`,
      [subject, sessionId],
    );
  }

  async sessionDeleted(
    manager: Query,
    removed: { id: string; ownerId: string; version: number },
  ): Promise<void> {
    const { subject } = DOMAIN_EVENTS.sessionDeleted;
    await this.outbox.add(manager, subject, `${subject}:${removed.id}:${removed.version}`, removed);
  }

  /** For auth's chat announcements; `at` is the session's startedAt or endedAt. */
  async statusChanged(manager: Query, event: SessionStatusChanged): Promise<void> {
    const { subject } = DOMAIN_EVENTS.sessionStatusChanged;
    await this.outbox.add(
      manager,
      subject,
      domainEventId(subject, `${event.sessionId}:${event.isActive}`, event.at),
      event,
    );
  }

  async userDataRemoved(manager: Query, event: UserDataRemoved): Promise<void> {
    const { subject } = DOMAIN_EVENTS.userDataRemoved;
    await this.outbox.add(
      manager,
      subject,
      domainEventId(subject, event.userId, event.removedAt),
      event,
    );
  }

  /** Publishes what waits, without holding up the caller; what fails is retried. */
  publish(): void {
    void this.outbox.flush();
  }

  /**
   * Publishes what waits within CHAT_EVENTS_DELAY_MS, so that the chat path's events of many
   * batches go out in one round of the outbox (ADR 0062). Until then they wait in the outbox,
   * as after any commit; its retry round publishes them too.
   */
  publishSoon(): void {
    this.soon ??= setTimeout(() => {
      this.soon = undefined;
      this.publish();
    }, CHAT_EVENTS_DELAY_MS).unref();
  }
}
