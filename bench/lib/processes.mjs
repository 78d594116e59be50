// Service processes for the benchmarks: each built service runs as its own Node process, as in
// cluster mode, with its output kept for the error message when it does not boot.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { waitFor } from '../../libs/testing/dist/index.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The installation every benchmark process runs in (INSTALLATION_PREFIX): the benchmark's own
 * clients put it before subjects, stream and consumer names, as the services do.
 */
export const INSTALLATION = 'bench';

/** Every process logs "<service> is ready" once it has started, at LOG_LEVEL=log. */
const BOOTED = /is ready/;

/**
 * Starts `script` (relative to the repository root) with `env` on top of this process's
 * environment. `nodeArgs` go before the script, e.g. `--cpu-prof`.
 */
export function startProcess(name, script, env, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, script)], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      LOG_LEVEL: 'log',
      INSTALLATION_PREFIX: INSTALLATION,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    name,
    child,
    output: () => output,
    booted: () =>
      waitFor(
        () => {
          if (child.exitCode !== null) throw new Error(`${name} exited:\n${output}`);
          return BOOTED.test(output);
        },
        { timeoutMs: 60_000, what: `${name} to boot` },
      ),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
