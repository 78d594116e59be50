import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  DomainError,
  type ChatLineReceived,
  type ChatterCardDto,
  type ChatterDto,
  type ChatterPage,
  type ChatterView,
  type ChatterViewRequest,
  DOMAIN_EVENTS,
} from '@greetboard/contracts';
import { preparedRows, queryRows } from '@greetboard/persistence';
import { SessionRulesCache, countsAsChatter, type MonitoredSession } from './chat-line-rules.js';
import {
  CHATTER_JSON,
  RECORDED_CHATTER_COLUMNS,
  editorIdsText,
  jsonBytesAtMost,
  recordedChatter,
  type ChatterJsonRow,
  type RecordedChatter,
  type RecordedChatterRow,
} from './chatter-rows.js';
import { greetChangeCtes, nextListVersion } from './greeting-sql.js';
import { RAIDERS_OF_BATCH } from '../raids/raids.repository.js';
import { SessionDomainEvents, chattersChangedInsert } from '../events/session-domain-events.js';

/**
 * Most chatters per page of the whole list; pages also stop before their chatters' size bound
 * passes PAGE_BYTES. Small enough that one answer fits a NATS message (1 MB) with room to spare
 * and that reading, encoding and decoding a page are each a short piece of work for the event
 * loops it passes (ADR 0050).
 */
const PAGE_ROWS = 250;
const PAGE_BYTES = 512 * 1024;
/** A timed-out chatter's new line (`EXCLUDED`) sent after the timeout ended. */
const TIMEOUT_OVER = `c.moderation = 'timed_out' AND EXCLUDED.last_seen_at >= c.timeout_ends_at`;
/** Twitch caps a chat message at 500 characters. */
const FIRST_MESSAGE_MAX = 500;

/** The screens' orders; each is an index scan of `chatters_session_*_idx`. */
const VIEW_ORDERS: Record<ChatterViewRequest['order'], string> = {
  oldest: 'c.first_seen_at, c.id',
  newest: 'c.first_seen_at DESC, c.id DESC',
  next: 'c.is_greeted, c.first_seen_at, c.id',
};

interface ViewCounts {
  total: number;
  greeted: number;
  pending: number;
  matching: number;
}
/** Views whose counts are kept, oldest dropped first. */
const MAX_VIEW_COUNTS = 500;

/** `text` as a LIKE pattern matching it anywhere; its `%`, `_` and `\` match themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

@Injectable()
export class ChattersRepository {
  /**
   * The counts of a view by session, list version and filters: counting a session's chatters
   * walks all of them (about 40 ms at 100,000), while the readers of one version share them.
   * Read after the version, so they hold every change up to it at least, as the rows do.
   */
  private readonly viewCounts = new Map<string, ViewCounts>();
  /** Each monitored session's ignore set and keyword filter, kept while they are unchanged. */
  private readonly sessionRules = new SessionRulesCache();

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: SessionDomainEvents,
  ) {}

  /**
   * Identifies the state of a session's list: bumped, in commit order, by every chatter
   * change of the session. '0' for an unknown session.
   */
  async listVersion(sessionId: string): Promise<string> {
    const [row] = await queryRows<{ version: string }>(
      this.dataSource,
      `SELECT list_version::text AS version FROM sessions.sessions WHERE id = $1`,
      [sessionId],
    );
    return row?.version ?? '0';
  }

  /** A page of the session's chatters by first seen, oldest first (ties by id). */
  async page(sessionId: string, after: string | undefined): Promise<ChatterPage> {
    const cursor = after === undefined ? undefined : parseCursor(after);
    // The version first: every change up to it is then in the rows read after it.
    const version = await this.listVersion(sessionId);
    const rows = await queryRows<ChatterJsonRow>(
      this.dataSource,
      `SELECT ${CHATTER_JSON} AS chatter
         FROM sessions.chatters c LEFT JOIN sessions.users g ON g.id = c.greeted_by
        WHERE c.session_id = $1
          AND ($2::timestamptz IS NULL OR (c.first_seen_at, c.id) > ($2::timestamptz, $3::uuid))
        ORDER BY c.first_seen_at, c.id
        LIMIT ${PAGE_ROWS + 1}`,
      [sessionId, cursor?.firstSeenAt ?? null, cursor?.id ?? null],
    );
    const chatters: ChatterDto[] = [];
    let bytes = 0;
    for (const { chatter } of rows.slice(0, PAGE_ROWS)) {
      bytes += jsonBytesAtMost(chatter);
      if (chatters.length > 0 && bytes > PAGE_BYTES) break;
      chatters.push(chatter);
    }
    const more = rows.length > chatters.length;
    const last = chatters.at(-1);
    return { version, chatters, next: more && last ? `${last.firstSeenAt}|${last.id}` : null };
  }

  /**
   * One page of a screen's view of the session (ADR 0050): filters and order in SQL, served by
   * the session's indexes, so only the page's rows leave the database. The version is read
   * first, so every change up to it is in the counts and rows read after it.
   */
  async view(
    sessionId: string,
    query: Omit<ChatterViewRequest, 'actor' | 'sessionId'>,
  ): Promise<ChatterView> {
    const version = await this.listVersion(sessionId);
    const filters: string[] = [];
    if (query.hideGreeted) filters.push('NOT c.is_greeted');
    if (query.hideModerated) filters.push('c.moderation IS NULL');
    const needle = query.search.trim();
    if (needle) filters.push(`(c.username ILIKE $2 OR c.display_name ILIKE $2)`);
    const matches = filters.join(' AND ') || 'true';
    // $2 is named in every statement (`IS NULL OR true`) so that its type is known unused.
    const params = [sessionId, needle ? likePattern(needle) : null];
    const countsKey = JSON.stringify([sessionId, version, filters, needle]);
    let counts = this.viewCounts.get(countsKey);
    if (!counts) {
      [counts] = await queryRows<ViewCounts>(
        this.dataSource,
        `SELECT count(*)::int AS total,
                count(*) FILTER (WHERE c.is_greeted)::int AS greeted,
                count(*) FILTER (WHERE NOT c.is_greeted AND c.moderation IS NULL)::int AS pending,
                count(*) FILTER (WHERE ${matches})::int AS matching
           FROM sessions.chatters c
          WHERE c.session_id = $1 AND ($2::text IS NULL OR true)`,
        params,
      );
      this.viewCounts.set(countsKey, counts);
      if (this.viewCounts.size > MAX_VIEW_COUNTS) {
        this.viewCounts.delete(this.viewCounts.keys().next().value!);
      }
    }
    const rows = await queryRows<ChatterJsonRow>(
      this.dataSource,
      // The page is found first and only its rows are turned into JSON: PostgreSQL computes
      // the select list of the rows an OFFSET skips too.
      `SELECT ${CHATTER_JSON} AS chatter
         FROM (SELECT c.* FROM sessions.chatters c
                WHERE c.session_id = $1 AND ($2::text IS NULL OR true) AND ${matches}
                ORDER BY ${VIEW_ORDERS[query.order]}
                LIMIT $3 OFFSET $4) c
         LEFT JOIN sessions.users g ON g.id = c.greeted_by
        ORDER BY ${VIEW_ORDERS[query.order]}`,
      [...params, query.limit, query.offset],
    );
    return {
      version,
      total: counts.total,
      greeted: counts.greeted,
      pending: counts.pending,
      matching: counts.matching,
      offset: query.offset,
      chatters: rows.map((row) => row.chatter),
    };
  }

  async findOwnerOf(chatterId: string): Promise<{ sessionId: string } | undefined> {
    const [row] = await queryRows<{ session_id: string }>(
      this.dataSource,
      `SELECT session_id FROM sessions.chatters WHERE id = $1`,
      [chatterId],
    );
    return row && { sessionId: row.session_id };
  }

  /**
   * Greets or un-greets. The server sets greetedAt/greetedBy on greet (keeping the first
   * greeter when already greeted, so a repeat changes nothing) and clears both on un-greet.
   * Concurrent toggles serialise on the row: the last write wins. Answers the list version
   * the change committed, or undefined when nothing changed.
   */
  async setGreeted(
    chatterId: string,
    isGreeted: boolean,
    greeterId: string,
  ): Promise<string | undefined> {
    const committed = await this.dataSource.transaction(async (manager) => {
      const [chatter] = await queryRows<{ session_id: string }>(
        manager,
        `SELECT session_id FROM sessions.chatters WHERE id = $1`,
        [chatterId],
      );
      if (!chatter) return undefined;
      const version = await nextListVersion(manager, chatter.session_id);
      if (version === undefined) return undefined;
      const greet = { isGreeted: '$2', greeterId: '$3', version: '$4', subject: '$5' };
      const updated = await queryRows<{ id: string }>(
        manager,
        `WITH ${greetChangeCtes(greet, 'c.id = $1')}
         SELECT id FROM updated`,
        [
          chatterId,
          isGreeted,
          greeterId,
          version,
          DOMAIN_EVENTS[isGreeted ? 'chatterGreeted' : 'chatterUngreeted'].subject,
        ],
      );
      return updated.length > 0 ? version : undefined;
    });
    if (committed !== undefined) this.events.publish();
    return committed;
  }

  /** The chatter as it is now; CHATTER_NOT_FOUND when gone (e.g. its session was deleted). */
  async load(chatterId: string): Promise<ChatterDto> {
    const [row] = await queryRows<ChatterJsonRow>(
      this.dataSource,
      `SELECT ${CHATTER_JSON} AS chatter
         FROM sessions.chatters c LEFT JOIN sessions.users g ON g.id = c.greeted_by
        WHERE c.id = $1`,
      [chatterId],
    );
    if (!row) throw new DomainError('CHATTER_NOT_FOUND');
    return row.chatter;
  }

  /**
   * A chatter of the session with its card's details (ADR 0055): the latest line's badges and
   * the account's creation time from the profile cache.
   */
  async card(sessionId: string, chatterId: string): Promise<ChatterCardDto> {
    const [row] = await queryRows<
      ChatterJsonRow & { badges: Record<string, string>; account_created_at: Date | null }
    >(
      this.dataSource,
      `SELECT ${CHATTER_JSON} AS chatter, c.badges, pr.account_created_at
         FROM sessions.chatters c LEFT JOIN sessions.users g ON g.id = c.greeted_by
         LEFT JOIN sessions.chatter_profiles pr ON pr.twitch_id = c.twitch_id
        WHERE c.id = $1 AND c.session_id = $2`,
      [chatterId, sessionId],
    );
    if (!row) throw new DomainError('CHATTER_NOT_FOUND');
    return {
      chatter: row.chatter,
      badges: row.badges,
      accountCreatedAt: row.account_created_at?.toISOString() ?? null,
    };
  }

  /**
   * Turns a batch of chat lines into chatters. Lines go to the active session of their channel
   * (the session owner's login is the channel); the bot list, the owner's ignore list, the
   * owner's own lines and the session's keywords decide which lines count. Counting is exact
   * under redelivery: each Twitch message id is recorded per session in the same statement,
   * and only lines recorded for the first time count.
   */
  async recordChatLines(lines: ChatLineReceived[]): Promise<RecordedChatter[]> {
    if (lines.length === 0) return [];
    const channels = [...new Set(lines.map((line) => line.channel.toLowerCase()))];
    const monitored = await preparedRows<MonitoredSession>(
      this.dataSource,
      'sessions_monitored_channels',
      MONITORED_SESSIONS,
      [channels],
    );
    const sessions = new Map(
      monitored.map((session) => [session.channel, this.sessionRules.rulesOf(session)]),
    );
    const counted: { sessionId: string; line: ChatLineReceived }[] = [];
    for (const line of lines) {
      const session = sessions.get(line.channel.toLowerCase());
      if (session && countsAsChatter(line, session.context)) {
        counted.push({ sessionId: session.id, line });
      }
    }
    if (counted.length === 0) return [];
    const rows = await preparedRows<RecordedChatterRow & { inserted: boolean }>(
      this.dataSource,
      'sessions_record_chat_lines',
      RECORD_CHAT_LINES,
      // The batch as one JSON parameter: serialised natively, where twelve array parameters
      // had every element escaped one by one in JavaScript (ADR 0058).
      [JSON.stringify(counted.map(inputRow))],
    );
    this.events.publishSoon();
    return rows.map((row) => recordedChatter(row, row.inserted));
  }
}

/**
 * A counted line as a row of the statement's input. Strings are made well-formed: a lone
 * surrogate (only a hand-made message can carry one) would fail PostgreSQL's JSON-to-text
 * conversion for the whole batch, where the driver's UTF-8 encoding replaced it.
 */
function inputRow({ sessionId, line }: { sessionId: string; line: ChatLineReceived }) {
  return {
    session_id: sessionId,
    message_id: line.id.toWellFormed(),
    twitch_id: line.userId.toWellFormed(),
    username: line.login.toLowerCase(),
    display_name: (line.displayName || line.login).toWellFormed(),
    text: line.text.toWellFormed(),
    sent_ms: line.sentAt,
    first_msg: line.firstMessage,
    returning_chatter: line.returningChatter,
    emotes: line.emotes ?? [],
    subscription: line.subscription !== undefined,
    badges: line.badges ?? {},
  };
}

/**
 * The active session of each channel of a batch of chat lines, with what decides which lines
 * count. Parameter: the channels' logins. Prepared (ADR 0059).
 */
const MONITORED_SESSIONS = `SELECT DISTINCT ON (u.username) s.id, u.username AS channel, s.keywords,
          coalesce((SELECT string_agg(lower(i.username), ',' ORDER BY lower(i.username))
                      FROM sessions.ignored_users i
                     WHERE i.owner_id = s.user_id), '') AS ignored
     FROM sessions.sessions s JOIN sessions.users u ON u.id = s.user_id
    WHERE s.is_active AND u.username = ANY($1::text[])
    ORDER BY u.username, s.started_at DESC NULLS LAST, s.created_at DESC`;

/**
 * Counts a batch of chat lines in one statement (see `recordChatLines`). Parameter: the lines
 * as JSON rows (`inputRow`). Prepared: planning it costs more than counting a few lines
 * (ADR 0059).
 */
const RECORD_CHAT_LINES = `WITH input AS (
     SELECT DISTINCT ON (session_id, message_id) *
       FROM json_to_recordset($1::json)
         AS t(session_id uuid, message_id text, twitch_id text, username text,
              display_name text, text text, sent_ms bigint, first_msg boolean,
              returning_chatter boolean, emotes json, subscription boolean, badges json)),
   fresh AS (
     INSERT INTO sessions.chat_lines_seen (session_id, message_id)
     SELECT session_id, message_id FROM input
     ON CONFLICT DO NOTHING
     RETURNING session_id, message_id),
   -- Each chatter's lines in Twitch's order (by time, then message id), sorted once: the
   -- first line's fields from the row DISTINCT ON keeps, the newest line's from the window.
   -- An ordered aggregate per field would sort each chatter's lines once per field.
   per_chatter AS (
     SELECT DISTINCT ON (i.session_id, i.twitch_id)
            i.session_id, i.twitch_id,
            last_value(i.username) OVER w AS username,
            last_value(i.display_name) OVER w AS display_name,
            left(i.text, ${FIRST_MESSAGE_MAX}) AS first_message,
            i.first_msg, i.returning_chatter, i.emotes::jsonb AS emotes,
            i.message_id AS first_message_id, i.subscription AS first_subscription,
            (last_value(i.badges) OVER w)::jsonb AS badges,
            (count(*) OVER w)::int AS lines,
            'epoch'::timestamptz + i.sent_ms * interval '1 millisecond' AS first_seen_at,
            'epoch'::timestamptz + (last_value(i.sent_ms) OVER w) * interval '1 millisecond'
              AS last_seen_at
       FROM input i JOIN fresh f USING (session_id, message_id)
     WINDOW w AS (PARTITION BY i.session_id, i.twitch_id ORDER BY i.sent_ms, i.message_id
                  ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
      ORDER BY i.session_id, i.twitch_id, i.sent_ms, i.message_id),
   bumped AS (
     UPDATE sessions.sessions s SET list_version = s.list_version + 1
      WHERE s.id IN (SELECT DISTINCT session_id FROM per_chatter)
     RETURNING s.id, s.list_version, s.user_id,
       -- Who may see the session's live events, read in this statement (no second trip).
       ARRAY(SELECT e.editor_id::text FROM sessions.global_editors e
              WHERE e.owner_id = s.user_id) AS editor_ids),
   -- New chatters arriving with a raid are its raiders; one already here never is.
   raiders AS (${RAIDERS_OF_BATCH}),
   upserted AS (
     INSERT INTO sessions.chatters AS c
       (session_id, twitch_id, username, display_name, first_message, message_count,
        first_seen_at, last_seen_at, is_first_time_chatter, is_returning_chatter, version,
        raid_id, first_message_emotes, profile_image, last_seen_before_at, sessions_seen,
        first_message_id, badges)
     SELECT p.session_id, p.twitch_id, p.username, p.display_name, p.first_message, p.lines,
            p.first_seen_at, p.last_seen_at, p.first_msg, p.returning_chatter, b.list_version,
            rd.raid_id,
            p.emotes, pr.profile_image, h.last_seen_before_at, h.earlier_sessions + 1,
            p.first_message_id, p.badges
       FROM per_chatter p JOIN bumped b ON b.id = p.session_id
       LEFT JOIN raiders rd ON rd.session_id = p.session_id AND rd.twitch_id = p.twitch_id
       -- The image when the cache has it; else the profile job fetches it shortly after.
       LEFT JOIN sessions.chatter_profiles pr ON pr.twitch_id = p.twitch_id
       -- The chatter's history with this owner, looked up only for a chatter new to the
       -- session (the NOT EXISTS gates the lookup; a known chatter keeps its values).
       CROSS JOIN LATERAL (
         SELECT max(e.last_seen_at) AS last_seen_before_at, count(*)::int AS earlier_sessions
           FROM sessions.chatters e JOIN sessions.sessions es ON es.id = e.session_id
          WHERE e.twitch_id = p.twitch_id AND es.user_id = b.user_id
            AND e.session_id <> p.session_id AND e.first_seen_at < p.first_seen_at
            AND NOT EXISTS (SELECT 1 FROM sessions.chatters k
                             WHERE k.session_id = p.session_id AND k.twitch_id = p.twitch_id)
       ) h
     ON CONFLICT (session_id, twitch_id) DO UPDATE SET
       username = EXCLUDED.username,
       display_name = EXCLUDED.display_name,
       message_count = c.message_count + EXCLUDED.message_count,
       last_seen_at = GREATEST(c.last_seen_at, EXCLUDED.last_seen_at),
       -- A line sent earlier than the first one counted (reordered delivery) becomes the first.
       first_message = CASE WHEN EXCLUDED.first_seen_at < c.first_seen_at
                            THEN EXCLUDED.first_message ELSE c.first_message END,
       is_first_time_chatter = CASE WHEN EXCLUDED.first_seen_at < c.first_seen_at
                            THEN EXCLUDED.is_first_time_chatter ELSE c.is_first_time_chatter END,
       is_returning_chatter = CASE WHEN EXCLUDED.first_seen_at < c.first_seen_at
                            THEN EXCLUDED.is_returning_chatter ELSE c.is_returning_chatter END,
       first_message_emotes = CASE WHEN EXCLUDED.first_seen_at < c.first_seen_at
                            THEN EXCLUDED.first_message_emotes ELSE c.first_message_emotes END,
       -- Its id, so a moderator deleting that message on Twitch marks it (ADR 0041).
       first_message_id = CASE WHEN EXCLUDED.first_seen_at < c.first_seen_at
                            THEN EXCLUDED.first_message_id ELSE c.first_message_id END,
       -- A chatter who speaks again after their timeout ended is back on the desk.
       moderation = CASE WHEN ${TIMEOUT_OVER} THEN NULL ELSE c.moderation END,
       timeout_ends_at = CASE WHEN ${TIMEOUT_OVER} THEN NULL ELSE c.timeout_ends_at END,
       first_seen_at = LEAST(c.first_seen_at, EXCLUDED.first_seen_at),
       -- The badges of the latest line (ADR 0055): a sub that lapsed loses the badge.
       badges = CASE WHEN EXCLUDED.last_seen_at >= c.last_seen_at
                     THEN EXCLUDED.badges ELSE c.badges END,
       version = EXCLUDED.version
     RETURNING c.*, (xmax = 0) AS inserted),
   recorded AS (
     ${chattersChangedInsert(`(SELECT u.*, b.user_id AS owner_id
         FROM upserted u JOIN bumped b ON b.id = u.session_id)`)})
   SELECT ${RECORDED_CHATTER_COLUMNS}, c.inserted, b.user_id AS owner_id,
          ${editorIdsText('b.editor_ids')} AS editor_ids, b.list_version::text AS list_version
     FROM upserted c JOIN bumped b ON b.id = c.session_id
     LEFT JOIN sessions.users g ON g.id = c.greeted_by
    ORDER BY c.first_seen_at, c.id`;

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f-]{36})$/i;

function parseCursor(text: string): { firstSeenAt: string; id: string } {
  const match = CURSOR.exec(text);
  if (!match) {
    throw new DomainError('VALIDATION_FAILED', undefined, [
      { field: 'after', problems: ['after must be a cursor from a previous page'] },
    ]);
  }
  return { firstSeenAt: match[1], id: match[2] };
}
