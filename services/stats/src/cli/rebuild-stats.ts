import { loadConfigOrExit } from '@greetboard/config';
import {
  closeDatabaseRuntime,
  openDatabaseRuntime,
  openServiceDataSource,
} from '@greetboard/persistence';
import { serviceEnv } from '@greetboard/service-kit';
import { createBusClient } from '@greetboard/transport';
import { STATS_DATABASE } from '../database/stats-database.js';
import { ReadModelRepository } from '../read-model/read-model.repository.js';
import { StatsRebuild } from '../read-model/rebuild.js';

/**
 * `npm run rebuild-stats`: recomputes the statistics read model from the sessions service
 * (disaster recovery, sessions from before the stats service). Uses the stats service's
 * configuration; the sessions service must be running on the same NATS. The stats service
 * may keep running: events that arrive meanwhile apply after the rebuild, by version.
 */
async function rebuildStats(): Promise<number> {
  const env = loadConfigOrExit('rebuild-stats', serviceEnv);
  if (!env.NATS_URL) {
    process.stderr.write('rebuild-stats needs NATS_URL: it asks the sessions service over NATS.\n');
    return 64; // EX_USAGE
  }
  const database = await openDatabaseRuntime(env);
  const bus = createBusClient({ kind: 'nats', url: env.NATS_URL });
  try {
    const dataSource = await openServiceDataSource(database, STATS_DATABASE);
    try {
      const report = await new StatsRebuild(bus, new ReadModelRepository(dataSource)).run();
      process.stdout.write(
        `Statistics rebuilt from ${report.sessions} sessions and ${report.chatters} chatters.\n`,
      );
      return 0;
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await bus.close();
    await closeDatabaseRuntime(database);
  }
}

rebuildStats().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `rebuild-stats failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  },
);
