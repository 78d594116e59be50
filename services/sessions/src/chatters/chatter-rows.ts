import type { ChatterDto } from '@greetboard/contracts';

/** A timestamp column as `Date.prototype.toISOString` writes it (UTC, milliseconds truncated). */
export function isoTime(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * A chatter (`c`, greeter `g`) as its `ChatterDto`, built by PostgreSQL; every chatter query
 * selects it `AS chatter`. The driver parses one JSON value per row natively, where 26 columns
 * (six of them dates) were parsed and then mapped in JavaScript (ADR 0058).
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

/** A row of a chatter query: the chatter as `CHATTER_JSON` built it. */
export interface ChatterJsonRow {
  chatter: ChatterDto;
}

/** A chatter's fields other than its texts in JSON: names, ids, times, numbers; with room. */
const CHATTER_FIXED_BYTES = 1_200;
/** One UTF-16 unit of a text in JSON: 3 bytes of UTF-8 at most, 6 when escaped (`\u0001`). */
const BYTES_PER_UNIT = 6;

/**
 * More than or as many bytes as the chatter takes in JSON, from its texts' lengths: what a page
 * of chatters checks against the bus's size limit without serialising them.
 */
export function jsonBytesAtMost(chatter: ChatterDto): number {
  let units =
    chatter.username.length +
    chatter.twitchId.length +
    chatter.displayName.length +
    chatter.firstMessage.length +
    (chatter.profileImage?.length ?? 0) +
    (chatter.moderation?.length ?? 0) +
    (chatter.greetedByUser?.displayName.length ?? 0) +
    (chatter.greetedByUser?.profileImage?.length ?? 0);
  let bytes = CHATTER_FIXED_BYTES;
  for (const emote of chatter.firstMessageEmotes) {
    units += emote.id.length;
    bytes += 60;
  }
  return bytes + units * BYTES_PER_UNIT;
}
