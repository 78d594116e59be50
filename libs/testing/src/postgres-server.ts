import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes.js';
import { waitFor } from './wait-for.js';

const exec = promisify(execFile);

export interface PrivatePostgresServer {
  /** Connection string of the `postgres` database, for createTestDatabase. */
  adminUrl: string;
  port: number;
  /** Stops the server with a fast shutdown; its data stays, so `start` resumes with it. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  dispose(): Promise<void>;
}

/** The newest PostgreSQL installed under /usr/lib/postgresql, unless PG_BIN names one. */
async function postgresBinaries(): Promise<string> {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = await readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error('PostgreSQL is not installed: set PG_BIN to its bin directory');
  return path.join('/usr/lib/postgresql', newest, 'bin');
}

/**
 * PostgreSQL refuses to run as root: as root the server runs as the `postgres` system user,
 * otherwise as the current user.
 */
async function serverUser(): Promise<{ uid?: number; gid?: number }> {
  if (process.getuid?.() !== 0) return {};
  const { stdout: uid } = await exec('id', ['-u', 'postgres']);
  const { stdout: gid } = await exec('id', ['-g', 'postgres']);
  return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
}

/**
 * A PostgreSQL server of the test's own, on a free port with its own data directory. A test
 * may stop and restart it without cutting the connections of any other test run on the shared
 * server.
 */
export async function startPrivatePostgresServer(): Promise<PrivatePostgresServer> {
  const bin = await postgresBinaries();
  const user = await serverUser();
  const port = await freePort();
  const home = await mkdtemp(path.join(tmpdir(), 'greetboard-pg-'));
  const data = path.join(home, 'data');
  if (user.uid !== undefined && user.gid !== undefined) await chown(home, user.uid, user.gid);
  await exec(
    path.join(bin, 'initdb'),
    [
      '--pgdata',
      data,
      '--username',
      'postgres',
      '--auth',
      'trust',
      '--encoding',
      'UTF8',
      '--no-instructions',
    ],
    { ...user, cwd: home },
  );
  let child: ChildProcess | undefined;
  let output = '';

  const answers = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });

  const server: PrivatePostgresServer = {
    adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: async () => {
      if (child && child.exitCode === null && child.signalCode === null) return;
      const started = spawn(
        path.join(bin, 'postgres'),
        [
          '-D',
          data,
          '-p',
          String(port),
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          `unix_socket_directories=${home}`,
          '-c',
          'max_connections=200',
        ],
        { ...user, cwd: home, stdio: ['ignore', 'ignore', 'pipe'] },
      );
      started.stderr?.on('data', (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-4_000);
      });
      child = started;
      await waitFor(answers, { timeoutMs: 30_000, what: `PostgreSQL on port ${port}` }).catch(
        (error: unknown) => {
          throw new Error(`${String(error)}\n${output}`);
        },
      );
      // Accepting TCP is not yet accepting queries: wait for the server to be ready.
      await waitFor(
        async () => {
          return exec(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]).then(
            () => true,
            () => false,
          );
        },
        { timeoutMs: 30_000, what: `PostgreSQL on port ${port} to accept connections` },
      );
    },
    stop: async () => {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      // SIGINT is PostgreSQL's fast shutdown: sessions are ended, the data is flushed.
      running.kill('SIGINT');
      await exited;
      await waitFor(async () => !(await answers()), { what: `PostgreSQL on port ${port} to stop` });
    },
    dispose: async () => {
      await server.stop();
      await rm(home, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
