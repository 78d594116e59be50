import path from 'node:path';
import type { RunningStandalone, StandaloneConfig } from './standalone.js';
import { DEMO_STREAMER } from './demo-twitch.js';

/** A server's address without credentials, e.g. `nats://127.0.0.1:4222`. */
function place(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

/**
 * What a person starting Greetboard needs to know, in one short block: where it answers,
 * what it runs on, whether it plays Twitch itself (and how to sign in then), where the data
 * lives and how to stop it. The first line is what scripts and tests wait for.
 */
export function startBanner(config: StandaloneConfig, running: RunningStandalone): string {
  const database = config.DATABASE_URL
    ? `PostgreSQL at ${place(config.DATABASE_URL)}`
    : 'embedded PostgreSQL (PGlite)';
  const bus = config.NATS_URL ? `NATS at ${place(config.NATS_URL)}` : 'in-process message bus';
  const stores = config.REDIS_URL ? `Redis at ${place(config.REDIS_URL)}` : 'in-memory stores';
  const data = config.DATABASE_URL
    ? `in PostgreSQL (DATABASE_URL)`
    : `${path.resolve(config.DATA_DIR)} (DATA_DIR)`;
  const lines = [
    `Greetboard is running at ${running.url}`,
    `  Runtime   standalone: ${database}, ${bus}, ${stores}`,
  ];
  if (running.demo) {
    const emulator = running.demo.emulator.httpUrl;
    lines.push(
      `  Demo mode no TWITCH_CLIENT_ID, so a built-in Twitch emulator plays Twitch:`,
      `            sign in and pick "${DEMO_STREAMER}" (an approved admin) on its consent page`,
      `  Emulator  ${emulator}, control API ${emulator}/control (EMULATOR_HTTP_PORT)`,
    );
  } else {
    lines.push(`  Twitch    your application ${config.TWITCH_CLIENT_ID} (TWITCH_CLIENT_ID)`);
  }
  lines.push(`  Data      ${data}`, `  Stop      Ctrl-C`);
  return `\n${lines.join('\n')}\n\n`;
}
