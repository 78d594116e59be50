import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quarter-hour roll-ups of the chatters table, kept by statement triggers in the same
 * transaction as every write to it, so the statistics read a user's few thousand slots instead
 * of their hundreds of thousands of chatters (ADR 0020). Every time zone's offset is a whole
 * number of quarter hours, so hours and days of any viewer's calendar are unions of slots.
 *
 * - `chatter_slots`: chatters by the slot they were first seen in and by time-to-greet bucket
 *   (`width_bucket` over the greeting-time bounds below; -1 when not greeted or not timed),
 *   with how many were greeted and their summed greeting time in microseconds.
 * - `greeted_slots`: greeted chatters by the slot they were greeted in.
 *
 * The bounds are GREETING_TIME_BUCKETS_SECONDS as of this migration (a unit test holds them
 * equal); changing those needs a new migration that recomputes the slots.
 */
export const CHATTER_SLOT_BOUNDS_SECONDS = [60, 300, 900, 1_800, 3_600] as const;

const SLOT = (column: string) =>
  `date_bin('15 minutes', ${column}, timestamptz '2000-01-01 00:00:00+00')`;

/** One row's contribution to `chatter_slots`, signed by `sign`, from relation `rows`. */
const chatterContribution = (rows: string, sign: string) => `
  SELECT session_id, owner_id, ${SLOT('first_seen_at')} AS slot,
         CASE WHEN is_greeted AND greeted_at IS NOT NULL THEN
           width_bucket(extract(epoch FROM greeted_at - first_seen_at)::float8,
                        '{${CHATTER_SLOT_BOUNDS_SECONDS.join(',')}}'::float8[])
         ELSE -1 END AS bucket,
         ${sign} AS chatters,
         CASE WHEN is_greeted THEN ${sign} ELSE 0 END AS greeted,
         CASE WHEN is_greeted AND greeted_at IS NOT NULL THEN
           ${sign} * (extract(epoch FROM greeted_at - first_seen_at) * 1000000)::bigint
         ELSE 0 END AS greet_micros
    FROM ${rows}`;

/** One row's contribution to `greeted_slots`. */
const greetedContribution = (rows: string, sign: string) => `
  SELECT session_id, owner_id, ${SLOT('greeted_at')} AS slot, ${sign} AS greeted
    FROM ${rows} WHERE is_greeted AND greeted_at IS NOT NULL`;

/** The two upserts that add signed contributions to the slots (zero sums write nothing). */
const applyDeltas = (parts: string[], greetedParts: string[]): [string, string] => [
  `INSERT INTO stats.chatter_slots AS s
    (session_id, slot, bucket, owner_id, chatters, greeted, greet_micros)
  SELECT session_id, slot, bucket, owner_id, sum(chatters), sum(greeted), sum(greet_micros)
    FROM (${parts.join(' UNION ALL ')}) d
   GROUP BY session_id, slot, bucket, owner_id
  HAVING sum(chatters) <> 0 OR sum(greeted) <> 0 OR sum(greet_micros) <> 0
  ON CONFLICT (session_id, slot, bucket) DO UPDATE SET
    chatters = s.chatters + EXCLUDED.chatters,
    greeted = s.greeted + EXCLUDED.greeted,
    greet_micros = s.greet_micros + EXCLUDED.greet_micros`,
  `INSERT INTO stats.greeted_slots AS g (session_id, slot, owner_id, greeted)
  SELECT session_id, slot, owner_id, sum(greeted)
    FROM (${greetedParts.join(' UNION ALL ')}) d
   GROUP BY session_id, slot, owner_id
  HAVING sum(greeted) <> 0
  ON CONFLICT (session_id, slot) DO UPDATE SET greeted = g.greeted + EXCLUDED.greeted`,
];

const inTrigger = (statements: [string, string]) => statements.map((s) => `${s};`).join('\n');

export class ChatterSlots1767600000000 implements MigrationInterface {
  name = 'ChatterSlots1767600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE stats.chatter_slots (
        session_id uuid NOT NULL,
        slot timestamptz NOT NULL,
        bucket smallint NOT NULL,
        owner_id uuid NOT NULL,
        chatters integer NOT NULL,
        greeted integer NOT NULL,
        greet_micros bigint NOT NULL,
        PRIMARY KEY (session_id, slot, bucket)
      )`);
    await queryRunner.query(
      `CREATE INDEX chatter_slots_owner_idx ON stats.chatter_slots (owner_id, slot)
         INCLUDE (bucket, chatters, greeted, greet_micros)`,
    );
    await queryRunner.query(`
      CREATE TABLE stats.greeted_slots (
        session_id uuid NOT NULL,
        slot timestamptz NOT NULL,
        owner_id uuid NOT NULL,
        greeted integer NOT NULL,
        PRIMARY KEY (session_id, slot)
      )`);
    await queryRunner.query(
      `CREATE INDEX greeted_slots_owner_idx ON stats.greeted_slots (owner_id, slot) INCLUDE (greeted)`,
    );
    await queryRunner.query(`
      CREATE FUNCTION stats.roll_up_chatters() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${inTrigger(applyDeltas([chatterContribution('new_rows', '1')], [greetedContribution('new_rows', '1')]))}
        ELSIF TG_OP = 'UPDATE' THEN
          ${inTrigger(
            applyDeltas(
              [chatterContribution('old_rows', '-1'), chatterContribution('new_rows', '1')],
              [greetedContribution('old_rows', '-1'), greetedContribution('new_rows', '1')],
            ),
          )}
        ELSE
          ${inTrigger(applyDeltas([chatterContribution('old_rows', '-1')], [greetedContribution('old_rows', '-1')]))}
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER chatters_roll_up_insert AFTER INSERT ON stats.chatters
        REFERENCING NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION stats.roll_up_chatters()`);
    await queryRunner.query(`
      CREATE TRIGGER chatters_roll_up_update AFTER UPDATE ON stats.chatters
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION stats.roll_up_chatters()`);
    await queryRunner.query(`
      CREATE TRIGGER chatters_roll_up_delete AFTER DELETE ON stats.chatters
        REFERENCING OLD TABLE AS old_rows
        FOR EACH STATEMENT EXECUTE FUNCTION stats.roll_up_chatters()`);
    // Chatters written before this migration.
    for (const statement of applyDeltas(
      [chatterContribution('stats.chatters', '1')],
      [greetedContribution('stats.chatters', '1')],
    )) {
      await queryRunner.query(statement);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const event of ['insert', 'update', 'delete']) {
      await queryRunner.query(`DROP TRIGGER chatters_roll_up_${event} ON stats.chatters`);
    }
    await queryRunner.query(`DROP FUNCTION stats.roll_up_chatters()`);
    await queryRunner.query(`DROP TABLE stats.greeted_slots`);
    await queryRunner.query(`DROP TABLE stats.chatter_slots`);
  }
}
