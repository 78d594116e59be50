import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { DataSource } from 'typeorm';
import {
  ActorRequest,
  AddIgnoredUserRequest,
  DomainError,
  IdRequest,
  SESSIONS_REQUESTS,
  type IgnoredUserDto,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { queryRows } from '@greetboard/persistence';

interface IgnoredUserRow {
  id: string;
  username: string;
  reason: string | null;
  created_at: Date;
}

const toDto = (row: IgnoredUserRow): IgnoredUserDto => ({
  id: row.id,
  username: row.username,
  reason: row.reason,
  createdAt: row.created_at.toISOString(),
});

/** Each user's own ignore list; usernames are unique per owner ignoring case. */
@Controller()
export class IgnoredUsersHandler {
  constructor(private readonly dataSource: DataSource) {}

  @OnRequest(SESSIONS_REQUESTS.listIgnoredUsers)
  async list(@Payload() { actor }: ActorRequest): Promise<IgnoredUserDto[]> {
    const rows = await queryRows<IgnoredUserRow>(
      this.dataSource,
      `SELECT id, username, reason, created_at FROM sessions.ignored_users
        WHERE owner_id = $1 ORDER BY lower(username)`,
      [actor.id],
    );
    return rows.map(toDto);
  }

  @OnRequest(SESSIONS_REQUESTS.addIgnoredUser)
  async add(@Payload() request: AddIgnoredUserRequest): Promise<IgnoredUserDto> {
    const username = request.username.trim();
    const reason = request.reason?.trim() || null;
    const [row] = await queryRows<IgnoredUserRow>(
      this.dataSource,
      `INSERT INTO sessions.ignored_users (owner_id, username, reason) VALUES ($1, $2, $3)
       ON CONFLICT (owner_id, lower(username)) DO NOTHING
       RETURNING id, username, reason, created_at`,
      [request.actor.id, username, reason],
    );
    if (!row) throw new DomainError('IGNORED_USER_EXISTS');
    return toDto(row);
  }

  @OnRequest(SESSIONS_REQUESTS.removeIgnoredUser)
  async remove(@Payload() request: IdRequest): Promise<{ id: string }> {
    const [row] = await queryRows<{ id: string }>(
      this.dataSource,
      `DELETE FROM sessions.ignored_users WHERE id = $1 AND owner_id = $2 RETURNING id`,
      [request.id, request.actor.id],
    );
    if (!row) throw new DomainError('IGNORED_USER_NOT_FOUND');
    return row;
  }
}
