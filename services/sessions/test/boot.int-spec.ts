import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import {
  createTestDatabase,
  startPrivateNatsServer,
  startProgram,
  waitFor,
  type PrivateNatsServer,
  type RunningProgram,
  type TestDatabase,
} from '@greetboard/testing';

/**
 * The sessions program with DATABASE_MIGRATIONS=external (the chart's setting) on a fresh
 * database: it refuses to start, naming the migrations step, and creates nothing; once the
 * step ran it starts without migrating anything itself.
 */
describe('sessions service boot with external migrations', () => {
  let nats: PrivateNatsServer;
  let database: TestDatabase;
  let sessions: RunningProgram | undefined;

  const env = () => ({
    NATS_URL: nats.url,
    INSTALLATION_PREFIX: 'sessions_boot_test',
    DATABASE_URL: database.url,
    DATABASE_MIGRATIONS: 'external',
  });
  const tables = async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables WHERE table_schema = 'sessions'
          ORDER BY table_name`,
      );
      return rows.map((row) => row.table_name);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await sessions?.stop();
    await nats.dispose();
    await database.drop();
  });

  it('refuses a fresh database naming the step, and starts once migrated', async () => {
    const refused = startProgram('services/sessions/dist/main.js', env());
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(
      /Schema "sessions" is not migrated \(\d+ migration\(s\) pending, first \w+\) and DATABASE_MIGRATIONS=external/,
    );
    expect(refused.output()).toContain('node services/sessions/dist/cli/migrate.js');
    expect(await tables()).toEqual([]);

    const migrate = startProgram('services/sessions/dist/cli/migrate.js', {
      DATABASE_URL: database.url,
    });
    expect(await migrate.exited).toBe(0);
    const migrated = await tables();
    expect(migrated).toContain('migrations');

    sessions = startProgram('services/sessions/dist/main.js', env());
    const started = sessions;
    await waitFor(() => started.output().includes('sessions is ready'), {
      timeoutMs: 30_000,
      what: `the sessions service to start:\n${started.output()}`,
    });
    expect(await tables()).toEqual(migrated);
  }, 60_000);
});
