import { Module, type DynamicModule } from '@nestjs/common';
import { HEALTH_CHECKS } from '@greetboard/contracts';
import { ServiceDatabaseModule, type DatabaseRuntime } from '@greetboard/persistence';
import { replicaStatusController, ServiceHealthModule } from '@greetboard/service-kit';
import {
  BusClientModule,
  createDurableStreams,
  type TransportRuntime,
} from '@greetboard/transport';
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
  STATS_TRANSPORT,
  type StatsStreamSettings,
} from './stats.tokens.js';

export interface StatsServiceOptions {
  transport: TransportRuntime;
  database: DatabaseRuntime;
  /** Stream and consumer names; tests give each file its own. */
  streams?: Partial<StatsStreamSettings>;
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
        { provide: STATS_TRANSPORT, useValue: options.transport },
        { provide: STATS_STREAMS, useFactory: () => createDurableStreams(options.transport) },
        {
          provide: STATS_STREAM_SETTINGS,
          useValue: { ...DEFAULT_STATS_STREAM_SETTINGS, ...options.streams },
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
