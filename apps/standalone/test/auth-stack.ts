import { randomBytes } from 'node:crypto';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import pg from 'pg';
import { AuthModule, resolveAuthConfig, twitchEnv } from '@greetboard/auth';
import {
  ADMIN_REQUESTS,
  AUTH_EVENTS,
  HEALTH_CHECKS,
  LIVE_EVENTS,
  USER_DATA_REQUESTS,
  LiveEventEnvelope,
  UserDataCountRequest,
  UserSessionsEnded,
  type HealthReport,
  type SessionsAdminTotals,
  type UserDataCount,
} from '@greetboard/contracts';
import { startGateway, type RunningGateway } from '@greetboard/gateway';
import { RedisKeyValueStore, type KeyValueStore } from '@greetboard/kv';
import { startServiceApp } from '@greetboard/service-kit';
import {
  createTestDatabase,
  freePort,
  startPrivateNatsServer,
  TEST_INFRASTRUCTURE,
  type PrivateNatsServer,
  type TestDatabase,
} from '@greetboard/testing';
import {
  DEFAULT_CLIENT,
  startTwitchEmulator,
  type TwitchEmulator,
} from '@greetboard/twitch-emulator';
import {
  BusClientModule,
  createDurableStreams,
  InProcessBroker,
  OnEvent,
  OnRequest,
  type TransportRuntime,
} from '@greetboard/transport';

/** What the sessions service would answer for USER_DATA_REQUESTS.count, per user id. */
export const userDataCounts = new Map<string, UserDataCount>();
export const liveEvents: LiveEventEnvelope[] = [];
export const endedSessions: UserSessionsEnded[] = [];

/**
 * Stands in for the sessions service (counts) and for the gateways' future live relay
 * (records what auth emits), so these tests depend on auth and the gateway only.
 */
@Controller()
class SessionsStandIn {
  @OnRequest(USER_DATA_REQUESTS.count)
  count(@Payload() request: UserDataCountRequest): Record<string, UserDataCount> {
    return Object.fromEntries(
      request.userIds.map((id) => [id, userDataCounts.get(id) ?? { sessions: 0, chatters: 0 }]),
    );
  }

  /** Answers the gateway's readiness probe, so tests can wait for it after a NATS restart. */
  @OnRequest(HEALTH_CHECKS.sessions)
  health(): HealthReport {
    return { service: 'sessions', status: 'up', checks: {}, uptimeSeconds: 0 };
  }

  @OnRequest(ADMIN_REQUESTS.sessionsTotals)
  totals(): SessionsAdminTotals {
    return { activeSessions: 0, totalChatters: 0 };
  }

  @OnEvent(LIVE_EVENTS.relay)
  live(@Payload() event: LiveEventEnvelope): void {
    liveEvents.push(event);
  }

  @OnEvent(AUTH_EVENTS.sessionsEnded)
  ended(@Payload() event: UserSessionsEnded): void {
    endedSessions.push(event);
  }
}

@Module({})
class SessionsStandInModule {
  static register(transport: TransportRuntime) {
    return {
      module: SessionsStandInModule,
      imports: [BusClientModule.register(transport)],
      controllers: [SessionsStandIn],
    };
  }
}

export interface AuthStackOptions {
  transport?: 'in-process' | 'nats';
  adminLogins?: string[];
  gateways?: number;
  rateLimits?: { signIn?: number; api?: number };
  logLevel?: 'warn' | 'verbose';
  /** Auth's token validation rounds (TOKEN_VALIDATION_ROUND_MS, TOKEN_VALIDATION_AGE_MS). */
  tokenValidation?: { roundMs?: number; maxAgeMs?: number };
  /** LOGIN_SESSIONS_PER_USER. */
  loginSessionsPerUser?: number;
}

export interface AuthStack {
  emulator: TwitchEmulator;
  gateways: RunningGateway[];
  /** Gateway 0's public URL (the OAuth redirect goes there). */
  url: string;
  database: TestDatabase;
  db: pg.Client;
  transport: TransportRuntime;
  /** The stack's own NATS server when `transport: 'nats'`; tests may stop and start it. */
  nats?: PrivateNatsServer;
  /** The running auth service, for tests that reach its providers (`auth.get(...)`). */
  auth: INestMicroservice;
  /** Starts one more auth replica on the same database, store and bus. */
  startAuthReplica(): Promise<INestMicroservice>;
  /** Every access and refresh token the emulator issued. */
  issuedTokens: string[];
  close(): Promise<void>;
}

/** Twitch (the emulator), the auth service, a sessions stand-in and gateways, on real Postgres and Redis. */
export async function startAuthStack(options: AuthStackOptions = {}): Promise<AuthStack> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const emulator = await startTwitchEmulator({
    httpPort: 0,
    ircPort: 0,
    clients: [{ ...DEFAULT_CLIENT, redirectUris: [`${url}/auth/twitch/callback`] }],
  });
  const issuedTokens = recordIssuedTokens(emulator);
  const database = await createTestDatabase('greetboard_auth');
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  // Over NATS, a server of the stack's own: no other test's services answer its requests.
  const nats = options.transport === 'nats' ? await startPrivateNatsServer() : undefined;
  const transport: TransportRuntime = nats
    ? { kind: 'nats', url: nats.url, prefix: `t-${randomBytes(4).toString('hex')}` }
    : { kind: 'in-process', broker: new InProcessBroker() };
  const prefix = `greetboard-test:${randomBytes(6).toString('hex')}:`;
  const stores: KeyValueStore[] = [];
  const store = (suffix: string) => {
    const kv = new RedisKeyValueStore(TEST_INFRASTRUCTURE.redis, `${prefix}${suffix}`);
    stores.push(kv);
    return kv;
  };
  const env = twitchEnv.parse({
    TWITCH_CLIENT_ID: DEFAULT_CLIENT.clientId,
    TWITCH_CLIENT_SECRET: DEFAULT_CLIENT.clientSecret,
    TWITCH_ID_URL: emulator.httpUrl,
    TWITCH_API_URL: emulator.httpUrl,
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ADMIN_TWITCH_LOGINS: (options.adminLogins ?? []).join(','),
    TOKEN_VALIDATION_ROUND_MS: options.tokenValidation?.roundMs,
    TOKEN_VALIDATION_AGE_MS: options.tokenValidation?.maxAgeMs,
    LOGIN_SESSIONS_PER_USER: options.loginSessionsPerUser,
  });
  const level = options.logLevel ?? 'warn';
  const services: INestMicroservice[] = [];
  const gateways: RunningGateway[] = [];
  const databaseRuntime = { kind: 'postgres' as const, url: database.url, poolSize: 4 };
  const streams = await createDurableStreams(transport);
  const startAuth = () =>
    startServiceApp(
      'auth',
      AuthModule.register({
        transport,
        database: databaseRuntime,
        streams,
        kv: store('auth:'),
        config: resolveAuthConfig({ ...env, PUBLIC_URL: url, PORT: port }),
      }),
      transport,
      level,
    );
  const auth = await startAuth();
  services.push(
    auth,
    await startServiceApp('sessions', SessionsStandInModule.register(transport), transport, level),
  );
  const gatewayKv = store('gateway:');
  for (let index = 0; index < (options.gateways ?? 1); index++) {
    gateways.push(
      await startGateway({
        config: {
          HOST: '127.0.0.1',
          PORT: index === 0 ? port : 0,
          PUBLIC_URL: url,
          SHUTDOWN_GRACE_MS: 1_000,
          LOG_LEVEL: level,
          RATE_LIMIT_SIGN_IN_PER_MINUTE: options.rateLimits?.signIn ?? 1_000,
          RATE_LIMIT_API_PER_MINUTE: options.rateLimits?.api ?? 10_000,
        },
        transport,
        kv: gatewayKv,
      }),
    );
  }
  return {
    emulator,
    gateways,
    url,
    database,
    db,
    transport,
    nats,
    auth,
    startAuthReplica: async () => {
      const replica = await startAuth();
      services.push(replica);
      return replica;
    },
    issuedTokens,
    close: async () => {
      for (const gateway of gateways) await gateway.close();
      for (const service of services) await service.close();
      await streams.close();
      for (const kv of stores) await kv.close();
      await db.end();
      await database.drop();
      await emulator.close();
      await nats?.dispose();
    },
  };
}

function recordIssuedTokens(emulator: TwitchEmulator): string[] {
  const issued: string[] = [];
  const tokens = emulator.state.tokens;
  const issue = tokens.issueUserToken.bind(tokens);
  tokens.issueUserToken = (...args) => {
    const token = issue(...args);
    issued.push(token.accessToken, token.refreshToken ?? '');
    return token;
  };
  const refresh = tokens.refresh.bind(tokens);
  tokens.refresh = (...args) => {
    const token = refresh(...args);
    if (token) issued.push(token.accessToken, token.refreshToken ?? '');
    return token;
  };
  return issued;
}
