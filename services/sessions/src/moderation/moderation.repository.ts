import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DOMAIN_EVENTS, type ChatLineReceived } from '@greetboard/contracts';
import { queryRows } from '@greetboard/persistence';
import {
  RECORDED_CHATTER_COLUMNS,
  editorIdsText,
  recordedChatter,
  type RecordedChatter,
  type RecordedChatterRow,
} from '../chatters/chatter-rows.js';
import { SessionDomainEvents, chatterEventsInsert } from '../events/session-domain-events.js';

/**
 * Applies Twitch's moderation records (ADR 0041) to the chatters of every active session of
 * their channel, in one statement per batch:
 * - a ban or timeout marks the chatter with that Twitch user id (no row, no change: someone
 *   who has not chatted in the session is not added). Of several, the latest by Twitch's time
 *   wins, and only one later than the chatter's `moderated_at`, so a redelivered or reordered
 *   record changes nothing;
 * - a deleted message marks the chatter whose first message it was.
 * Only chatters whose state changes are written, with the session's list version stepped once
 * and a `chatterModerated` event each; a batch that changes nothing writes nothing.
 */
@Injectable()
export class ModerationRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: SessionDomainEvents,
  ) {}

  async recordModeration(records: ChatLineReceived[]): Promise<RecordedChatter[]> {
    const applicable = records.filter((record) => record.moderation !== 'clear_chat');
    if (applicable.length === 0) return [];
    const column = <T>(pick: (record: ChatLineReceived) => T) => applicable.map(pick);
    const rows = await queryRows<RecordedChatterRow>(
      this.dataSource,
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[],
                              $6::int[])
           AS t(channel, action, twitch_id, target_message_id, sent_ms, timeout_seconds)),
       target AS (
         SELECT s.id AS session_id, u.username AS channel
           FROM sessions.sessions s JOIN sessions.users u ON u.id = s.user_id
          WHERE s.is_active AND u.username IN (SELECT channel FROM input)),
       hits AS (
         SELECT c.id, i.action, i.sent_ms, i.timeout_seconds
           FROM input i JOIN target t USING (channel)
           JOIN sessions.chatters c ON c.session_id = t.session_id AND c.twitch_id = i.twitch_id
          WHERE i.action IN ('ban', 'timeout')
         UNION ALL
         SELECT c.id, i.action, i.sent_ms, NULL
           FROM input i JOIN target t USING (channel)
           JOIN sessions.chatters c
             ON c.session_id = t.session_id AND c.first_message_id = i.target_message_id
          WHERE i.action = 'delete_message'),
       per_chatter AS (
         SELECT id,
                (array_agg(action ORDER BY sent_ms DESC, action)
                   FILTER (WHERE action <> 'delete_message'))[1] AS action,
                'epoch'::timestamptz + max(sent_ms) FILTER (WHERE action <> 'delete_message')
                   * interval '1 millisecond' AS moderated_at,
                (array_agg(timeout_seconds ORDER BY sent_ms DESC, action)
                   FILTER (WHERE action <> 'delete_message'))[1] AS timeout_seconds,
                bool_or(action = 'delete_message') AS deleted
           FROM hits GROUP BY id),
       changed AS (
         SELECT c.id, c.session_id, n.*
           FROM per_chatter p JOIN sessions.chatters c ON c.id = p.id
           CROSS JOIN LATERAL (
             SELECT coalesce(p.moderated_at > coalesce(c.moderated_at, '-infinity'), false)
                    AS newer) x
           CROSS JOIN LATERAL (
             SELECT CASE WHEN NOT x.newer THEN c.moderation
                         WHEN p.action = 'ban' THEN 'banned' ELSE 'timed_out' END AS moderation,
                    CASE WHEN x.newer THEN p.moderated_at ELSE c.moderated_at END AS moderated_at,
                    CASE WHEN x.newer
                         THEN p.moderated_at + p.timeout_seconds * interval '1 second'
                         ELSE c.timeout_ends_at END AS timeout_ends_at,
                    c.first_message_deleted OR p.deleted AS first_message_deleted) n
          WHERE (n.moderation, n.moderated_at, n.timeout_ends_at, n.first_message_deleted)
                IS DISTINCT FROM
                (c.moderation, c.moderated_at, c.timeout_ends_at, c.first_message_deleted)),
       bumped AS (
         UPDATE sessions.sessions s SET list_version = s.list_version + 1
          WHERE s.id IN (SELECT session_id FROM changed)
         RETURNING s.id, s.list_version, s.user_id,
           ARRAY(SELECT e.editor_id::text FROM sessions.global_editors e
                  WHERE e.owner_id = s.user_id) AS editor_ids),
       updated AS (
         UPDATE sessions.chatters c SET
           moderation = ch.moderation,
           moderated_at = ch.moderated_at,
           timeout_ends_at = ch.timeout_ends_at,
           first_message_deleted = ch.first_message_deleted,
           version = b.list_version
           FROM changed ch JOIN bumped b ON b.id = ch.session_id
          WHERE c.id = ch.id
         RETURNING c.*, b.user_id AS owner_id, b.editor_ids, b.list_version AS session_version,
                   $7::text AS subject),
       recorded AS (${chatterEventsInsert('updated')})
       SELECT ${RECORDED_CHATTER_COLUMNS}, c.owner_id, ${editorIdsText('c.editor_ids')} AS editor_ids,
              c.session_version::text AS list_version
         FROM updated c LEFT JOIN sessions.users g ON g.id = c.greeted_by
        ORDER BY c.first_seen_at, c.id`,
      [
        column((record) => record.channel.toLowerCase()),
        column((record) => record.moderation),
        column((record) => record.userId),
        column((record) => record.targetMessageId ?? null),
        column((record) => record.sentAt),
        column((record) => record.timeoutSeconds ?? null),
        DOMAIN_EVENTS.chatterModerated.subject,
      ],
    );
    if (rows.length > 0) this.events.publish();
    return rows.map((row) => recordedChatter(row, false));
  }
}
