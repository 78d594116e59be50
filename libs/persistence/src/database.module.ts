import { type DynamicModule } from '@nestjs/common';
import { getDataSourceToken, getEntityManagerToken, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { DatabaseRuntime } from './database-runtime.js';
import {
  dataSourceOptions,
  openServiceDataSource,
  SchemaNotMigratedError,
  type ServiceDatabase,
} from './service-data-source.js';

/** Counts the Nest apps of this process that opened a data source, to name each one apart. */
let dataSources = 0;

/**
 * The service's one TypeORM data source, migrated before the app starts. Repositories
 * come from `TypeOrmModule.forFeature` as usual; the DataSource is injectable.
 *
 * @nestjs/typeorm keeps one process-wide registry of data source names and warns when a name
 * comes twice, but the standalone runtime (and many tests) host several Nest apps in one
 * process, each with its own container and data source. So each gets its own name, and this
 * global module gives the unnamed `DataSource` / `EntityManager` tokens, which `forFeature`
 * and the services inject, to the app's one data source.
 */
export class ServiceDatabaseModule {
  static forRoot(runtime: DatabaseRuntime, service: ServiceDatabase): DynamicModule {
    const name = `${service.schema}-${++dataSources}`;
    return {
      module: ServiceDatabaseModule,
      global: true,
      imports: [
        TypeOrmModule.forRootAsync({
          name,
          // A schema left unmigrated stays so until someone migrates it: say so at once.
          useFactory: () => ({
            ...dataSourceOptions(runtime, service),
            toRetry: (error: unknown) => !(error instanceof SchemaNotMigratedError),
          }),
          dataSourceFactory: () => openServiceDataSource(runtime, service),
        }),
      ],
      providers: [
        { provide: DataSource, useExisting: getDataSourceToken(name) },
        { provide: EntityManager, useExisting: getEntityManagerToken(name) },
      ],
      exports: [DataSource, EntityManager],
    };
  }
}
