import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UserDto } from '@greetboard/contracts';
import { freePort, startProgram, waitFor, type RunningProgram } from '@greetboard/testing';
import type { Browser } from './sign-in-client.js';

/** The built standalone runtime in demo mode (embedded emulator as Twitch), for end-to-end tests. */
export interface DemoRuntime {
  program: RunningProgram;
  /** The app at 127.0.0.1; `origin` is its public origin (localhost), what browsers send. */
  base: string;
  origin: string;
  wsUrl: string;
  emulatorUrl: string;
  /** A call to the emulator's control API; throws unless it answers 2xx. */
  control(method: string, route: string, body?: unknown): Promise<void>;
  /** Signs `browser` in as `login` through the built-in Twitch; answers the user's id. */
  signIn(browser: Browser, login: string): Promise<string>;
  stop(): Promise<void>;
}

/** `env` overrides the embedded defaults, e.g. NATS_URL, REDIS_URL and INSTALLATION_PREFIX. */
export async function startDemoRuntime(
  name: string,
  env: Record<string, string> = {},
): Promise<DemoRuntime> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `greetboard-${name}-`));
  const [port, emulatorPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
  const program = startProgram('apps/standalone/dist/main.js', {
    DATABASE_URL: '',
    NATS_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PORT: String(port),
    EMULATOR_HTTP_PORT: String(emulatorPort),
    EMULATOR_IRC_PORT: '0',
    ...env,
  });
  await waitFor(() => program.output().includes('Greetboard is running at'), {
    // A loaded 2-core machine may need more than a minute to build the schemas.
    timeoutMs: 120_000,
    what: 'the standalone runtime',
  });

  const control = async (method: string, route: string, body?: unknown) => {
    const response = await fetch(`${emulatorUrl}${route}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) {
      throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
    }
  };

  return {
    program,
    base,
    origin: `http://localhost:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    emulatorUrl,
    control,
    signIn: async (browser, login) => {
      const start = await browser.fetch(`${base}/auth/twitch`);
      const authorize = new URL(start.headers.get('location') ?? '');
      await control('POST', '/control/oauth/auto-approve', { login });
      const consent = await fetch(authorize, { redirect: 'manual' });
      await control('DELETE', '/control/oauth/auto-approve');
      const callback = new URL(consent.headers.get('location') ?? '');
      await browser.fetch(`${base}${callback.pathname}${callback.search}`);
      const me = await browser.api(base, 'GET', '/auth/me');
      if (me.status !== 200) throw new Error(`${login} is not signed in (${me.status})`);
      return (me.body as UserDto).id;
    },
    stop: async () => {
      await program.stop('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
