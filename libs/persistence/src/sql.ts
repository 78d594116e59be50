import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs raw SQL and returns its rows. TypeORM answers UPDATE and DELETE with `[rows, count]`
 * and everything else with `rows`, and the embedded database names the command after the
 * statement's first keyword (so `WITH … DELETE` differs between runtimes); this reads both.
 */
export async function queryRows<T>(
  manager: Pick<EntityManager, 'query'>,
  sql: string,
  parameters: unknown[] = [],
): Promise<T[]> {
  const result = (await manager.query(sql, parameters)) as unknown;
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[0] as T[];
  }
  return result as T[];
}

/** The statement and parameters of a named prepared statement, as node-postgres takes them. */
interface PreparedQuery {
  name: string;
  text: string;
  values: unknown[];
}

interface PreparingClient {
  query(query: PreparedQuery): Promise<{ rows: unknown[] }>;
}

/**
 * Runs `text` as the prepared statement `name` and returns its rows. PostgreSQL parses and
 * plans an unnamed statement on every call; a named one is parsed once per connection, and
 * after a few calls runs on a cached plan. That is for hot statements whose planning costs
 * more than their work on small inputs (ADR 0059). `name` must always come with the same
 * `text`, and the statement's result columns must not depend on a table's columns (`*`): a
 * cached plan whose result type changed with a migration fails rather than replans.
 */
export async function preparedRows<T>(
  dataSource: DataSource,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const runner = dataSource.createQueryRunner();
  try {
    const client = (await runner.connect()) as PreparingClient;
    return (await client.query({ name, text, values })).rows as T[];
  } finally {
    await runner.release();
  }
}
