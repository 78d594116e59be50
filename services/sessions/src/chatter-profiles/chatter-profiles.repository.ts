import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { queryRows } from '@greetboard/persistence';
import { CHATTER_JSON_TEXT } from '../chatters/chatter-rows.js';
import type { LiveChatterTexts } from '../live/live-events.js';

export interface FetchedProfile {
  twitchId: string;
  profileImage: string | null;
  /** Helix `created_at` (ADR 0055). */
  createdAt?: string | null;
}

/**
 * The cache of chatters' Twitch profile images (`sessions.chatter_profiles`) and the chatter
 * rows that show them. The chat pipeline only reads the cache (a join in its upsert); this
 * repository, used by the profile job alone, fills it and carries images into chatters.
 */
@Injectable()
export class ChatterProfilesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Twitch ids to ask Helix about, at most `limit`: chatters of active sessions without an
   * image that the cache does not know, then cache entries fetched before `staleBefore` of chatters seen since (the
   * daily refresh; a chatter gone for longer is refreshed when seen again).
   */
  async idsToFetch(staleBefore: Date, limit: number): Promise<string[]> {
    const rows = await queryRows<{ twitch_id: string }>(
      this.dataSource,
      `(SELECT DISTINCT c.twitch_id
          FROM sessions.sessions s JOIN sessions.chatters c ON c.session_id = s.id
         WHERE s.is_active AND c.profile_image IS NULL
           AND NOT EXISTS (SELECT 1 FROM sessions.chatter_profiles p WHERE p.twitch_id = c.twitch_id)
         LIMIT $2)
       UNION
       (SELECT p.twitch_id FROM sessions.chatter_profiles p
         WHERE p.fetched_at < $1
           AND EXISTS (SELECT 1 FROM sessions.chatters c
                        WHERE c.twitch_id = p.twitch_id AND c.last_seen_at >= $1)
         ORDER BY p.fetched_at
         LIMIT $2)
       LIMIT $2`,
      [staleBefore, limit],
    );
    return rows.map((row) => row.twitch_id);
  }

  /**
   * Stores what Helix answered for `askedIds` (an id Helix left out has no image: stored as
   * null, so it is not asked again before the refresh) and gives every chatter of those ids
   * its image. Answers the changed chatters per session, for the live channel, each as the
   * JSON text PostgreSQL wrote (ADR 0063): a round holds up to a thousand of them until its
   * last call is stored, and as text they take less heap than as objects.
   */
  async store(
    askedIds: string[],
    profiles: FetchedProfile[],
    fetchedAt: Date,
  ): Promise<LiveChatterTexts[]> {
    const images = new Map(profiles.map((profile) => [profile.twitchId, profile.profileImage]));
    const createdAt = new Map(profiles.map((profile) => [profile.twitchId, profile.createdAt]));
    const rows = await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO sessions.chatter_profiles
           (twitch_id, profile_image, fetched_at, account_created_at)
         SELECT t.twitch_id, t.profile_image, $3::timestamptz, t.account_created_at
           FROM unnest($1::text[], $2::text[], $4::timestamptz[])
             AS t(twitch_id, profile_image, account_created_at)
         ON CONFLICT (twitch_id) DO UPDATE SET
           profile_image = EXCLUDED.profile_image, fetched_at = EXCLUDED.fetched_at,
           account_created_at = EXCLUDED.account_created_at`,
        [
          askedIds,
          askedIds.map((id) => images.get(id) ?? null),
          fetchedAt,
          askedIds.map((id) => validTime(createdAt.get(id))),
        ],
      );
      // Session rows first, in id order: the order a session delete and the chat pipeline
      // lock in, so no deadlock; their new list version orders these changes for the screens.
      const sessions = await queryRows<{ id: string }>(
        manager,
        `SELECT s.id FROM sessions.sessions s
          WHERE s.id IN (SELECT c.session_id FROM sessions.chatters c
                           JOIN sessions.chatter_profiles p ON p.twitch_id = c.twitch_id
                          WHERE c.twitch_id = ANY($1::text[])
                            AND c.profile_image IS DISTINCT FROM p.profile_image)
          ORDER BY s.id FOR UPDATE`,
        [askedIds],
      );
      if (sessions.length === 0) return [];
      return queryRows<{
        chatter_json: string;
        id: string;
        session_id: string;
        owner_id: string;
        editor_ids: string[];
        list_version: string;
      }>(
        manager,
        `WITH bumped AS (
           UPDATE sessions.sessions s SET list_version = s.list_version + 1
            WHERE s.id = ANY($2::uuid[])
           RETURNING s.id, s.list_version, s.user_id,
             ARRAY(SELECT e.editor_id::text FROM sessions.global_editors e
                    WHERE e.owner_id = s.user_id) AS editor_ids),
         updated AS (
           UPDATE sessions.chatters c SET profile_image = p.profile_image, version = b.list_version
             FROM sessions.chatter_profiles p, bumped b
            WHERE p.twitch_id = c.twitch_id AND b.id = c.session_id
              AND c.twitch_id = ANY($1::text[])
              AND c.profile_image IS DISTINCT FROM p.profile_image
           RETURNING c.*)
         SELECT ${CHATTER_JSON_TEXT} AS chatter_json, c.id, c.session_id,
                b.user_id AS owner_id, b.editor_ids,
                b.list_version::text AS list_version
           FROM updated c JOIN bumped b ON b.id = c.session_id
           LEFT JOIN sessions.users g ON g.id = c.greeted_by
          ORDER BY c.first_seen_at, c.id`,
        [askedIds, sessions.map((session) => session.id)],
      );
    });
    const bySession = new Map<string, LiveChatterTexts>();
    for (const row of rows) {
      let event = bySession.get(row.session_id);
      if (!event) {
        event = {
          sessionId: row.session_id,
          userIds: [row.owner_id, ...row.editor_ids],
          created: [],
          updated: [],
          // The version this transaction committed: gateways apply the images in order (ADR 0035).
          listVersion: row.list_version,
        };
        bySession.set(row.session_id, event);
      }
      event.updated.push({ id: row.id, json: row.chatter_json });
    }
    return [...bySession.values()];
  }
}

/** Helix's time as stored, or null when absent or not a time (never fails the store). */
function validTime(text: string | null | undefined): string | null {
  return text && !Number.isNaN(Date.parse(text)) ? text : null;
}
