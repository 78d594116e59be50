import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TEST_INFRASTRUCTURE } from './infrastructure.js';
import { waitFor } from './wait-for.js';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * Creates a fresh database on the test PostgreSQL server so that concurrent runs and
 * test files never see each other's rows (on the shared server unless `adminUrl` names another,
 * such as a startPrivatePostgresServer). Drop it in `afterAll`.
 */
export async function createTestDatabase(
  prefix = 'greetboard_test',
  adminUrl: string = TEST_INFRASTRUCTURE.postgres,
): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      await withAdmin(adminUrl, async (client) => {
        // A pg pool's end() resolves before its connections have said goodbye; cutting one
        // then (FORCE) raises an error on a client nobody listens to any more, which fails
        // whatever test file runs next in that process. Wait for them, force only leftovers.
        await waitFor(
          async () =>
            (
              await client.query<{ n: number }>(
                'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
                [name],
              )
            ).rows[0]?.n === 0,
          { timeoutMs: 5_000, intervalMs: 20, what: `connections to ${name} to close` },
        ).catch(() => undefined);
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      });
    },
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
