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

describe('the start banner on the home network', () => {
  const interfaces = {
    lo: [
      { address: '127.0.0.1', family: 'IPv4', internal: true },
      { address: '::1', family: 'IPv6', internal: true },
    ],
    eth0: [
      { address: '192.168.1.20', family: 'IPv4', internal: false },
      { address: 'fd00::20', family: 'IPv6', internal: false },
      { address: 'fe80::1c2d:3eff:fe4f:5a6b', family: 'IPv6', internal: false },
    ],
    wlan0: [{ address: '10.0.0.7', family: 'IPv4', internal: false }],
  } as unknown as Parameters<typeof startBanner>[2];
  const running = { url: 'http://localhost:3000', close } as RunningStandalone;

  it('prints the addresses another PC can use with HOST=0.0.0.0, and the PUBLIC_URL rule', () => {
    const config = loadConfig('greetboard', standaloneEnv, {
      HOST: '0.0.0.0',
      TWITCH_CLIENT_ID: 'abc123',
    });
    const banner = startBanner(config, running, interfaces);
    expect(banner).toContain(
      '  Network   from another PC: http://192.168.1.20:3000, http://10.0.0.7:3000 (HOST=0.0.0.0)\n' +
        '            PUBLIC_URL must be the address used there (now http://localhost:3000): sign-in returns\n' +
        "            to it (your Twitch app's redirect URI) and live updates answer only it\n",
    );
    // 0.0.0.0 takes IPv4 only; loopback is this PC's own.
    expect(banner).not.toMatch(/127\.0\.0\.1:3000|fd00|::1/);
    expect(banner.trim().split('\n')[0]).toBe('Greetboard is running at http://localhost:3000');
  });

  it('adds routable IPv6 addresses with HOST=::, and names the PUBLIC_URL that is set', () => {
    const config = loadConfig('greetboard', standaloneEnv, {
      HOST: '::',
      PUBLIC_URL: 'http://192.168.1.20:3000/',
      TWITCH_CLIENT_ID: 'abc123',
    });
    const banner = startBanner(config, running, interfaces);
    expect(banner).toContain(
      'from another PC: http://192.168.1.20:3000, http://[fd00::20]:3000, http://10.0.0.7:3000 (HOST=::)',
    );
    expect(banner).not.toContain('fe80');
    expect(banner).toContain('(now http://192.168.1.20:3000)');
  });

  it('says nothing of other PCs when Greetboard listens on one address', () => {
    for (const HOST of ['127.0.0.1', '192.168.1.20']) {
      const config = loadConfig('greetboard', standaloneEnv, { HOST, TWITCH_CLIENT_ID: 'abc123' });
      expect(startBanner(config, running, interfaces)).not.toContain('another PC');
    }
    const noNetwork = loadConfig('greetboard', standaloneEnv, {
      HOST: '0.0.0.0',
      TWITCH_CLIENT_ID: 'abc123',
    });
    expect(startBanner(noNetwork, running, { lo: interfaces!.lo })).not.toContain('another PC');
  });
});
