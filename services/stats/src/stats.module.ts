import { Module, type DynamicModule } from '@nestjs/common';
import { HEALTH_CHECKS } from '@greetboard/contracts';
import { ServiceDatabaseModule, type DatabaseRuntime } from '@greetboard/persistence';
import { replicaStatusController, ServiceHealthModule } from '@greetboard/service-kit';
import { BusClientModule, type TransportRuntime } from '@greetboard/transport';
import { STATS_DATABASE } from './database/stats-database.js';

export interface StatsServiceOptions {
  transport: TransportRuntime;
  database: DatabaseRuntime;
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
      controllers: [replicaStatusController('stats')],
    };
  }
}
