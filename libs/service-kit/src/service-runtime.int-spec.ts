import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@greetboard/testing';
import {
  databaseOf,
  openServiceInfrastructure,
  type OpenInfrastructure,
} from './service-runtime.js';
import {
  openServiceDataSource,
  SchemaNotMigratedError,
  type ServiceDatabase,
} from '@greetboard/persistence';
import type { MigrationInterface, QueryRunner } from 'typeorm';

class CreateMarks1700000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE marks_test.marks (id int PRIMARY KEY)`);
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE marks_test.marks`);
  }
}

const marks: ServiceDatabase = {
  schema: 'marks_test',
  entities: [],
  migrations: [CreateMarks1700000000000],
};

describe('a service process with DATABASE_MIGRATIONS=external', () => {
  let database: TestDatabase;
  let infrastructure: OpenInfrastructure;

  beforeAll(async () => {
    database = await createTestDatabase();
    // What every service's main.ts and the standalone runtime open from the environment.
    infrastructure = await openServiceInfrastructure(
      { DATABASE_URL: database.url, DATABASE_MIGRATIONS: 'external' },
      { database: true, streams: false },
    );
  });

  afterAll(async () => {
    await infrastructure.close();
    await database.drop();
  });

  it('does not migrate a fresh database, and opens it once the migrations step ran', async () => {
    await expect(openServiceDataSource(databaseOf(infrastructure), marks)).rejects.toThrow(
      SchemaNotMigratedError,
    );
    const migrations = await openServiceInfrastructure(
      { DATABASE_URL: database.url, DATABASE_MIGRATIONS: 'boot' },
      { database: true, streams: false },
    );
    await (await openServiceDataSource(databaseOf(migrations), marks)).destroy();
    await migrations.close();
    const opened = await openServiceDataSource(databaseOf(infrastructure), marks);
    expect(await opened.query(`SELECT count(*)::int AS n FROM marks_test.marks`)).toEqual([
      { n: 0 },
    ]);
    await opened.destroy();
  });
});
