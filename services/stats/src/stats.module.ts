import { Module, type DynamicModule } from '@nestjs/common';
import { HEALTH_CHECKS } from '@greetboard/contracts';
import { ServiceDatabaseModule, type DatabaseRuntime } from '@greetboard/persistence';
import { replicaStatusController, ServiceHealthModule } from '@greetboard/service-kit';
import { BusClientModule, type DurableStreams, type TransportRuntime } from '@greetboard/transport';
import { STATS_DATABASE } from './database/stats-database.js';
import { ReadModelRepository } from './read-model/read-model.repository.js';
import { StatsRebuild } from './read-model/rebuild.js';
import { SessionEventsConsumer } from './read-model/session-events.consumer.js';
import { StatisticsHandler } from './statistics/statistics.handler.js';
import { StatisticsRepository } from './statistics/statistics.repository.js';
import { StatisticsService } from './statistics/statistics.service.js';
import {
  DEFAULT_STATS_STREAM_SETTINGS,
  STATS_STREAMS,
  STATS_STREAM_SETTINGS,
  type StatsStreamSettings,
} from './stats.tokens.js';

export interface StatsServiceOptions {
  transport: TransportRuntime;
  database: DatabaseRuntime;
  /** The process's durable streams, opened and closed by its composition root. */
  streams: DurableStreams;
  /** Stream and consumer names; tests give each file its own. */
  streamSettings?: Partial<StatsStreamSettings>;
}

@Module({})
export class StatsModule {
  static register(options: StatsServiceOptions): DynamicModule {
    return {
      module: StatsModule,
      imports: [
        BusClientModule.register(options.transport),
        ServiceDatabaseModule.forRoot(options.database, STATS_DATABASE),
        ServiceHealthModule.register('stats', HEALTH_CHECKS.stats),
      ],
      controllers: [StatisticsHandler, replicaStatusController('stats')],
      providers: [
        { provide: STATS_STREAMS, useValue: options.streams },
        {
          provide: STATS_STREAM_SETTINGS,
          useValue: { ...DEFAULT_STATS_STREAM_SETTINGS, ...options.streamSettings },
        },
        ReadModelRepository,
        SessionEventsConsumer,
        StatsRebuild,
        StatisticsRepository,
        StatisticsService,
      ],
    };
  }
}
