import { describe, expect, it } from '@jest/globals';
import type { BusClient } from '@greetboard/transport';
import { DependencyChecks } from './service-health.module.js';

/** A bus whose connection answers `isClosed()` as NATS does. */
const bus = (open: boolean) =>
  ({ connect: () => Promise.resolve({ isClosed: () => !open }) }) as unknown as BusClient;

describe('DependencyChecks', () => {
  it('reports every registered dependency, down when it fails or throws', async () => {
    const checks = new DependencyChecks('auth', bus(true), {
      keyValueStore: () => Promise.resolve(true),
      search: () => Promise.resolve(false),
      broken: () => Promise.reject(new Error('socket hang up')),
    });
    expect(await checks.report('readiness')).toMatchObject({
      service: 'auth',
      status: 'down',
      checks: { nats: 'up', keyValueStore: 'up', search: 'down', broken: 'down' },
    });
  });

  it('is ready when the bus and every registered dependency answer', async () => {
    const checks = new DependencyChecks('chat-ingest', bus(true), {
      keyValueStore: () => Promise.resolve(true),
    });
    expect(await checks.report('readiness')).toMatchObject({
      status: 'up',
      checks: { nats: 'up', keyValueStore: 'up' },
    });
    expect((await new DependencyChecks('x', bus(false), {}).report('readiness')).status).toBe(
      'down',
    );
  });

  it('checks nothing for liveness: the process answering is enough', async () => {
    const checks = new DependencyChecks('auth', bus(false), {
      keyValueStore: () => Promise.reject(new Error('down')),
    });
    expect(await checks.report('liveness')).toMatchObject({ status: 'up', checks: {} });
  });
});
