import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChatterSnapshot, SessionSnapshot } from '@greetboard/contracts';
import { queryRows } from '@greetboard/persistence';
import { SESSION_SNAPSHOT, chatterSnapshot } from './session-domain-events.js';

/**
 * The current state of every session and chatter as the snapshots their events carry, page
 * by page in id order: read models rebuild from it (disaster recovery, data from before
 * they existed). A snapshot carries its version, so replaying one older than what a reader
 * holds changes nothing.
 */
@Injectable()
export class SnapshotsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async sessions(after: string | undefined, limit: number): Promise<SessionSnapshot[]> {
    const rows = await queryRows<{ snapshot: SessionSnapshot }>(
      this.dataSource,
      `SELECT ${SESSION_SNAPSHOT} AS snapshot FROM sessions.sessions s
        WHERE $1::uuid IS NULL OR s.id > $1::uuid ORDER BY s.id LIMIT $2`,
      [after ?? null, limit],
    );
    return rows.map((row) => row.snapshot);
  }

  async chatters(after: string | undefined, limit: number): Promise<ChatterSnapshot[]> {
    const rows = await queryRows<{ snapshot: ChatterSnapshot }>(
      this.dataSource,
      `SELECT ${chatterSnapshot('c')} AS snapshot
         FROM (SELECT ch.*, s.user_id AS owner_id
                 FROM sessions.chatters ch JOIN sessions.sessions s ON s.id = ch.session_id
                WHERE $1::uuid IS NULL OR ch.id > $1::uuid
                ORDER BY ch.id LIMIT $2) c
        ORDER BY c.id`,
      [after ?? null, limit],
    );
    return rows.map((row) => row.snapshot);
  }
}
