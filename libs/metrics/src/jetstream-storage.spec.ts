import { afterEach, describe, expect, it } from '@jest/globals';
import { exportStreamStorage } from './jetstream-storage.js';
import { metricsRegistry } from './registration.js';

const scrape = () => metricsRegistry.metrics();

describe('exportStreamStorage', () => {
  let unregister: (() => void) | undefined;
  afterEach(() => unregister?.());

  it('exports each stream bytes, messages and size limit, read fresh for a scrape', async () => {
    let bytes = 1_000;
    let reads = 0;
    unregister = exportStreamStorage(() => {
      reads++;
      return Promise.resolve([
        { stream: 'CHAT_LINES_V1', messages: 2, bytes, maxBytes: 3_221_225_472 },
        { stream: 'DOMAIN_EVENTS_V1', messages: 1, bytes: 490, maxBytes: -1 },
      ]);
    });
    const text = await scrape();
    expect(text).toContain('greetboard_jetstream_stream_bytes{stream="CHAT_LINES_V1"} 1000');
    expect(text).toContain('greetboard_jetstream_stream_messages{stream="DOMAIN_EVENTS_V1"} 1');
    expect(text).toContain(
      'greetboard_jetstream_stream_max_bytes{stream="CHAT_LINES_V1"} 3221225472',
    );
    expect(reads).toBe(1);
    bytes = 2_000;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await scrape()).toContain(
      'greetboard_jetstream_stream_bytes{stream="CHAT_LINES_V1"} 2000',
    );
  });

  it('leaves the gauges empty when JetStream cannot be read, and goes away on unregister', async () => {
    unregister = exportStreamStorage(() => Promise.reject(new Error('no responders')));
    expect(await scrape()).not.toMatch(/greetboard_jetstream_stream_bytes\{/);
    unregister();
    unregister = undefined;
    expect(await scrape()).not.toContain('greetboard_jetstream_stream_bytes');
  });
});
