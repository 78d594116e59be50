import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { IgnoredUserDto } from '@greetboard/contracts';
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

/** Each owner's ignore list (`sessions.ignored_users`); usernames unique per owner ignoring case. */
@Injectable()
export class IgnoredUsersRepository {
  constructor(private readonly dataSource: DataSource) {}

  async listOf(ownerId: string): Promise<IgnoredUserDto[]> {
    const rows = await queryRows<IgnoredUserRow>(
      this.dataSource,
      `SELECT id, username, reason, created_at FROM sessions.ignored_users
        WHERE owner_id = $1 ORDER BY lower(username)`,
      [ownerId],
    );
    return rows.map(toDto);
  }

  /** The new entry, or nothing when the owner already ignores that username. */
  async add(
    ownerId: string,
    username: string,
    reason: string | null,
  ): Promise<IgnoredUserDto | undefined> {
    const [row] = await queryRows<IgnoredUserRow>(
      this.dataSource,
      `INSERT INTO sessions.ignored_users (owner_id, username, reason) VALUES ($1, $2, $3)
       ON CONFLICT (owner_id, lower(username)) DO NOTHING
       RETURNING id, username, reason, created_at`,
      [ownerId, username, reason],
    );
    return row && toDto(row);
  }

  /** Whether the owner had this entry. */
  async remove(ownerId: string, id: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(
      this.dataSource,
      `DELETE FROM sessions.ignored_users WHERE id = $1 AND owner_id = $2 RETURNING id`,
      [id, ownerId],
    );
    return rows.length > 0;
  }
}
