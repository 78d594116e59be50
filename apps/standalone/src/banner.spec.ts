import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '@greetboard/config';
import { startBanner } from './banner.js';
import { standaloneEnv } from './standalone.js';
import type { RunningStandalone } from './standalone.js';

const close = () => Promise.resolve();

describe('the start banner', () => {
  it('names the address, the embedded runtime, demo mode, the emulator, the data and Ctrl-C', () => {
    const config = loadConfig('greetboard', standaloneEnv, { DATA_DIR: '/srv/greetboard' });
    const running = {
      url: 'http://localhost:3000',
      demo: { emulator: { httpUrl: 'http://127.0.0.1:3100' } },
      close,
    } as unknown as RunningStandalone;
    const lines = startBanner(config, running).trim().split('\n');
    expect(lines[0]).toBe('Greetboard is running at http://localhost:3000');
    expect(lines.join('\n')).toContain(
      'standalone: embedded PostgreSQL (PGlite), in-process message bus, in-memory stores',
    );
    expect(lines.join('\n')).toContain('pick "demo_streamer"');
    expect(lines.join('\n')).toContain(
      'Emulator  http://127.0.0.1:3100, control API http://127.0.0.1:3100/control',
    );
    expect(lines.join('\n')).toContain('Data      /srv/greetboard (DATA_DIR)');
    expect(lines.at(-1)).toBe('  Stop      Ctrl-C');
    expect(lines.length).toBeLessThanOrEqual(8);
  });

  it('names real servers without their credentials, and the Twitch application outside demo mode', () => {
    const config = loadConfig('greetboard', standaloneEnv, {
      DATABASE_URL: 'postgres://greetboard:s3cret@db.internal:5432/greetboard',
      NATS_URL: 'nats://user:pass@nats.internal:4222',
      REDIS_URL: 'redis://:hunter2@redis.internal:6379',
      TWITCH_CLIENT_ID: 'abc123',
    });
    const banner = startBanner(config, { url: 'http://localhost:3000', close });
    expect(banner).toContain(
      'PostgreSQL at postgres://db.internal:5432/greetboard, NATS at nats://nats.internal:4222, Redis at redis://redis.internal:6379',
    );
    expect(banner).not.toMatch(/s3cret|pass|hunter2/);
    expect(banner).toContain('your application abc123 (TWITCH_CLIENT_ID)');
    expect(banner).not.toContain('Demo mode');
    expect(banner).toContain('Data      in PostgreSQL (DATABASE_URL)');
  });
});
