import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './processes.js';
import { waitFor } from './wait-for.js';

const NATS_SERVER = process.env.NATS_SERVER_BIN ?? '/usr/sbin/nats-server';

export interface PrivateNatsServer {
  url: string;
  port: number;
  /** Stops the server (its JetStream data stays, so `start` resumes with it). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  dispose(): Promise<void>;
}

/**
 * A NATS server with JetStream of the test's own, on a free port with its own storage.
 * Services of different test files then never answer each other's requests or share
 * durable consumers, and a test may stop and restart "NATS" without disturbing others.
 */
export async function startPrivateNatsServer(): Promise<PrivateNatsServer> {
  if (!existsSync(NATS_SERVER)) {
    throw new Error(`${NATS_SERVER} is missing: install nats-server or set NATS_SERVER_BIN`);
  }
  const port = await freePort();
  const storage = await mkdtemp(path.join(tmpdir(), 'greetboard-nats-'));
  let child: ChildProcess | undefined;

  const answers = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });

  const server: PrivateNatsServer = {
    url: `nats://127.0.0.1:${port}`,
    port,
    /** Starts the server unless it runs already. */
    start: async () => {
      if (child && child.exitCode === null && child.signalCode === null) return;
      child = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storage], {
        stdio: 'ignore',
      });
      await waitFor(answers, { timeoutMs: 10_000, what: `nats-server on port ${port}` });
    },
    stop: async () => {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    },
    dispose: async () => {
      await server.stop();
      await rm(storage, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
