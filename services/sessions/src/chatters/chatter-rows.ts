import type { ChatterDto } from '@greetboard/contracts';

/** A timestamp column as `Date.prototype.toISOString` writes it (UTC, milliseconds truncated). */
export function isoTime(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A chatter's `ChatterDto` fields (`c`, greeter `g`): each key and the SQL that gives it. */
const CHATTER_FIELDS: [key: keyof ChatterDto, sql: string][] = [
  ['id', 'c.id'],
  ['sessionId', 'c.session_id'],
  ['username', 'c.username'],
  ['twitchId', 'c.twitch_id'],
  ['displayName', 'c.display_name'],
  ['profileImage', 'c.profile_image'],
  ['firstMessage', 'c.first_message'],
  ['messageCount', 'c.message_count'],
  ['firstSeenAt', isoTime('c.first_seen_at')],
  ['lastSeenAt', isoTime('c.last_seen_at')],
  ['isGreeted', 'c.is_greeted'],
  ['greetedAt', isoTime('c.greeted_at')],
  ['greetedBy', 'c.greeted_by'],
  [
    'greetedByUser',
    `CASE WHEN g.id IS NULL THEN NULL ELSE json_build_object(
       'displayName', coalesce(g.display_name, ''), 'profileImage', g.profile_image) END`,
  ],
  ['isFirstTimeChatter', 'c.is_first_time_chatter'],
  ['isReturningChatter', 'c.is_returning_chatter'],
  ['raidId', 'c.raid_id'],
  ['firstMessageEmotes', 'c.first_message_emotes'],
  ['lastSeenBeforeAt', isoTime('c.last_seen_before_at')],
  ['sessionsSeen', 'c.sessions_seen'],
  ['moderation', 'c.moderation'],
  ['moderatedAt', isoTime('c.moderated_at')],
  ['timeoutEndsAt', isoTime('c.timeout_ends_at')],
  ['firstMessageDeleted', 'c.first_message_deleted'],
];

/**
 * A chatter (`c`, greeter `g`) as its `ChatterDto`, built by PostgreSQL; every chatter query
 * selects it `AS chatter`. The driver parses one JSON value per row natively, where 26 columns
 * (six of them dates) were parsed and then mapped in JavaScript (ADR 0058).
 */
export const CHATTER_JSON = `json_build_object(${CHATTER_FIELDS.map(
  ([key, sql]) => `'${key}', ${sql}`,
).join(', ')})`;

/**
 * The same chatter as compact JSON text, for a path that forwards it without reading it: the
 * chat pipeline's live messages (ADR 0063). The driver hands text over as it came.
 */
export const CHATTER_JSON_TEXT = `(SELECT row_to_json(f)::text FROM (SELECT ${CHATTER_FIELDS.map(
  ([key, sql]) => `${sql} AS "${key}"`,
).join(', ')}) f)`;

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

/**
 * A chatter a batch of chat lines or moderation records wrote, for its live message. `json` is
 * the chatter as PostgreSQL wrote it (CHATTER_JSON_TEXT), forwarded as it is (ADR 0063).
 */
export interface RecordedChatter {
  id: string;
  sessionId: string;
  /** The `ChatterDto` in JSON. */
  json: string;
  /** The Twitch time of its newest line, in milliseconds since the epoch. */
  lastSeenMs: number;
  hasProfileImage: boolean;
  /** First line of this chatter in the session (a `new_chatter`), else a `chatter_update`. */
  isNew: boolean;
  ownerId: string;
  /**
   * The owner's editors when the batch committed: with the owner, who may see the chatter.
   * Read anew on each read.
   */
  readonly editorIds: string[];
  /** The session's list version the batch committed. */
  listVersion: string;
  /** `json` parsed, anew on each read: for a reader that needs the fields. */
  readonly chatter: ChatterDto;
}

/** A row of a statement that selects RECORDED_CHATTER_COLUMNS. */
export interface RecordedChatterRow {
  chatter_json: string;
  id: string;
  session_id: string;
  last_seen_ms: number;
  has_profile_image: boolean;
  owner_id: string;
  /** The owner's editors, comma-separated (`editorIdsText`): one text, not an array to parse. */
  editor_ids: string;
  list_version: string;
}

/**
 * The columns of a RecordedChatter of chatter `c` and greeter `g`; the statement adds
 * `owner_id`, `editor_ids` (as `editorIdsText` writes them) and `list_version`.
 */
export const RECORDED_CHATTER_COLUMNS = `${CHATTER_JSON_TEXT} AS chatter_json, c.id, c.session_id,
  (extract(epoch FROM c.last_seen_at) * 1000)::float8 AS last_seen_ms,
  c.profile_image IS NOT NULL AS has_profile_image`;

/**
 * A session's editor ids (a `text[]` or `uuid[]` expression) as RecordedChatterRow's
 * `editor_ids`. The driver parses an array column on every row, and a batch's rows repeat their
 * session's editors; the live event reads them once per session.
 */
export function editorIdsText(ids: string): string {
  return `array_to_string(${ids}, ',')`;
}

/**
 * The chatters of a batch live as long as the batch, thousands a second: a class keeps the
 * getters on its prototype, where an object literal made new getter functions for each.
 */
class RecordedChatterEntry implements RecordedChatter {
  readonly id: string;
  readonly sessionId: string;
  readonly json: string;
  readonly lastSeenMs: number;
  readonly hasProfileImage: boolean;
  readonly ownerId: string;
  readonly listVersion: string;
  private readonly editorIdsText: string;

  constructor(
    row: RecordedChatterRow,
    readonly isNew: boolean,
  ) {
    this.id = row.id;
    this.sessionId = row.session_id;
    this.json = row.chatter_json;
    this.lastSeenMs = row.last_seen_ms;
    this.hasProfileImage = row.has_profile_image;
    this.ownerId = row.owner_id;
    this.listVersion = row.list_version;
    this.editorIdsText = row.editor_ids;
  }

  get editorIds(): string[] {
    return this.editorIdsText === '' ? [] : this.editorIdsText.split(',');
  }

  get chatter(): ChatterDto {
    return JSON.parse(this.json) as ChatterDto;
  }
}

export function recordedChatter(row: RecordedChatterRow, isNew: boolean): RecordedChatter {
  return new RecordedChatterEntry(row, isNew);
}
