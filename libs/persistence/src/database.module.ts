import { type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DatabaseRuntime } from './database-runtime.js';
import {
  dataSourceOptions,
  openServiceDataSource,
  type ServiceDatabase,
} from './service-data-source.js';

/**
 * The service's one TypeORM data source, migrated before the app starts. Repositories
 * come from `TypeOrmModule.forFeature` as usual; the DataSource is injectable.
 */
export class ServiceDatabaseModule {
  static forRoot(runtime: DatabaseRuntime, service: ServiceDatabase): DynamicModule {
    return {
      module: ServiceDatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSourceOptions(runtime, service),
          dataSourceFactory: () => openServiceDataSource(runtime, service),
        }),
      ],
      exports: [TypeOrmModule],
    };
  }
}
