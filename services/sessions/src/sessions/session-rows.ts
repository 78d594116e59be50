import type { SessionDto, SessionStarter, SessionStreamDto } from '@greetboard/contracts';

/** The columns every session query selects, in the shape `toSessionDto` reads. */
export const SESSION_COLUMNS = `
  s.id, s.name, s.keywords, s.is_active, s.created_at, s.started_at, s.ended_at, s.user_id,
  s.started_by, s.stream_live, s.stream_title, s.stream_since, s.stream_stops_at,
  coalesce(u.username, '') AS username,
  (SELECT count(*) FROM sessions.chatters c WHERE c.session_id = s.id)::int AS chatter_count`;

export const SESSION_FROM = `sessions.sessions s LEFT JOIN sessions.users u ON u.id = s.user_id`;

export interface SessionRow {
  id: string;
  name: string;
  keywords: string;
  is_active: boolean;
  created_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
  user_id: string;
  username: string;
  chatter_count: number;
  started_by: SessionStarter;
  stream_live: boolean | null;
  stream_title: string | null;
  stream_since: Date | null;
  stream_stops_at: Date | null;
}

export function toSessionDto(row: SessionRow): SessionDto {
  return {
    id: row.id,
    name: row.name,
    keywords: row.keywords,
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
    startedAt: row.started_at?.toISOString() ?? null,
    endedAt: row.ended_at?.toISOString() ?? null,
    userId: row.user_id,
    user: { username: row.username },
    _count: { chatters: row.chatter_count },
    startedBy: row.started_by,
    stream: streamOf(row),
  };
}

/** The stream as the session knows it: only while it runs and once auth has reported it. */
function streamOf(row: SessionRow): SessionStreamDto | null {
  if (!row.is_active || row.stream_live === null || row.stream_since === null) return null;
  return {
    live: row.stream_live,
    title: row.stream_title,
    since: row.stream_since.toISOString(),
    stopsAt: row.stream_stops_at?.toISOString() ?? null,
  };
}
