import { describe, expect, it } from '@jest/globals';
import type { BusClient } from '@greetboard/transport';
import { DependencyChecks } from './service-health.module.js';

/**
 * A bus whose connection answers `isClosed()` and `rtt()` as NATS does; `reconnecting` is a
 * connection that lost its server: not closed, but its ping is never answered.
 */
const bus = (open: boolean, reconnecting = false) =>
  ({
    connect: () =>
      Promise.resolve({
        isClosed: () => !open,
        rtt: () => (reconnecting ? new Promise(() => undefined) : Promise.resolve(1)),
      }),
  }) as unknown as BusClient;

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

  it('is not ready while its NATS connection reconnects', async () => {
    const report = await new DependencyChecks('stats', bus(true, true), {}).report('readiness');
    expect(report).toMatchObject({ status: 'down', checks: { nats: 'down' } });
  });

  it('checks nothing for liveness: the process answering is enough', async () => {
    const checks = new DependencyChecks('auth', bus(false), {
      keyValueStore: () => Promise.reject(new Error('down')),
    });
    expect(await checks.report('liveness')).toMatchObject({ status: 'up', checks: {} });
  });
});
