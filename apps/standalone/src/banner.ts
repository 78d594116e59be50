import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import path from 'node:path';
import type { RunningStandalone, StandaloneConfig } from './standalone.js';
import { DEMO_STREAMER } from './demo-twitch.js';

/** A server's address without credentials, e.g. `nats://127.0.0.1:4222`. */
function place(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

/**
 * The addresses another PC can open Greetboard at when it listens on every interface: the
 * machine's IPv4 addresses for HOST=0.0.0.0, and its IPv6 ones too for HOST=:: (which takes
 * both). Loopback addresses are the machine's own; link-local IPv6 ones need a zone a browser
 * address cannot carry. Empty when HOST is one address.
 */
export function addressesForOtherPcs(host: string, port: number, interfaces: Interfaces): string[] {
  if (host !== '0.0.0.0' && host !== '::') return [];
  const urls: string[] = [];
  for (const address of Object.values(interfaces).flat()) {
    if (!address || address.internal) continue;
    if (address.family === 'IPv4') urls.push(`http://${address.address}:${port}`);
    else if (host === '::' && !/^fe[89ab]/i.test(address.address)) {
      urls.push(`http://[${address.address}]:${port}`);
    }
  }
  return [...new Set(urls)];
}

/**
 * With HOST=0.0.0.0 (or ::), where to open Greetboard from another PC, and the rule that
 * sign-in and the live updates answer only at PUBLIC_URL.
 */
function otherPcLines(
  config: StandaloneConfig,
  running: RunningStandalone,
  interfaces: Interfaces,
) {
  const port = Number(new URL(running.url).port || 80);
  const urls = addressesForOtherPcs(config.HOST, port, interfaces);
  if (urls.length === 0) return [];
  const publicUrl = (config.PUBLIC_URL ?? running.url).replace(/\/+$/, '');
  return [
    `  Network   from another PC: ${urls.join(', ')} (HOST=${config.HOST})`,
    `            PUBLIC_URL must be the address used there (now ${publicUrl}): sign-in returns`,
    `            to it (your Twitch app's redirect URI) and live updates answer only it`,
  ];
}

/**
 * What a person starting Greetboard needs to know, in one short block: where it answers,
 * what it runs on, whether it plays Twitch itself (and how to sign in then), where the data
 * lives and how to stop it. The first line is what scripts and tests wait for.
 */
export function startBanner(
  config: StandaloneConfig,
  running: RunningStandalone,
  interfaces: Interfaces = networkInterfaces(),
): string {
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
    ...otherPcLines(config, running, interfaces),
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
