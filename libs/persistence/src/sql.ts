import type { EntityManager } from 'typeorm';

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
