import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { STATISTICS_REQUESTS, sendRequest, type SessionActor } from '@greetboard/contracts';
import {
  createTestDatabase,
  startPrivateNatsServer,
  startProgram,
  waitFor,
  type PrivateNatsServer,
  type RunningProgram,
  type TestDatabase,
} from '@greetboard/testing';
import { createBusClient, type BusClient } from '@greetboard/transport';

const INSTALLATION = 'stats_boot_test';
const STATS = 'services/stats/dist/main.js';
const MIGRATE = 'services/stats/dist/cli/migrate.js';

/**
 * How the stats program starts as it runs in production (its built program, a database and a
 * NATS server of the test's own): it waits for a NATS that is not up yet, and with
 * DATABASE_MIGRATIONS=external it never migrates its schema itself.
 */
describe('stats service boot', () => {
  let nats: PrivateNatsServer;
  let bus: BusClient;
  const programs: RunningProgram[] = [];
  const databases: TestDatabase[] = [];

  const start = (env: Record<string, string>) => {
    const program = startProgram(STATS, {
      NATS_URL: nats.url,
      INSTALLATION_PREFIX: INSTALLATION,
      LOG_LEVEL: 'log',
      ...env,
    });
    programs.push(program);
    return program;
  };
  const actor: SessionActor = {
    id: randomUUID(),
    username: 'stats_owner',
    isApproved: true,
    isAdmin: false,
  };
  const answers = () =>
    sendRequest(bus, STATISTICS_REQUESTS.aggregate, { actor, timeZone: 'UTC' }).then(
      () => true,
      () => false,
    );
  const freshDatabase = async () => {
    const database = await createTestDatabase();
    databases.push(database);
    return database;
  };
  const tablesIn = async (database: TestDatabase) => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'stats'`,
      );
      return rows[0]?.n ?? 0;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    bus = createBusClient({
      kind: 'nats',
      url: nats.url,
      prefix: INSTALLATION,
      requestTimeoutMs: 1_000,
    });
  });

  afterEach(async () => {
    await Promise.all(programs.splice(0).map((program) => program.stop()));
  });

  afterAll(async () => {
    await bus.close();
    await nats.dispose();
    for (const database of databases) await database.drop();
  });

  it('waits for NATS with a growing delay, then serves once NATS is up', async () => {
    await nats.stop();
    const database = await freshDatabase();
    const stats = start({ DATABASE_URL: database.url });
    await waitFor(() => /attempt 2; next in 2 s/.test(stats.output()), {
      timeoutMs: 10_000,
      what: `a second attempt to reach NATS:\n${stats.output()}`,
    });
    expect(stats.output()).toMatch(
      /NATS at 127\.0\.0\.1:\d+ unreachable \(.+\), attempt 1; next in 1 s/,
    );
    expect(stats.child.exitCode).toBeNull();

    await nats.start();
    await waitFor(answers, {
      timeoutMs: 30_000,
      what: `the stats service to answer:\n${stats.output()}`,
    });
    expect(stats.output()).toMatch(/NATS at 127\.0\.0\.1:\d+ answers \(attempt \d+\)/);
    expect(stats.output()).toContain('stats is ready');
  }, 60_000);

  it('with DATABASE_MIGRATIONS=external, refuses a fresh database naming the step, and starts once migrated', async () => {
    const database = await freshDatabase();
    const refused = start({ DATABASE_URL: database.url, DATABASE_MIGRATIONS: 'external' });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(
      /Schema "stats" is not migrated \(\d+ migration\(s\) pending, first \w+\) and DATABASE_MIGRATIONS=external/,
    );
    expect(refused.output()).toContain("the chart's migrations Job");
    expect(refused.output()).toContain('node services/stats/dist/cli/migrate.js');
    // Refused at the first attempt: no connection retries for a schema nobody migrates.
    expect(refused.output()).not.toMatch(/Unable to connect to the database\. Retrying/);
    expect(await tablesIn(database)).toBe(0);

    const migrate = startProgram(MIGRATE, { DATABASE_URL: database.url });
    expect(await migrate.exited).toBe(0);
    const migrated = await tablesIn(database);
    expect(migrated).toBeGreaterThan(0);

    const stats = start({ DATABASE_URL: database.url, DATABASE_MIGRATIONS: 'external' });
    await waitFor(answers, {
      timeoutMs: 30_000,
      what: `the stats service to answer:\n${stats.output()}`,
    });
    expect(await tablesIn(database)).toBe(migrated);
  }, 60_000);
});
