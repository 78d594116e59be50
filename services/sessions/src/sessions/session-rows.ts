import type { SessionDto } from '@greetboard/contracts';

/** The columns every session query selects, in the shape `toSessionDto` reads. */
export const SESSION_COLUMNS = `
  s.id, s.name, s.keywords, s.is_active, s.created_at, s.started_at, s.ended_at, s.user_id,
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
  };
}
