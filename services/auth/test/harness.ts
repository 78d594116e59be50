import { randomBytes } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import pg from 'pg';
import { AUTH_REQUESTS, sendRequest, type UserDto } from '@greetboard/contracts';
import { RedisKeyValueStore } from '@greetboard/kv';
import { startServiceApp } from '@greetboard/service-kit';
import { createTestDatabase, TEST_INFRASTRUCTURE, type TestDatabase } from '@greetboard/testing';
import {
  DEFAULT_CLIENT,
  startTwitchEmulator,
  type TwitchEmulator,
} from '@greetboard/twitch-emulator';
import {
  createDurableStreams,
  InProcessBroker,
  InProcessClient,
  type TransportRuntime,
} from '@greetboard/transport';
import { AuthModule, resolveAuthConfig, twitchEnv } from '../src/index.js';

/** Where Twitch sends the browser back; nothing listens there, the harness reads the redirect. */
const PUBLIC_URL = 'http://127.0.0.1:9';

/**
 * The auth service alone on the in-process bus (the same semantics as NATS, proven by the
 * transport's contract suite), over a fresh PostgreSQL database and real Redis, with the Twitch
 * emulator as Twitch. Users sign in through auth's own requests, as the gateway would ask them.
 */
export interface AuthHarness {
  /** The running auth service, for tests that reach its providers (`auth.get(...)`). */
  auth: INestMicroservice;
  database: TestDatabase;
  db: pg.Client;
  emulator: TwitchEmulator;
  /** Signs `login` in at Twitch and completes the sign-in at auth; answers the user. */
  signIn(login: string): Promise<UserDto>;
  close(): Promise<void>;
}

export async function startAuthHarness(): Promise<AuthHarness> {
  const emulator = await startTwitchEmulator({
    httpPort: 0,
    ircPort: 0,
    clients: [{ ...DEFAULT_CLIENT, redirectUris: [`${PUBLIC_URL}/auth/twitch/callback`] }],
  });
  const database = await createTestDatabase('greetboard_auth');
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const broker = new InProcessBroker();
  const transport: TransportRuntime = { kind: 'in-process', broker };
  const streams = await createDurableStreams(transport);
  const kv = new RedisKeyValueStore(
    TEST_INFRASTRUCTURE.redis,
    `greetboard-test:${randomBytes(6).toString('hex')}:auth:`,
  );
  const env = twitchEnv.parse({
    TWITCH_CLIENT_ID: DEFAULT_CLIENT.clientId,
    TWITCH_CLIENT_SECRET: DEFAULT_CLIENT.clientSecret,
    TWITCH_ID_URL: emulator.httpUrl,
    TWITCH_API_URL: emulator.httpUrl,
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  });
  const auth = await startServiceApp(
    'auth',
    AuthModule.register({
      transport,
      database: { kind: 'postgres', url: database.url, poolSize: 4 },
      streams,
      kv,
      config: resolveAuthConfig({ ...env, PUBLIC_URL, PORT: 9 }),
    }),
    transport,
    'warn',
  );
  const client = new InProcessClient(broker);
  /** The emulator's control API; adding a user Twitch already knows changes nothing. */
  const control = (method: string, path: string, body?: unknown) =>
    fetch(`${emulator.httpUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  return {
    auth,
    database,
    db,
    emulator,
    signIn: async (login) => {
      const { authorizeUrl } = await sendRequest(client, AUTH_REQUESTS.beginSignIn, {});
      await control('POST', '/control/users', { login });
      await control('POST', '/control/oauth/auto-approve', { login });
      let callback: URL;
      try {
        const approved = await fetch(authorizeUrl, { redirect: 'manual' });
        callback = new URL(approved.headers.get('location') ?? '');
      } finally {
        await control('DELETE', '/control/oauth/auto-approve');
      }
      const { user } = await sendRequest(client, AUTH_REQUESTS.completeSignIn, {
        code: callback.searchParams.get('code') ?? '',
        state: callback.searchParams.get('state') ?? '',
      });
      return user;
    },
    close: async () => {
      await auth.close();
      client.close();
      await streams.close();
      await kv.close();
      await db.end();
      await database.drop();
      await emulator.close();
    },
  };
}
