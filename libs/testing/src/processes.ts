import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The repository root, for tests that start built programs. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

/** A port that was free a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProgram {
  child: ChildProcess;
  /** Everything the program printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the program has ended. */
  exited: Promise<number | string>;
  /** Sends `signal` and waits for the program to end. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/**
 * Starts a built program (`node <script> ...args`) with `env` added to this process's environment.
 * Fails at once with a clear message when the script has not been built.
 */
export function startProgram(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): RunningProgram {
  const file = path.resolve(REPO_ROOT, script);
  if (!existsSync(file)) {
    throw new Error(`${script} is missing: run "npm run build" before these tests`);
  }
  const child = spawn(process.execPath, [file, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  return {
    child,
    output: () => output,
    exited,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
