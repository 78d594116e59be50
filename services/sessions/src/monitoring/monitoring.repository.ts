import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { MonitoredChannel } from '@greetboard/contracts';
import { queryRows } from '@greetboard/persistence';

/** Rows deleted per statement, so a large backlog never holds long locks. */
const PRUNE_BATCH = 10_000;

/** The SQL of monitoring: which channels to read, and the ids of chat lines already counted. */
@Injectable()
export class MonitoringRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Every channel with a running session, with those sessions' ids: owners with an active
   * session, by login. A session whose owner is not in the users projection yet has no channel.
   */
  monitoredChannels(): Promise<MonitoredChannel[]> {
    return queryRows<MonitoredChannel>(
      this.dataSource,
      `SELECT u.username AS channel, u.twitch_id AS "channelId",
              array_agg(s.id::text ORDER BY s.id) AS "sessionIds"
         FROM sessions.sessions s JOIN sessions.users u ON u.id = s.user_id
        WHERE s.is_active
        GROUP BY u.username, u.twitch_id
        ORDER BY 1`,
      [],
    );
  }

  /** Deletes one batch of chat line ids recorded before `cutoff`; answers how many. */
  async pruneChatLinesSeen(cutoff: Date): Promise<{ deleted: number; more: boolean }> {
    const deleted = await queryRows<{ session_id: string }>(
      this.dataSource,
      `DELETE FROM sessions.chat_lines_seen WHERE ctid IN (
         SELECT ctid FROM sessions.chat_lines_seen WHERE seen_at < $1 LIMIT ${PRUNE_BATCH})
       RETURNING session_id`,
      [cutoff],
    );
    return { deleted: deleted.length, more: deleted.length >= PRUNE_BATCH };
  }
}
