import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { initMetrics, metricsRegistry } from './registration.js';

/** A gauge of the registry's text, by name and service label. */
const gauge = (text: string, name: string) =>
  Number(new RegExp(`^${name}\\{service="sessions"\\} (\\S+)$`, 'm').exec(text)?.[1]);

describe('event-loop delay', () => {
  it('exports the longest stall since the last scrape, then starts over', async () => {
    initMetrics('sessions');
    await metricsRegistry.metrics();
    // Node's histogram skips the first tick after a reset (a scrape): stall after it.
    await sleep(30);
    const until = Date.now() + 120;
    while (Date.now() < until); // A 120 ms stall, as one synchronous piece of work makes.
    await sleep(40);
    const stalled = await metricsRegistry.metrics();
    expect(gauge(stalled, 'nodejs_eventloop_lag_max_seconds')).toBeGreaterThanOrEqual(0.1);
    expect(gauge(stalled, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0.1);
    await sleep(40);
    const calm = await metricsRegistry.metrics();
    expect(gauge(calm, 'nodejs_eventloop_lag_max_seconds')).toBeLessThan(0.1);
  });
});
