import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { PGlite } from '@electric-sql/pglite';
import type { DataSource } from 'typeorm';
import { EmbeddedMaintenance } from './embedded-maintenance.js';
import { openEmbeddedPostgres } from './pglite-driver.js';
import { openServiceDataSource } from './service-data-source.js';

describe('embedded database maintenance', () => {
  let db: PGlite;
  let dataSource: DataSource;
  let maintenance: EmbeddedMaintenance;

  const statsOf = async (table: string) => {
    await db.query(`SELECT pg_stat_force_next_flush()`);
    return (
      await db.query<{ reltuples: number; dead: string; analyzed: boolean }>(
        `SELECT c.reltuples, s.n_dead_tup::text AS dead,
                s.last_analyze IS NOT NULL AS analyzed
           FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid
          WHERE s.schemaname = 'upkeep_test' AND s.relname = $1`,
        [table],
      )
    ).rows[0];
  };

  beforeAll(async () => {
    db = await openEmbeddedPostgres();
    dataSource = await openServiceDataSource(
      { kind: 'pglite', db },
      { schema: 'upkeep_test', entities: [], migrations: [] },
    );
    await dataSource.query(`CREATE TABLE upkeep_test.busy (id integer PRIMARY KEY)`);
    await dataSource.query(`CREATE TABLE upkeep_test.quiet (id integer PRIMARY KEY)`);
    await dataSource.query(`INSERT INTO upkeep_test.quiet VALUES (1), (2)`);
    maintenance = new EmbeddedMaintenance(db);
  });

  afterAll(async () => {
    await maintenance.stop();
    await dataSource.destroy();
    await db.close();
  });

  it('gathers statistics of a table that filled up, which nothing else does here', async () => {
    await dataSource.query(
      `INSERT INTO upkeep_test.busy SELECT g FROM generate_series(1, 5000) AS g`,
    );
    expect((await statsOf('busy'))?.analyzed).toBe(false);
    const pass = await maintenance.run();
    expect(pass.analyzed).toContain('upkeep_test.busy');
    expect(pass.analyzed).not.toContain('upkeep_test.quiet');
    expect(await statsOf('busy')).toMatchObject({ reltuples: 5000, analyzed: true });
  });

  it('vacuums a table whose rows were mostly deleted, and leaves tables alone after that', async () => {
    await dataSource.query(`DELETE FROM upkeep_test.busy WHERE id > 1000`);
    expect(Number((await statsOf('busy'))?.dead)).toBe(4000);
    const pass = await maintenance.run();
    expect(pass.vacuumed).toEqual(['upkeep_test.busy']);
    expect(await statsOf('busy')).toMatchObject({ reltuples: 1000, dead: '0' });
    expect(await maintenance.run()).toEqual({ vacuumed: [], analyzed: [] });
  });

  it("waits for a service's transaction instead of running inside it", async () => {
    // Every statement the database runs, and whether the service's transaction was open then.
    const statements: { sql: string; inTransaction: boolean }[] = [];
    let inTransaction = false;
    const { query, exec } = db;
    db.query = ((sql: string, ...rest: unknown[]) => {
      statements.push({ sql, inTransaction });
      return (query as (...args: unknown[]) => unknown).call(db, sql, ...rest);
    }) as typeof db.query;
    db.exec = ((sql: string, ...rest: unknown[]) => {
      statements.push({ sql, inTransaction });
      return (exec as (...args: unknown[]) => unknown).call(db, sql, ...rest);
    }) as typeof db.exec;
    try {
      let holding!: () => void;
      const inside = new Promise<void>((resolve) => (holding = resolve));
      let started!: () => void;
      const passStarted = new Promise<void>((resolve) => (started = resolve));
      const transaction = dataSource.transaction(async (manager) => {
        await manager.query(
          `INSERT INTO upkeep_test.busy SELECT g FROM generate_series(2001, 4000) AS g`,
        );
        inTransaction = true;
        holding();
        // Still open once the pass has started. A statement of the transaction's own after
        // that: the database runs statements in the order they were sent, so one the pass
        // sent inside the transaction would run before it.
        await passStarted;
        await manager.query(`SELECT 1`);
        inTransaction = false;
      });
      await inside;
      const passing = maintenance.run();
      started();
      await transaction;
      const pass = await passing;
      const ofThePass = statements.filter(({ sql }) => /pg_stat|ANALYZE/.test(sql));
      expect(ofThePass.length).toBeGreaterThan(0);
      expect(ofThePass.filter((statement) => statement.inTransaction)).toEqual([]);
      expect(pass.analyzed).toEqual(['upkeep_test.busy']);
      expect((await statsOf('busy'))?.reltuples).toBe(3000);
    } finally {
      db.query = query;
      db.exec = exec;
    }
  });
});
