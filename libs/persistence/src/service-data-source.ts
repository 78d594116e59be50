import { DataSource, type DataSourceOptions, type MixedList, type EntitySchema } from 'typeorm';
import type { DatabaseRuntime } from './database-runtime.js';
import { pgliteDriver } from './pglite-driver.js';

/** What a service brings: its schema name, entities and migrations. Never `synchronize`. */
export interface ServiceDatabase {
  schema: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for entity classes
  entities: MixedList<Function | string | EntitySchema>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own type for migration classes
  migrations: MixedList<Function | string>;
  logging?: boolean;
}

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export function dataSourceOptions(
  runtime: DatabaseRuntime,
  service: ServiceDatabase,
): DataSourceOptions {
  if (!SCHEMA_NAME.test(service.schema)) {
    throw new Error(`Invalid schema name "${service.schema}"`);
  }
  const common = {
    type: 'postgres' as const,
    schema: service.schema,
    entities: service.entities,
    migrations: service.migrations,
    migrationsTableName: 'migrations',
    migrationsRun: false,
    synchronize: false,
    uuidExtension: 'pgcrypto' as const,
    logging: service.logging ?? false,
  };
  return runtime.kind === 'postgres'
    ? {
        ...common,
        url: runtime.url,
        // Raw SQL names its schema explicitly: the embedded database shares one session
        // between services, so a per-connection search_path would differ between runtimes.
        extra: { max: runtime.poolSize ?? 10 },
      }
    : { ...common, driver: pgliteDriver(runtime.db) };
}

/**
 * Opens a service's data source: creates its schema when missing and runs pending
 * migrations, serialised across replicas by an advisory lock so that several replicas
 * booting at once never race.
 */
export async function openServiceDataSource(
  runtime: DatabaseRuntime,
  service: ServiceDatabase,
): Promise<DataSource> {
  // (With DATABASE_MIGRATIONS=external only the check for pending migrations runs here.)
  const dataSource = new DataSource(dataSourceOptions(runtime, service));
  await dataSource.initialize();
  try {
    await migrate(dataSource, runtime, service.schema);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

async function migrate(dataSource: DataSource, runtime: DatabaseRuntime, schema: string) {
  if (runtime.kind === 'pglite') {
    // One process owns the embedded database; a lock would hold its only session.
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  if (runtime.migrations === 'external') {
    // Migrated once per release by a separate step; a replica only reads whether it happened,
    // and writes nothing (TypeORM's own check would create the migrations table).
    const pending = await pendingMigrations(dataSource, schema);
    if (pending.length > 0) throw new SchemaNotMigratedError(schema, pending);
    return;
  }
  const lockRunner = dataSource.createQueryRunner();
  try {
    await lockRunner.query(`SELECT pg_advisory_lock(hashtext($1))`, [`greetboard:${schema}`]);
    await lockRunner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await lockRunner
      .query(`SELECT pg_advisory_unlock(hashtext($1))`, [`greetboard:${schema}`])
      .finally(() => lockRunner.release());
  }
}

/** Readiness probe: the database answers a trivial query within the deadline. */
export async function pingDatabase(dataSource: DataSource, timeoutMs = 2_000): Promise<boolean> {
  if (!dataSource.isInitialized) return false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([dataSource.query('SELECT 1').then(() => true), deadline]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A service told the migrations run elsewhere (DATABASE_MIGRATIONS=external) found its schema
 * behind its code. The message names the step to run: the chart's migrations Job, which
 * `helm install`/`helm upgrade` run before the pods, or the service's migrate program.
 */
export class SchemaNotMigratedError extends Error {
  constructor(
    readonly schema: string,
    readonly pending: readonly string[],
  ) {
    super(
      `Schema "${schema}" is not migrated (${pending.length} migration(s) pending, first ${pending[0]}) ` +
        `and DATABASE_MIGRATIONS=external, so this service does not migrate it. Run the migrations ` +
        `first: on Kubernetes the chart's migrations Job (<release>-greetboard-migrations, run by ` +
        `helm install and helm upgrade); elsewhere \`node services/${schema}/dist/cli/migrate.js\` ` +
        `with the same DATABASE_URL. Or set DATABASE_MIGRATIONS=boot.`,
    );
    this.name = 'SchemaNotMigratedError';
  }
}

/** The service's migrations not recorded in its schema's migrations table, read-only. */
async function pendingMigrations(dataSource: DataSource, schema: string): Promise<string[]> {
  const known = dataSource.migrations.map(
    (migration) => migration.name ?? migration.constructor.name,
  );
  const [table] = await dataSource.query<{ exists: boolean }[]>(
    `SELECT to_regclass($1) IS NOT NULL AS exists`,
    [`"${schema}"."migrations"`],
  );
  if (!table?.exists) return known;
  const applied = await dataSource.query<{ name: string }[]>(
    `SELECT name FROM "${schema}"."migrations"`,
  );
  const done = new Set(applied.map((row) => row.name));
  return known.filter((name) => !done.has(name));
}
