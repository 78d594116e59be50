import { Logger } from '@nestjs/common';
import type { PGlite } from '@electric-sql/pglite';
import { sessionTurns } from './pglite-driver.js';

/**
 * When a table is due, as PostgreSQL's autovacuum decides it with its default settings:
 * statistics once 50 rows plus 10 % of the table changed since the last ANALYZE, a vacuum once
 * 50 rows plus 20 % of it are dead.
 */
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;

/** How often the embedded database's tables are looked at. */
export const EMBEDDED_MAINTENANCE_INTERVAL_MS = 30_000;

interface TableActivity {
  schema: string;
  table: string;
  live: string;
  dead: string;
  modified: string;
}

/** What one pass did, table by table (`schema.table`). */
export interface MaintenancePass {
  vacuumed: string[];
  analyzed: string[];
}

/**
 * Autovacuum for the embedded database (ADR 0036). PGlite runs PostgreSQL in one process
 * without its background workers, so nothing ever gathers planner statistics or clears dead
 * rows: tables the runtime fills and empties all day (the outboxes, the seen-line ids, the
 * chatters) are planned as if they were empty and keep growing. Every 30 s this looks at
 * `pg_stat_user_tables` and runs `VACUUM (ANALYZE)` or `ANALYZE` on the tables past
 * autovacuum's default thresholds, one table per turn at the database's one session, so it
 * never runs inside a service's transaction and chat batches get the session between tables.
 */
export class EmbeddedMaintenance {
  private readonly logger = new Logger('embedded-maintenance');
  private readonly turn: () => Promise<() => void>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<MaintenancePass> | undefined;
  private stopped = false;

  constructor(
    private readonly db: PGlite,
    private readonly intervalMs = EMBEDDED_MAINTENANCE_INTERVAL_MS,
  ) {
    this.turn = sessionTurns(db);
  }

  start(): void {
    this.timer = setInterval(() => {
      this.run().catch((error: unknown) => {
        this.logger.warn(`Embedded database maintenance failed: ${String(error)}`);
      });
    }, this.intervalMs);
    this.timer.unref();
  }

  /** No new pass; the one under way finishes (it holds the session while it runs a command). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass, never two at once. */
  run(): Promise<MaintenancePass> {
    this.running ??= this.pass().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async pass(): Promise<MaintenancePass> {
    const done: MaintenancePass = { vacuumed: [], analyzed: [] };
    const tables = await this.withSession(async () => {
      // The session reports its row counts when idle, at most once a second: report now.
      await this.db.query(`SELECT pg_stat_force_next_flush()`);
      return this.db.query<TableActivity>(
        `SELECT schemaname AS schema, relname AS "table", n_live_tup::text AS live,
                n_dead_tup::text AS dead, n_mod_since_analyze::text AS modified
           FROM pg_stat_user_tables`,
      );
    });
    for (const row of tables.rows) {
      if (this.stopped) break;
      const live = Number(row.live);
      const vacuum = Number(row.dead) > VACUUM_BASE + VACUUM_SCALE * live;
      const analyze = Number(row.modified) > ANALYZE_BASE + ANALYZE_SCALE * live;
      if (!vacuum && !analyze) continue;
      const name = `${quoted(row.schema)}.${quoted(row.table)}`;
      const started = performance.now();
      await this.withSession(() =>
        this.db.exec(`${vacuum ? 'VACUUM (ANALYZE)' : 'ANALYZE'} ${name}`),
      );
      (vacuum ? done.vacuumed : done.analyzed).push(`${row.schema}.${row.table}`);
      this.logger.debug(
        `${vacuum ? 'Vacuumed and analyzed' : 'Analyzed'} ${name} in ` +
          `${Math.round(performance.now() - started)} ms`,
      );
    }
    return done;
  }

  private async withSession<T>(work: () => Promise<T>): Promise<T> {
    const release = await this.turn();
    try {
      return await work();
    } finally {
      release();
    }
  }
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
