import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startProgram, type RunningProgram } from './processes.js';
import { waitFor } from './wait-for.js';

/** The line the standalone runtime prints once it serves. */
export const RUNNING_LINE = 'Greetboard is running at';

export interface DemoRuntimeOptions {
  /** Names the temporary data directory (`greetboard-<name>-…`). */
  name?: string;
  /**
   * The data directory to run on, e.g. one kept from an earlier run. Left in place by `stop`;
   * without it, a new temporary directory is made and `stop` removes it.
   */
  dataDir?: string;
  /** The app's port; a free one when unset. */
  port?: number;
  /** The built-in Twitch emulator's HTTP port; a free one when unset. */
  emulatorPort?: number;
  /** LOG_LEVEL of the runtime; `warn` keeps the test output short. */
  logLevel?: string;
  /** Further variables; they win over the launcher's, e.g. NATS_URL, DATABASE_URL or limits. */
  env?: Record<string, string>;
  /** How long the boot may take; the first boot builds every schema (slow on a loaded machine). */
  bootTimeoutMs?: number;
}

/**
 * The built standalone runtime (`apps/standalone/dist/main.js`) in demo mode: no Twitch
 * application, so its built-in Twitch emulator plays Twitch; embedded PostgreSQL, NATS and
 * key-value store unless `env` names real ones. For tests and benchmarks only.
 */
export class DemoRuntime {
  private constructor(
    private running: RunningProgram,
    readonly dataDir: string,
    readonly port: number,
    readonly emulatorPort: number,
    private readonly env: Record<string, string>,
    private readonly bootTimeoutMs: number,
    private readonly ownsDataDir: boolean,
    /** Milliseconds from the start of the program to its running line. */
    public bootMs: number,
  ) {}

  /** Starts the runtime and waits for its running line; fails at once if it exits before. */
  static async start(options: DemoRuntimeOptions = {}): Promise<DemoRuntime> {
    const dataDir =
      options.dataDir ??
      (await mkdtemp(path.join(tmpdir(), `greetboard-${options.name ?? 'demo'}-`)));
    const port = options.port ?? (await freePort());
    const emulatorPort = options.emulatorPort ?? (await freePort());
    const env = {
      TWITCH_CLIENT_ID: '',
      TWITCH_CLIENT_SECRET: '',
      DATABASE_URL: '',
      NATS_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: options.logLevel ?? 'warn',
      DATA_DIR: dataDir,
      PORT: String(port),
      EMULATOR_HTTP_PORT: String(emulatorPort),
      EMULATOR_IRC_PORT: '0',
      ...options.env,
    };
    const bootTimeoutMs = options.bootTimeoutMs ?? 120_000;
    try {
      const { program, bootMs } = await boot(env, bootTimeoutMs);
      return new DemoRuntime(
        program,
        dataDir,
        port,
        emulatorPort,
        env,
        bootTimeoutMs,
        options.dataDir === undefined,
        bootMs,
      );
    } catch (error) {
      if (options.dataDir === undefined) await rm(dataDir, { recursive: true, force: true });
      throw error;
    }
  }

  /** The running program (a new one after `restart`). */
  get program(): RunningProgram {
    return this.running;
  }

  /** The app at 127.0.0.1, for calls from the test itself. */
  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The app's public origin (localhost): what a browser shows and sends as Origin. */
  get origin(): string {
    return `http://localhost:${this.port}`;
  }

  get wsUrl(): string {
    return `ws://127.0.0.1:${this.port}/ws`;
  }

  get emulatorUrl(): string {
    return `http://127.0.0.1:${this.emulatorPort}`;
  }

  /** A call to the emulator's control API; throws unless it answers 2xx, else its JSON (or null). */
  async control(method: string, route: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.emulatorUrl}${route}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) {
      throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
    }
    return text ? (JSON.parse(text) as unknown) : null;
  }

  /** Waits until chat-ingest has joined #`channel` (after a session of its streamer started). */
  async waitForChannelJoined(channel: string, timeoutMs = 20_000): Promise<void> {
    await waitFor(
      async () => {
        const clients = (await this.control('GET', '/control/clients')) as {
          data: { channels: string[] }[];
        };
        return clients.data.some((client) => client.channels.includes(channel));
      },
      { timeoutMs, what: `chat-ingest to join #${channel}` },
    );
  }

  /**
   * Stops the program with `signal` and starts it again on the same data directory and ports;
   * answers the exit code of the stop.
   */
  async restart(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | string> {
    const code = await this.running.stop(signal);
    const { program, bootMs } = await boot(this.env, this.bootTimeoutMs);
    this.running = program;
    this.bootMs = bootMs;
    return code;
  }

  /** Stops the program; removes the data directory unless it was given. Answers the exit code. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | string> {
    const code = await this.running.stop(signal);
    if (this.ownsDataDir) await rm(this.dataDir, { recursive: true, force: true });
    return code;
  }
}

/** Shorthand for `DemoRuntime.start`. */
export function startDemoRuntime(options: DemoRuntimeOptions = {}): Promise<DemoRuntime> {
  return DemoRuntime.start(options);
}

async function boot(env: Record<string, string>, timeoutMs: number) {
  const started = Date.now();
  const program = startProgram('apps/standalone/dist/main.js', env);
  let exited = false;
  const exit = program.exited.then((code) => {
    exited = true;
    throw new Error(`The standalone runtime exited (${code}) while starting:\n${program.output()}`);
  });
  // Once booted, an exit is the caller's to observe (program.exited), not a boot failure.
  exit.catch(() => undefined);
  try {
    await Promise.race([
      // `exited` ends the poll too, so that no timer outlives a failed boot.
      waitFor(() => exited || program.output().includes(RUNNING_LINE), {
        timeoutMs,
        what: 'the standalone runtime',
      }),
      exit,
    ]);
  } catch (error) {
    await program.stop('SIGKILL');
    throw error;
  }
  return { program, bootMs: Date.now() - started };
}
