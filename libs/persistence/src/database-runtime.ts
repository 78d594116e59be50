import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { EmbeddedMaintenance } from './embedded-maintenance.js';
import { openEmbeddedPostgres } from './pglite-driver.js';

/** Where a service's data lives: a PostgreSQL server, or the process's embedded PGlite. */
export type DatabaseRuntime =
  | { kind: 'postgres'; url: string; poolSize?: number; migrations?: 'boot' | 'external' }
  | { kind: 'pglite'; db: PGlite; maintenance?: EmbeddedMaintenance };

/**
 * Builds the runtime from configuration: DATABASE_URL selects PostgreSQL; otherwise one
 * PGlite database with its files under `<dataDir>/pglite` (one per process, shared by the
 * services it hosts, each in its own schema).
 */
export async function openDatabaseRuntime(config: {
  DATABASE_URL?: string;
  DATA_DIR: string;
  DATABASE_MIGRATIONS?: 'boot' | 'external';
}): Promise<DatabaseRuntime> {
  if (config.DATABASE_URL) {
    return { kind: 'postgres', url: config.DATABASE_URL, migrations: config.DATABASE_MIGRATIONS };
  }
  const dataDir = path.resolve(config.DATA_DIR, 'pglite');
  await mkdir(dataDir, { recursive: true });
  const db = await openEmbeddedPostgres(dataDir);
  // Stands in for autovacuum, which the embedded database does not run (ADR 0036).
  const maintenance = new EmbeddedMaintenance(db);
  maintenance.start();
  return { kind: 'pglite', db, maintenance };
}

/** Closes what the runtime itself opened (the embedded database flushes to disk here). */
export async function closeDatabaseRuntime(runtime: DatabaseRuntime): Promise<void> {
  if (runtime.kind !== 'pglite') return;
  await runtime.maintenance?.stop();
  if (!runtime.db.closed) await runtime.db.close();
}
