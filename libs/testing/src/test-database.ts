import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TEST_INFRASTRUCTURE } from './infrastructure.js';

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
      await withAdmin(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
      );
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
