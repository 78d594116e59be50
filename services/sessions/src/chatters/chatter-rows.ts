import type { ChatEmote, ChatterDto, ChatterModeration } from '@greetboard/contracts';

/** Every chatter query selects these columns (chatters `c`, greeter `g`). */
export const CHATTER_COLUMNS = `
  c.id, c.session_id, c.username, c.twitch_id, c.display_name, c.profile_image,
  c.first_message, c.message_count, c.first_seen_at, c.last_seen_at, c.is_greeted,
  c.greeted_at, c.greeted_by, c.is_first_time_chatter, c.is_returning_chatter, c.raid_id,
  c.first_message_emotes, c.last_seen_before_at, c.sessions_seen, c.moderation,
  c.moderated_at, c.timeout_ends_at, c.first_message_deleted,
  g.id AS greeter_id, g.display_name AS greeter_display_name,
  g.profile_image AS greeter_profile_image`;

/** A timestamp column as `Date.prototype.toISOString` writes it (UTC, milliseconds truncated). */
export function isoTime(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * A chatter (`c`, greeter `g`) as its `ChatterDto`, built by PostgreSQL: the driver then parses
 * one JSON value per row natively instead of 26 columns, six of them dates, and nothing is
 * mapped in JavaScript. The chat-line path reads its chatters so (ADR 0058); it gives what
 * `toChatterDto` gives for the same row.
 */
export const CHATTER_JSON = `json_build_object(
  'id', c.id, 'sessionId', c.session_id, 'username', c.username, 'twitchId', c.twitch_id,
  'displayName', c.display_name, 'profileImage', c.profile_image,
  'firstMessage', c.first_message, 'messageCount', c.message_count,
  'firstSeenAt', ${isoTime('c.first_seen_at')}, 'lastSeenAt', ${isoTime('c.last_seen_at')},
  'isGreeted', c.is_greeted, 'greetedAt', ${isoTime('c.greeted_at')},
  'greetedBy', c.greeted_by,
  'greetedByUser', CASE WHEN g.id IS NULL THEN NULL ELSE json_build_object(
    'displayName', coalesce(g.display_name, ''), 'profileImage', g.profile_image) END,
  'isFirstTimeChatter', c.is_first_time_chatter,
  'isReturningChatter', c.is_returning_chatter, 'raidId', c.raid_id,
  'firstMessageEmotes', c.first_message_emotes,
  'lastSeenBeforeAt', ${isoTime('c.last_seen_before_at')}, 'sessionsSeen', c.sessions_seen,
  'moderation', c.moderation, 'moderatedAt', ${isoTime('c.moderated_at')},
  'timeoutEndsAt', ${isoTime('c.timeout_ends_at')},
  'firstMessageDeleted', c.first_message_deleted)`;

export interface ChatterRow {
  id: string;
  session_id: string;
  username: string;
  twitch_id: string;
  display_name: string;
  profile_image: string | null;
  first_message: string;
  message_count: number;
  first_seen_at: Date;
  last_seen_at: Date;
  is_greeted: boolean;
  greeted_at: Date | null;
  greeted_by: string | null;
  is_first_time_chatter: boolean;
  is_returning_chatter: boolean;
  raid_id: string | null;
  first_message_emotes: ChatEmote[];
  last_seen_before_at: Date | null;
  sessions_seen: number;
  moderation: ChatterModeration | null;
  moderated_at: Date | null;
  timeout_ends_at: Date | null;
  first_message_deleted: boolean;
  greeter_id: string | null;
  greeter_display_name: string | null;
  greeter_profile_image: string | null;
}

export function toChatterDto(row: ChatterRow): ChatterDto {
  return {
    id: row.id,
    sessionId: row.session_id,
    username: row.username,
    twitchId: row.twitch_id,
    displayName: row.display_name,
    profileImage: row.profile_image,
    firstMessage: row.first_message,
    messageCount: row.message_count,
    firstSeenAt: row.first_seen_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    isGreeted: row.is_greeted,
    greetedAt: row.greeted_at?.toISOString() ?? null,
    greetedBy: row.greeted_by,
    greetedByUser:
      row.greeter_id === null
        ? null
        : {
            displayName: row.greeter_display_name ?? '',
            profileImage: row.greeter_profile_image,
          },
    isFirstTimeChatter: row.is_first_time_chatter,
    isReturningChatter: row.is_returning_chatter,
    raidId: row.raid_id,
    firstMessageEmotes: row.first_message_emotes,
    lastSeenBeforeAt: row.last_seen_before_at?.toISOString() ?? null,
    sessionsSeen: row.sessions_seen,
    moderation: row.moderation,
    moderatedAt: row.moderated_at?.toISOString() ?? null,
    timeoutEndsAt: row.timeout_ends_at?.toISOString() ?? null,
    firstMessageDeleted: row.first_message_deleted,
  };
}
