import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT, waitFor } from '@greetboard/testing';

/**
 * A newcomer's first contact: a clean clone of the committed tree, a machine whose
 * `node` is older than 24, and the README's commands exactly as written. `npm ci` installs
 * from npm's cache where it can (prefer-offline); the build starts from nothing, so this
 * takes minutes.
 */
const OLD_NODE_DIR = process.env.FIRST_CONTACT_NODE_DIR ?? '/usr/bin';
const MINUTES = 60_000;

/** The README's first shell block that starts Greetboard, e.g. `npm ci && npm start`. */
async function readmeStartCommand(): Promise<string> {
  const readme = await readFile(path.join(REPO_ROOT, 'README.md'), 'utf8');
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1].trim());
  const command = blocks.find((block) => block.includes('npm start'));
  if (!command) throw new Error('The README shows no command that starts Greetboard');
  return command;
}

/**
 * The environment of a fresh shell: the old node first on PATH, nothing of this test run
 * (its Node 24, npm's script variables, Jest's NODE_ENV, test infrastructure URLs).
 */
function newcomerEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(
    ([name]) =>
      !/^(npm_|NODE_OPTIONS$|NODE_ENV$|JEST_|INIT_CWD$|DATABASE_URL$|NATS_URL$|REDIS_URL$|TWITCH_|LOG_|TEST_)/.test(
        name,
      ),
  );
  const pathDirs = (process.env.PATH ?? '')
    .split(':')
    .filter((dir) => dir && !dir.includes('node_modules') && !dir.includes('greetboard/node-'));
  return {
    ...Object.fromEntries(inherited),
    PATH: [OLD_NODE_DIR, ...pathDirs].join(':'),
    npm_config_prefer_offline: 'true',
    ...extra,
  };
}

describe("a newcomer's first contact: the README's commands on an older node", () => {
  let workDir: string;
  let clone: string;
  let port: number;
  let emulatorPort: number;
  let command: string;
  let start: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'greetboard-first-contact-'));
    clone = path.join(workDir, 'greetboard');
    execFileSync('git', ['clone', '--quiet', REPO_ROOT, clone]);
    [port, emulatorPort] = [await freePort(), await freePort()];
    command = await readmeStartCommand();
  });

  afterAll(async () => {
    if (start?.pid && start.exitCode === null && start.signalCode === null) {
      process.kill(-start.pid, 'SIGKILL');
    }
    await rm(workDir, { recursive: true, force: true });
  });

  it('has an older node first on PATH, as the machine has', () => {
    const version = execFileSync('node', ['--version'], {
      env: newcomerEnv({}),
      encoding: 'utf8',
    }).trim();
    expect(Number(/^v(\d+)/.exec(version)?.[1])).toBeLessThan(24);
  });

  it(
    'installs, builds and starts: healthy, with a banner naming the address and the emulator',
    async () => {
      expect(command).toBe('npm ci && npm start');
      start = spawn('bash', ['-c', command], {
        cwd: clone,
        detached: true,
        env: newcomerEnv({ PORT: String(port), EMULATOR_HTTP_PORT: String(emulatorPort) }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      start.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      start.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      const emulator = `http://127.0.0.1:${emulatorPort}`;
      try {
        await waitFor(
          async () => {
            if (start?.exitCode !== null) throw new Error('npm stopped');
            const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
            return ready?.status === 200 && output.includes('Stop      Ctrl-C');
          },
          { timeoutMs: 20 * MINUTES, intervalMs: 1000, what: 'Greetboard to be healthy' },
        );
      } catch (error) {
        throw new Error(`${String(error)}\n${output}`);
      }
      expect(output).toContain(`Greetboard is running at http://localhost:${port}`);
      expect(output).toContain(`Emulator  ${emulator}, control API ${emulator}/control`);
      expect(output).toContain('Demo mode');
      expect(output).not.toMatch(/already registered|RouterExplorer|InstanceLoader|nx\.app/);

      // The start log up to healthy fits on one screen: npm's header, the build's progress,
      // the banner.
      const startLog = output.slice(output.indexOf('> greetboard@1.0.0 start')).trimEnd();
      expect(startLog.split('\n').length).toBeLessThanOrEqual(20);

      const controlApi = await fetch(`${emulator}/control/clients`);
      expect(controlApi.status).toBe(200);
    },
    25 * MINUTES,
  );

  it(
    'stops on Ctrl-C',
    async () => {
      expect(start?.pid).toBeDefined();
      const exited = new Promise((resolve) => start?.once('exit', resolve));
      process.kill(-(start?.pid ?? 0), 'SIGINT');
      await exited;
      expect(output).toContain('SIGINT received, shutting down');
      expect(output).not.toContain('Shutdown failed');
    },
    MINUTES,
  );

  it(
    'runs npm test with nothing else to type (one small test file)',
    () => {
      const result = spawnSync(
        'bash',
        ['-c', 'npm test -- --selectProjects unit --testPathPatterns libs/config/src'],
        { cwd: clone, env: newcomerEnv({}), encoding: 'utf8' },
      );
      expect(`${result.stdout}${result.stderr}`).toMatch(/\n[1-9]\d* passed, 0 failed/);
      expect(result.status).toBe(0);
    },
    10 * MINUTES,
  );
});
