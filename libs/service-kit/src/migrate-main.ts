import { baseEnv, databaseEnv, loadConfigOrExit } from '@greetboard/config';
import {
  closeDatabaseRuntime,
  openDatabaseRuntime,
  openServiceDataSource,
  type ServiceDatabase,
} from '@greetboard/persistence';
import { serviceLogger } from './logger.js';

/**
 * The whole `cli/migrate.ts` of a service with a database: migrates its schema on
 * DATABASE_URL and exits (the Helm chart's pre-install/pre-upgrade Job runs one per service).
 */
export function runMigrationsMain(service: string, database: ServiceDatabase): void {
  const name = `${service}-migrations`;
  const config = loadConfigOrExit(name, baseEnv.extend(databaseEnv.shape));
  const logger = serviceLogger(name, config.LOG_LEVEL);
  if (!config.DATABASE_URL) {
    process.stderr.write(`Invalid configuration for ${name}:\n  DATABASE_URL: required\n`);
    process.exit(78); // EX_CONFIG
  }
  const migrate = async () => {
    // `boot` whatever the environment says: running the migrations is this program's job.
    const runtime = await openDatabaseRuntime({ ...config, DATABASE_MIGRATIONS: 'boot' });
    try {
      const dataSource = await openServiceDataSource(runtime, database);
      await dataSource.destroy();
    } finally {
      await closeDatabaseRuntime(runtime);
    }
  };
  migrate().then(
    () => logger.log(`Schema "${database.schema}" is up to date`),
    (error: unknown) => {
      logger.error(`Migrations failed: ${error instanceof Error ? error.stack : String(error)}`);
      process.exitCode = 1;
    },
  );
}
