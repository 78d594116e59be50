// Jest global setup for the integration tier (plain JavaScript: Jest loads it outside its
// module system). Integration tests need PostgreSQL, NATS with JetStream and Redis. A
// missing one fails the run with a clear message instead of skipping tests; PostgreSQL may
// come from Testcontainers when a Docker engine runs and no TEST_DATABASE_URL is given.
import { existsSync } from 'node:fs';
import net from 'node:net';

const DEFAULTS = {
  TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
  TEST_NATS_URL: 'nats://127.0.0.1:4222',
  TEST_REDIS_URL: 'redis://127.0.0.1:6379',
};
const MIB = 1024 * 1024;
/**
 * JetStream books each stream's max_bytes against its store when the stream is created. The
 * product's defaults book 8.3 GiB an installation; the programs tests start keep little, so
 * they book little, and many test installations (and ones a killed run left behind) fit one
 * NATS server.
 */
const TEST_STREAM_LIMITS = {
  STREAM_CHAT_LINES_MAX_BYTES: String(64 * MIB),
  STREAM_DOMAIN_EVENTS_MAX_BYTES: String(64 * MIB),
  STREAM_DEAD_LETTERS_MAX_BYTES: String(16 * MIB),
};
const DEFAULT_PORTS = { 'postgres:': 5432, 'postgresql:': 5432, 'nats:': 4222, 'redis:': 6379 };

function canConnect(url, timeoutMs = 1000) {
  const { hostname, port, protocol } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || DEFAULT_PORTS[protocol]) });
    const finish = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}

function dockerEngineRuns() {
  return existsSync('/var/run/docker.sock') || Boolean(process.env.DOCKER_HOST);
}

async function startPostgresContainer() {
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const container = await new PostgreSqlContainer('postgres:17-alpine')
    .withUsername('postgres')
    .withPassword('postgres')
    .start();
  // Testcontainers' reaper removes the container when the test process ends.
  return container.getConnectionUri();
}

export default async function globalSetup() {
  const databaseUrlGiven = Boolean(process.env.TEST_DATABASE_URL);
  for (const [name, url] of Object.entries(DEFAULTS)) process.env[name] ??= url;
  for (const [name, value] of Object.entries(TEST_STREAM_LIMITS)) process.env[name] ??= value;
  const missing = [];
  for (const name of Object.keys(DEFAULTS)) {
    if (!(await canConnect(process.env[name]))) missing.push(name);
  }
  if (missing.includes('TEST_DATABASE_URL') && !databaseUrlGiven && dockerEngineRuns()) {
    process.env.TEST_DATABASE_URL = await startPostgresContainer();
    missing.splice(missing.indexOf('TEST_DATABASE_URL'), 1);
  }
  if (missing.length > 0) {
    throw new Error(
      `Integration tests need ${missing.map((name) => `${name}=${process.env[name]}`).join(', ')} ` +
        'to answer; start PostgreSQL, NATS (with JetStream) and Redis (see README, "Tests").',
    );
  }
}
