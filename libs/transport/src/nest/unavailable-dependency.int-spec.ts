import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ArgumentsHost } from '@nestjs/common';
import pg from 'pg';
import { lastValueFrom } from 'rxjs';
import { RedisKeyValueStore } from '@greetboard/kv';
import { freePort, TEST_INFRASTRUCTURE } from '@greetboard/testing';
import { DomainRpcExceptionFilter } from './domain-rpc-exception.filter.js';
import { unavailableDependencyCode } from './unavailable-dependency.js';

/** The error a promise rejects with (fails the test when it resolves). */
async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** The real errors of real drivers, not shapes written by hand. */
describe('which handler failures mean "a dependency cannot serve now"', () => {
  let admin: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: TEST_INFRASTRUCTURE.postgres });
    await admin.connect();
  });

  afterAll(async () => {
    await admin.end();
  });

  it('a refused database connection is DATABASE_UNAVAILABLE', async () => {
    const closed = await freePort();
    const pool = new pg.Pool({ host: '127.0.0.1', port: closed, user: 'postgres' });
    const error = await failureOf(pool.query('SELECT 1'));
    await pool.end();
    expect(unavailableDependencyCode(error)).toBe('DATABASE_UNAVAILABLE');
  });

  it('a connection the server terminated is DATABASE_UNAVAILABLE', async () => {
    const client = new pg.Client({ connectionString: TEST_INFRASTRUCTURE.postgres });
    client.on('error', () => undefined);
    await client.connect();
    const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    const error = await failureOf(client.query('SELECT 1'));
    await client.end().catch(() => undefined);
    expect(unavailableDependencyCode(error)).toBe('DATABASE_UNAVAILABLE');
  });

  it('a failing statement is no outage', async () => {
    const error = await failureOf(admin.query('SELEC 1'));
    expect(unavailableDependencyCode(error)).toBeUndefined();
    expect(unavailableDependencyCode(new Error('a bug'))).toBeUndefined();
  });

  it('an unreachable key-value store or web service is SERVICE_UNAVAILABLE, not the database', async () => {
    const closed = await freePort();
    const kv = new RedisKeyValueStore(`redis://127.0.0.1:${closed}`, 'test:');
    const kvError = await failureOf(kv.get('anything'));
    await kv.close().catch(() => undefined);
    expect(unavailableDependencyCode(kvError)).toBe('SERVICE_UNAVAILABLE');
    const fetchError = await failureOf(fetch(`http://127.0.0.1:${closed}/`));
    expect(unavailableDependencyCode(fetchError)).toBe('SERVICE_UNAVAILABLE');
  }, 20_000);

  it('the service answers the caller DATABASE_UNAVAILABLE with the spec-shaped body', async () => {
    const closed = await freePort();
    const pool = new pg.Pool({ host: '127.0.0.1', port: closed, user: 'postgres' });
    const error = await failureOf(pool.query('SELECT 1'));
    await pool.end();
    const answer = new DomainRpcExceptionFilter().catch(error, {} as ArgumentsHost);
    await expect(lastValueFrom(answer)).rejects.toEqual({
      code: 'DATABASE_UNAVAILABLE',
      message: 'The database is unavailable. Please try again.',
    });
  });
});
