import type { LogLevel } from '@greetboard/config';
import {
  databaseOf,
  startServiceApp,
  streamsOf,
  type ServiceRuntime,
} from '@greetboard/service-kit';
import { StatsModule } from './stats.module.js';

/** The stats service's composition root, used by its main.ts and the standalone runtime. */
export const statsRuntime: ServiceRuntime<{ LOG_LEVEL: LogLevel }> = {
  service: 'stats',
  needs: { database: true, streams: true },
  start: (config, infrastructure) =>
    startServiceApp(
      'stats',
      StatsModule.register({
        transport: infrastructure.transport,
        database: databaseOf(infrastructure),
        streams: streamsOf(infrastructure),
      }),
      infrastructure.transport,
      config.LOG_LEVEL,
    ),
};
