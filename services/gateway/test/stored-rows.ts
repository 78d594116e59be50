import type pg from 'pg';
import type {
  ChatterDto,
  GlobalEditorDto,
  GlobalEditorInviteDto,
  IgnoredUserDto,
  SessionDto,
  UserSummaryDto,
} from '@greetboard/contracts';

/**
 * Rows of the sessions service's tables read straight from its database and put in the shapes
 * spec section 3 gives them, so that a table row can say "exactly what is stored" and an effect
 * check can compare before and after. Test code only.
 */
const isoOrNull = (time: Date | null) => time?.toISOString() ?? null;

async function one<Row extends object>(db: pg.Pool, sql: string, id: string): Promise<Row> {
  const { rows } = await db.query<Row>(sql, [id]);
  if (rows.length !== 1) throw new Error(`expected one row for ${id}, found ${rows.length}`);
  return rows[0];
}

interface PersonColumns {
  username: string;
  display_name: string;
  profile_image: string | null;
}
/** A user's summary from the users projection as one JSON column (username, display_name, …). */
const person = (alias: string) =>
  `json_build_object('username', ${alias}.username, 'display_name', ${alias}.display_name,
                     'profile_image', ${alias}.profile_image)`;
const summaryOf = (columns: PersonColumns): UserSummaryDto => ({
  username: columns.username,
  displayName: columns.display_name,
  profileImage: columns.profile_image,
});

/** A session as GET /api/sessions shows it. */
export async function storedSession(db: pg.Pool, id: string): Promise<SessionDto> {
  const row = await one<{
    id: string;
    name: string;
    keywords: string;
    is_active: boolean;
    created_at: Date;
    started_at: Date | null;
    ended_at: Date | null;
    user_id: string;
    username: string;
    chatters: number;
  }>(
    db,
    `SELECT s.*, u.username,
            (SELECT count(*) FROM sessions.chatters c WHERE c.session_id = s.id)::int AS chatters
       FROM sessions.sessions s JOIN sessions.users u ON u.id = s.user_id WHERE s.id = $1`,
    id,
  );
  return {
    id: row.id,
    name: row.name,
    keywords: row.keywords,
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
    startedAt: isoOrNull(row.started_at),
    endedAt: isoOrNull(row.ended_at),
    userId: row.user_id,
    user: { username: row.username },
    _count: { chatters: row.chatters },
  };
}

/** Each of the sessions, in the order given. */
export const storedSessions = (db: pg.Pool, ids: string[]) =>
  Promise.all(ids.map((id) => storedSession(db, id)));

/** A chatter as GET /api/sessions/{id}/chatters shows it. */
export async function storedChatter(db: pg.Pool, id: string): Promise<ChatterDto> {
  const row = await one<{
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
    greeter: PersonColumns | null;
    is_first_time_chatter: boolean;
    is_returning_chatter: boolean;
  }>(
    db,
    `SELECT c.*, CASE WHEN g.id IS NOT NULL THEN ${person('g')} END AS greeter
       FROM sessions.chatters c LEFT JOIN sessions.users g ON g.id = c.greeted_by
      WHERE c.id = $1`,
    id,
  );
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
    greetedAt: isoOrNull(row.greeted_at),
    greetedBy: row.greeted_by,
    greetedByUser: row.greeter && {
      displayName: row.greeter.display_name,
      profileImage: row.greeter.profile_image,
    },
    isFirstTimeChatter: row.is_first_time_chatter,
    isReturningChatter: row.is_returning_chatter,
  };
}

export async function storedIgnoredUser(db: pg.Pool, id: string): Promise<IgnoredUserDto> {
  const row = await one<{ id: string; username: string; reason: string | null; created_at: Date }>(
    db,
    `SELECT * FROM sessions.ignored_users WHERE id = $1`,
    id,
  );
  return {
    id: row.id,
    username: row.username,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
  };
}

export async function storedEditorLink(db: pg.Pool, id: string): Promise<GlobalEditorDto> {
  const row = await one<{ id: string; editor_id: string; created_at: Date; editor: PersonColumns }>(
    db,
    `SELECT e.*, ${person('u')} AS editor
       FROM sessions.global_editors e JOIN sessions.users u ON u.id = e.editor_id
      WHERE e.id = $1`,
    id,
  );
  return {
    id: row.id,
    editorId: row.editor_id,
    editor: summaryOf(row.editor),
    createdAt: row.created_at.toISOString(),
  };
}

export async function storedInvite(db: pg.Pool, id: string): Promise<GlobalEditorInviteDto> {
  const row = await one<{
    id: string;
    status: GlobalEditorInviteDto['status'];
    sender_id: string;
    receiver_id: string;
    created_at: Date;
    sender: PersonColumns;
    receiver: PersonColumns;
  }>(
    db,
    `SELECT i.*, ${person('su')} AS sender, ${person('ru')} AS receiver
       FROM sessions.global_editor_invites i
       JOIN sessions.users su ON su.id = i.sender_id
       JOIN sessions.users ru ON ru.id = i.receiver_id
      WHERE i.id = $1`,
    id,
  );
  return {
    id: row.id,
    status: row.status,
    senderId: row.sender_id,
    receiverId: row.receiver_id,
    sender: summaryOf(row.sender),
    receiver: summaryOf(row.receiver),
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Everything a refused request must leave alone: every session's fields, every chatter's greet
 * state, ignore lists, editor links and invites.
 */
export async function everythingStored(db: pg.Pool): Promise<unknown> {
  const { rows } = await db.query(
    `SELECT
       (SELECT json_agg(json_build_array(id, user_id, name, keywords, is_active, started_at,
                                         ended_at) ORDER BY id) FROM sessions.sessions) AS sessions,
       (SELECT json_agg(json_build_array(id, session_id, is_greeted, greeted_at, greeted_by)
                        ORDER BY id) FROM sessions.chatters) AS chatters,
       (SELECT json_agg(json_build_array(id, owner_id, username, reason) ORDER BY id)
          FROM sessions.ignored_users) AS ignored_users,
       (SELECT json_agg(json_build_array(id, owner_id, editor_id) ORDER BY id)
          FROM sessions.global_editors) AS editors,
       (SELECT json_agg(json_build_array(id, status) ORDER BY id)
          FROM sessions.global_editor_invites) AS invites`,
  );
  return rows[0];
}
