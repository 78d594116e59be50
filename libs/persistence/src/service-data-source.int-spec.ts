import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@greetboard/testing';
import {
  Column,
  Entity,
  PrimaryGeneratedColumn,
  type DataSource,
  type MigrationInterface,
  type QueryRunner,
} from 'typeorm';
import {
  closeDatabaseRuntime,
  openDatabaseRuntime,
  type DatabaseRuntime,
} from './database-runtime.js';
import { openEmbeddedPostgres } from './pglite-driver.js';
import { preparedRows } from './sql.js';
import {
  openServiceDataSource,
  pingDatabase,
  SchemaNotMigratedError,
  type ServiceDatabase,
} from './service-data-source.js';

@Entity({ name: 'notes' })
class Note {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text', unique: true })
  title: string;

  @Column({ type: 'integer', default: 1 })
  hits: number;
}

class CreateNotes1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE notes_test.notes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL UNIQUE,
        hits integer NOT NULL DEFAULT 1
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE notes_test.notes`);
  }
}

const notes: ServiceDatabase = {
  schema: 'notes_test',
  entities: [Note],
  migrations: [CreateNotes1700000000000],
};

type RuntimeCase = {
  name: string;
  open: () => Promise<DatabaseRuntime>;
  close: () => Promise<void>;
};

let testDb: TestDatabase | undefined;
const cases: RuntimeCase[] = [
  {
    name: 'PostgreSQL',
    open: async () => {
      testDb = await createTestDatabase();
      return { kind: 'postgres', url: testDb.url };
    },
    close: async () => testDb?.drop(),
  },
  {
    name: 'PGlite',
    open: async () => ({ kind: 'pglite', db: await openEmbeddedPostgres() }),
    close: async () => {},
  },
];

describe.each(cases)('service data source on $name', ({ open, close }) => {
  let runtime: DatabaseRuntime;

  beforeAll(async () => {
    runtime = await open();
  });

  afterAll(async () => {
    await closeDatabaseRuntime(runtime);
    await close();
  });

  it('creates the schema, runs migrations once and answers a ping', async () => {
    const first = await openServiceDataSource(runtime, notes);
    await first.destroy();
    const second = await openServiceDataSource(runtime, notes);
    const applied = await second.query<{ name: string }[]>(
      `SELECT name FROM notes_test.migrations`,
    );
    expect(applied).toEqual([{ name: 'CreateNotes1700000000000' }]);
    expect(await pingDatabase(second)).toBe(true);
    await second.destroy();
    expect(await pingDatabase(second)).toBe(false);
  });

  it('runs set-based upserts with RETURNING', async () => {
    const dataSource = await openServiceDataSource(runtime, notes);
    try {
      const upsert = (titles: string[]) =>
        dataSource.query<{ title: string; hits: number; inserted: boolean }[]>(
          `INSERT INTO notes_test.notes (title)
           SELECT unnest($1::text[])
           ON CONFLICT (title) DO UPDATE SET hits = notes.hits + 1
           RETURNING title, hits, (xmax = 0) AS inserted`,
          [titles],
        );
      await upsert(['a', 'b']);
      const rows = await upsert(['b', 'c']);
      expect(rows.map((r) => [r.title, r.hits, r.inserted]).sort()).toEqual([
        ['b', 2, false],
        ['c', 1, true],
      ]);
      expect(await dataSource.getRepository(Note).count()).toBe(3);
    } finally {
      await dataSource.destroy();
    }
  });

  it('runs a prepared statement on a plan it keeps, with the rows of each call', async () => {
    const dataSource = await openServiceDataSource(runtime, notes);
    try {
      const byTitle = (titles: string[]) =>
        preparedRows<{ title: string; hits: number }>(
          dataSource,
          'notes_by_title',
          `SELECT title, hits FROM notes_test.notes WHERE title = ANY($1::text[]) ORDER BY title`,
          [titles],
        );
      await dataSource.query(
        `INSERT INTO notes_test.notes (title) VALUES ('prepared-a'), ('prepared-b')
         ON CONFLICT DO NOTHING`,
      );
      for (let call = 0; call < 8; call++) {
        expect(await byTitle(['prepared-a', 'prepared-b'])).toEqual([
          { title: 'prepared-a', hits: 1 },
          { title: 'prepared-b', hits: 1 },
        ]);
      }
      expect(await byTitle(['prepared-b', 'none'])).toEqual([{ title: 'prepared-b', hits: 1 }]);
      if (runtime.kind === 'postgres') {
        // Parsed once per connection and kept under its name; after five custom plans the
        // server runs it on a generic plan instead of planning every call. Calls one after
        // another reuse the pool's most recently released connection.
        const ownPlans = () =>
          preparedRows<{ generic_plans: string; custom_plans: string }>(
            dataSource,
            'notes_own_plans',
            `SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1`,
            ['notes_own_plans'],
          );
        let plans = await ownPlans();
        for (let call = 1; call < 8; call++) plans = await ownPlans();
        expect(plans).toEqual([{ generic_plans: '3', custom_plans: '5' }]);
      }
      await expect(
        preparedRows(dataSource, 'notes_broken', `SELECT nothing FROM notes_test.notes`, []),
      ).rejects.toThrow(/nothing/);
    } finally {
      await dataSource.destroy();
    }
  });

  /**
   * A transaction that fails while another commits: the rollback undoes only its own row, and
   * the commit keeps its own (rows tagged per test, so one test's rows never satisfy another).
   */
  const expectRollbackApart = async (
    tag: string,
    failingSource: DataSource,
    committingSource: DataSource,
  ) => {
    let wrote!: () => void;
    const committingWrote = new Promise<void>((resolve) => (wrote = resolve));
    const failing = failingSource.transaction(async (manager) => {
      await manager.insert(Note, { title: `${tag}-rolled-back` });
      // PostgreSQL: the other transaction writes while this one is open. The embedded database
      // has one session, which the other waits for; a statement the other sent meanwhile
      // would run before this transaction's next one (statements run in the order sent).
      if (runtime.kind === 'postgres') await committingWrote;
      else await manager.query(`SELECT 1`);
      throw new Error('abort');
    });
    const succeeding = committingSource.transaction(async (manager) => {
      await manager.insert(Note, { title: `${tag}-committed` });
      wrote();
    });
    await expect(failing).rejects.toThrow('abort');
    await succeeding;
    const titles = (await failingSource.getRepository(Note).find()).map((n) => n.title);
    expect(titles).toContain(`${tag}-committed`);
    expect(titles).not.toContain(`${tag}-rolled-back`);
  };

  it('keeps concurrent transactions apart: a rollback undoes only its own writes', async () => {
    const dataSource = await openServiceDataSource(runtime, notes);
    try {
      await expectRollbackApart('one-source', dataSource, dataSource);
    } finally {
      await dataSource.destroy();
    }
  });

  it('keeps transactions of two services on one database apart', async () => {
    // In the standalone runtime every service has its own data source on the one embedded
    // database: one service's rollback must not undo, or its commit seal, the other's writes.
    const [first, second] = await Promise.all([
      openServiceDataSource(runtime, notes),
      openServiceDataSource(runtime, notes),
    ]);
    try {
      await expectRollbackApart('two-sources', first, second);
    } finally {
      await Promise.all([first.destroy(), second.destroy()]);
    }
  });

  it('keeps services in their own schemas', async () => {
    const other: ServiceDatabase = { schema: 'other_test', entities: [], migrations: [] };
    const dataSource = await openServiceDataSource(runtime, other);
    try {
      const tables = await dataSource.query<{ table_schema: string }[]>(
        `SELECT table_schema FROM information_schema.tables WHERE table_name = 'notes'`,
      );
      expect(tables).toEqual([{ table_schema: 'notes_test' }]);
      const schemas = await dataSource.query<{ schema_name: string }[]>(
        `SELECT schema_name FROM information_schema.schemata WHERE schema_name = 'other_test'`,
      );
      expect(schemas).toHaveLength(1);
    } finally {
      await dataSource.destroy();
    }
  });
});

describe('embedded database files', () => {
  it('keeps committed rows across a close and reopen', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'greetboard-pglite-'));
    try {
      const first = await openDatabaseRuntime({ DATA_DIR: dir });
      const ds = await openServiceDataSource(first, notes);
      await ds.getRepository(Note).insert({ title: 'kept' });
      await ds.destroy();
      await closeDatabaseRuntime(first);

      const second = await openDatabaseRuntime({ DATA_DIR: dir });
      const reopened = await openServiceDataSource(second, notes);
      expect((await reopened.getRepository(Note).find()).map((n) => n.title)).toEqual(['kept']);
      await reopened.destroy();
      await closeDatabaseRuntime(second);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // Two first opens of an embedded database (initdb in WebAssembly) on a loaded machine.
  }, 120_000);
});

describe('DATABASE_MIGRATIONS=external', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  const schemaExists = async (dataSource: DataSource) =>
    (
      await dataSource.query<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM information_schema.schemata WHERE schema_name = 'notes_test'`,
      )
    )[0]?.n === 1;

  it('refuses an empty database naming the migrations step, writes nothing, then opens once migrated', async () => {
    const external = await openDatabaseRuntime({
      DATABASE_URL: database.url,
      DATA_DIR: '.',
      DATABASE_MIGRATIONS: 'external',
    });
    const refused = openServiceDataSource(external, notes);
    await expect(refused).rejects.toThrow(SchemaNotMigratedError);
    await expect(refused).rejects.toThrow(
      /Schema "notes_test" is not migrated \(1 migration\(s\) pending, first CreateNotes1700000000000\).*migrations Job.*node services\/notes_test\/dist\/cli\/migrate\.js/,
    );

    const boot = await openDatabaseRuntime({ DATABASE_URL: database.url, DATA_DIR: '.' });
    const migrated = await openServiceDataSource(boot, notes);
    try {
      await migrated.query(`DROP SCHEMA notes_test CASCADE`);
      // The refused start left no schema and no migrations table behind.
      await expect(openServiceDataSource(external, notes)).rejects.toThrow(SchemaNotMigratedError);
      expect(await schemaExists(migrated)).toBe(false);
    } finally {
      await migrated.destroy();
    }

    await (await openServiceDataSource(boot, notes)).destroy();
    const opened = await openServiceDataSource(external, notes);
    try {
      await opened.query(`INSERT INTO notes_test.notes (title) VALUES ('after migrating')`);
      expect(await opened.getRepository(Note).count()).toBe(1);
    } finally {
      await opened.destroy();
    }
  });

  it('refuses a schema one migration behind the code, and does not run it', async () => {
    const boot = await openDatabaseRuntime({ DATABASE_URL: database.url, DATA_DIR: '.' });
    await (await openServiceDataSource(boot, notes)).destroy();
    class AddNoteAuthor1700000000001 implements MigrationInterface {
      async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE notes_test.notes ADD COLUMN author text`);
      }
      async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE notes_test.notes DROP COLUMN author`);
      }
    }
    const newer: ServiceDatabase = {
      ...notes,
      migrations: [CreateNotes1700000000000, AddNoteAuthor1700000000001],
    };
    const external = await openDatabaseRuntime({
      DATABASE_URL: database.url,
      DATA_DIR: '.',
      DATABASE_MIGRATIONS: 'external',
    });
    await expect(openServiceDataSource(external, newer)).rejects.toThrow(
      /1 migration\(s\) pending, first AddNoteAuthor1700000000001/,
    );
    const check = await openServiceDataSource(external, notes);
    try {
      const columns = await check.query<{ column_name: string }[]>(
        `SELECT column_name FROM information_schema.columns
          WHERE table_schema = 'notes_test' AND table_name = 'notes' AND column_name = 'author'`,
      );
      expect(columns).toEqual([]);
    } finally {
      await check.destroy();
    }
  });
});
