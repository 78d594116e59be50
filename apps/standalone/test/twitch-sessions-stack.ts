import { randomBytes } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import pg from 'pg';
import { AuthModule, resolveAuthConfig, twitchEnv } from '@greetboard/auth';
import {
  anonymousChatAccount,
  ChatIngestModule,
  chatServerFromUrl,
  TmiChatConnection,
} from '@greetboard/chat-ingest';
import {
  AUTH_REQUESTS,
  sendRequest,
  type RequestDefinition,
  type SessionActor,
  type SettingsChanges,
} from '@greetboard/contracts';
import { RedisKeyValueStore } from '@greetboard/kv';
import { startServiceApp } from '@greetboard/service-kit';
import { SessionsModule, type SessionsServiceOptions } from '@greetboard/sessions';
import { createTestDatabase, TEST_INFRASTRUCTURE, waitFor } from '@greetboard/testing';
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

export interface StackOptions {
  /** Where auth opens EventSub; default the emulator's. */
  eventSubUrl?: string;
  pollIntervalMs?: number;
  /** Logins that sign in approved (admins); others sign in pending. */
  approvedLogins: string[];
  /** The sessions service's profile image job timing. */
  chatterProfiles?: SessionsServiceOptions['chatterProfiles'];
  /** Also run chat-ingest, so that active sessions read and count their channel's chat. */
  chatIngest?: boolean;
}

export interface SignedInUser {
  id: string;
  username: string;
  twitchId: string;
  actor: SessionActor;
}

export interface TwitchSessionsStack {
  emulator: TwitchEmulator;
  /** The services' bus, for a test that watches their events. */
  broker: InProcessBroker;
  sessions: INestMicroservice;
  db: pg.Client;
  request<Req extends object, Res>(
    definition: RequestDefinition<Req, Res>,
    body: Req,
  ): Promise<Res>;
  control(method: string, path: string, body?: unknown): Promise<unknown>;
  signIn(login: string): Promise<SignedInUser>;
  updateSettings(userId: string, changes: SettingsChanges): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real auth and sessions services (and chat-ingest, if asked) on one in-process bus (its own domain-events stream,
 * so test files never see each other's events), real PostgreSQL and Redis, and the Twitch
 * emulator as Twitch, EventSub included. Users sign in through the real OAuth flow over the
 * bus, so auth holds their encrypted tokens exactly as in production.
 */
export async function startTwitchSessionsStack(
  options: StackOptions,
): Promise<TwitchSessionsStack> {
  const publicUrl = 'http://127.0.0.1:9';
  const emulator = await startTwitchEmulator({
    httpPort: 0,
    ircPort: 0,
    clients: [{ ...DEFAULT_CLIENT, redirectUris: [`${publicUrl}/auth/twitch/callback`] }],
  });
  const database = await createTestDatabase('greetboard_twitch');
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  const broker = new InProcessBroker();
  const transport: TransportRuntime = { kind: 'in-process', broker };
  const kv = new RedisKeyValueStore(
    TEST_INFRASTRUCTURE.redis,
    `greetboard-test:${randomBytes(6).toString('hex')}:auth:`,
  );
  const env = twitchEnv.parse({
    TWITCH_CLIENT_ID: DEFAULT_CLIENT.clientId,
    TWITCH_CLIENT_SECRET: DEFAULT_CLIENT.clientSecret,
    TWITCH_ID_URL: emulator.httpUrl,
    TWITCH_API_URL: emulator.httpUrl,
    TWITCH_EVENTSUB_URL: options.eventSubUrl ?? emulator.eventSubWsUrl,
    AUTO_START_POLL_INTERVAL_MS: options.pollIntervalMs,
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ADMIN_TWITCH_LOGINS: options.approvedLogins.join(','),
  });
  // Chat-ingest's leases and heartbeats, apart from auth's keys as between real services.
  const chatKv = options.chatIngest
    ? new RedisKeyValueStore(
        TEST_INFRASTRUCTURE.redis,
        `greetboard-test:${randomBytes(6).toString('hex')}:chat-ingest:`,
      )
    : undefined;
  const databaseRuntime = { kind: 'postgres' as const, url: database.url, poolSize: 4 };
  const streams = await createDurableStreams(transport);
  const services: INestMicroservice[] = [
    await startServiceApp(
      'sessions',
      SessionsModule.register({
        transport,
        database: databaseRuntime,
        streams,
        chatterProfiles: options.chatterProfiles,
      }),
      transport,
      'warn',
    ),
    ...(chatKv
      ? [
          await startServiceApp(
            'chat-ingest',
            ChatIngestModule.register({
              transport,
              kv: chatKv,
              streams,
              replicaId: 'twitch-sessions-stack',
              channelsPerConnection: 20,
              leaseTtlMs: 10_000,
              connect: (onLine, onJoin) =>
                new TmiChatConnection(
                  chatServerFromUrl(emulator.ircWsUrl),
                  onLine,
                  onJoin,
                  anonymousChatAccount(),
                ),
            }),
            transport,
            'warn',
          ),
        ]
      : []),
    await startServiceApp(
      'auth',
      AuthModule.register({
        transport,
        database: databaseRuntime,
        streams,
        kv,
        config: resolveAuthConfig({ ...env, PUBLIC_URL: publicUrl, PORT: 9 }),
      }),
      transport,
      'warn',
    ),
  ];
  const client = new InProcessClient(broker);
  const request: TwitchSessionsStack['request'] = (definition, body) =>
    sendRequest(client, definition, body);
  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${emulator.httpUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  };

  const signIn = async (login: string): Promise<SignedInUser> => {
    await control('POST', '/control/users', { login });
    await control('POST', '/control/oauth/auto-approve', { login });
    const { authorizeUrl } = await request(AUTH_REQUESTS.beginSignIn, {});
    const answer = await fetch(authorizeUrl, { redirect: 'manual' });
    await control('DELETE', '/control/oauth/auto-approve');
    const callback = new URL(answer.headers.get('location') ?? '');
    const { user } = await request(AUTH_REQUESTS.completeSignIn, {
      code: callback.searchParams.get('code') ?? '',
      state: callback.searchParams.get('state') ?? '',
    });
    // Sessions knows the user once auth's UserChanged reached its projection.
    await waitFor(
      async () =>
        (await db.query('SELECT 1 FROM sessions.users WHERE id = $1', [user.id])).rowCount === 1,
      { what: `${login} in the sessions projection` },
    );
    return {
      id: user.id,
      username: user.username,
      twitchId: user.twitchId,
      actor: {
        id: user.id,
        username: user.username,
        isApproved: user.isApproved,
        isAdmin: user.isAdmin,
      },
    };
  };

  return {
    emulator,
    broker,
    sessions: services[0],
    db,
    request,
    control,
    signIn,
    updateSettings: async (userId, changes) => {
      await request(AUTH_REQUESTS.updateSettings, { userId, changes });
    },
    close: async () => {
      for (const service of services.reverse()) await service.close();
      await streams.close();
      client.close();
      await kv.close();
      await chatKv?.close();
      await db.end();
      await database.drop();
      await emulator.close();
    },
  };
}

/** An anonymous IRC reader in one channel: what the channel's viewers see. */
export interface ChatReader {
  /** PRIVMSG texts seen so far. */
  messages: string[];
  close(): void;
}

export async function readChat(emulator: TwitchEmulator, channel: string): Promise<ChatReader> {
  const socket = new WebSocket(emulator.ircWsUrl);
  const messages: string[] = [];
  let joined = false;
  socket.addEventListener('message', (event) => {
    for (const line of String(event.data).split('\r\n')) {
      if (/^:justinfan\d+!\S+ JOIN #/.test(line)) joined = true;
      const privmsg = /PRIVMSG #\S+ :(.*)$/.exec(line);
      if (privmsg?.[1] !== undefined) messages.push(privmsg[1]);
    }
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  socket.send(`PASS SCHMOOPIIE\r\nNICK justinfan${Math.floor(Math.random() * 1e6)}\r\n`);
  socket.send(`JOIN #${channel}\r\n`);
  await waitFor(() => joined, { what: `the chat reader in #${channel}` });
  return { messages, close: () => socket.close() };
}

/** The emulator's EventSub subscriptions for a broadcaster, asked with an app token. */
export async function enabledStreamSubscriptions(
  emulator: TwitchEmulator,
  broadcasterId: string,
): Promise<string[]> {
  const token = (await (
    await fetch(`${emulator.httpUrl}/oauth2/token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: DEFAULT_CLIENT.clientId,
        client_secret: DEFAULT_CLIENT.clientSecret,
        grant_type: 'client_credentials',
      }),
    })
  ).json()) as { access_token: string };
  const answer = (await (
    await fetch(`${emulator.httpUrl}/helix/eventsub/subscriptions`, {
      headers: {
        Authorization: `Bearer ${token.access_token}`,
        'Client-Id': DEFAULT_CLIENT.clientId,
      },
    })
  ).json()) as {
    data: { type: string; status: string; condition: { broadcaster_user_id: string } }[];
  };
  return answer.data
    .filter((s) => s.status === 'enabled' && s.condition.broadcaster_user_id === broadcasterId)
    .map((s) => s.type)
    .sort();
}
