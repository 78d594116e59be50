import { afterEach, describe, expect, it } from '@jest/globals';
import { initMetrics, metricsRegistry, reportServiceState } from './registration.js';

const families = async () =>
  new Set(
    [...(await metricsRegistry.metrics()).matchAll(/^# TYPE (greetboard_\w+)/gm)].map(
      (match) => match[1],
    ),
  );

describe('initMetrics', () => {
  afterEach(() => metricsRegistry.clear());

  it("exports a service's own families and none of another service's", async () => {
    initMetrics('stats');
    const stats = await families();
    expect(stats).toContain('greetboard_consumer_messages_total');
    expect(stats).toContain('greetboard_ready');
    expect(stats).not.toContain('greetboard_live_sockets');
    expect(stats).not.toContain('greetboard_channel_leases_held');
    expect(stats).not.toContain('greetboard_http_request_duration_seconds');
  });

  it('exports the union in a process that runs several services', async () => {
    initMetrics('gateway');
    initMetrics('chat-ingest');
    const both = await families();
    expect(both).toContain('greetboard_live_sockets');
    expect(both).toContain('greetboard_channel_leases_held');
    expect(both).not.toContain('greetboard_greet_duration_seconds');
  });

  it('refuses a service it has no families for', () => {
    expect(() => initMetrics('gatway')).toThrow('No metric families for service "gatway"');
  });
});

describe('reportServiceState', () => {
  afterEach(() => metricsRegistry.clear());

  it('reports readiness and each dependency when scraped, a failing check as not ready', async () => {
    initMetrics('sessions');
    let checks = 0;
    const stopSessions = reportServiceState('sessions', () => {
      checks++;
      return Promise.resolve({ ready: false, dependencies: { nats: true, database: false } });
    });
    const stopStats = reportServiceState('stats', () => Promise.reject(new Error('boom')));
    const text = await metricsRegistry.metrics();
    expect(text).toContain('greetboard_ready{service="sessions"} 0');
    expect(text).toContain('greetboard_ready{service="stats"} 0');
    expect(text).toContain('greetboard_dependency_up{service="sessions",dependency="nats"} 1');
    expect(text).toContain('greetboard_dependency_up{service="sessions",dependency="database"} 0');
    // Both gauges come from one check per scrape.
    expect(checks).toBe(1);
    stopSessions();
    stopStats();
    expect(await metricsRegistry.metrics()).not.toContain('greetboard_ready{');
  });
});
