import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { INestMicroservice } from '@nestjs/common';
import { z } from 'zod';
import {
  baseEnv,
  databaseEnv,
  httpEnv,
  natsEnv,
  redisEnv,
  userLimitsEnv,
} from '@greetboard/config';
import { AuthModule, publicUrlOf, resolveAuthConfig, twitchEnv } from '@greetboard/auth';
import {
  ChatIngestModule,
  chatIngestEnv,
  chatServerFromUrl,
  TmiChatConnection,
} from '@greetboard/chat-ingest';
import { gatewayAuthEnv, startGateway } from '@greetboard/gateway';
import { createKeyValueStore } from '@greetboard/kv';
import { closeDatabaseRuntime, openDatabaseRuntime } from '@greetboard/persistence';
import { startServiceApp, transportRuntimeFrom } from '@greetboard/service-kit';
import { createDurableStreams } from '@greetboard/transport';
import { SessionsModule } from '@greetboard/sessions';
import { StatsModule } from '@greetboard/stats';
import { DEMO_STREAMER, startDemoTwitch, type DemoTwitch } from './demo-twitch.js';

const emulatorPort = z.coerce.number().int().min(0).max(65_535).optional();

export const standaloneEnv = baseEnv.extend({
  ...natsEnv.shape,
  ...databaseEnv.shape,
  ...redisEnv.shape,
  ...httpEnv.shape,
  ...twitchEnv.shape,
  ...gatewayAuthEnv.shape,
  ...userLimitsEnv.shape,
  CHANNELS_PER_CONNECTION: chatIngestEnv.shape.CHANNELS_PER_CONNECTION,
  CHANNEL_LEASE_TTL_MS: chatIngestEnv.shape.CHANNEL_LEASE_TTL_MS,
  /** Demo mode: the emulator's ports (default: ephemeral). */
  EMULATOR_HTTP_PORT: emulatorPort,
  EMULATOR_IRC_PORT: emulatorPort,
});

export type StandaloneConfig = z.infer<typeof standaloneEnv>;

export interface RunningStandalone {
  url: string;
  /** The built-in Twitch in demo mode (no TWITCH_CLIENT_ID). */
  demo?: DemoTwitch;
  close(): Promise<void>;
}

/** The web app built by `npm run build`, served when WEB_DIST_DIR is not set. */
function builtWebApp(): string | undefined {
  const dir = fileURLToPath(new URL('../../../web/dist', import.meta.url));
  return existsSync(`${dir}/index.html`) ? dir : undefined;
}

/**
 * Starts every service and the gateway in this process: one in-process bus (unless NATS_URL
 * is set), one embedded database (unless DATABASE_URL is set), in-memory stores (unless
 * REDIS_URL is set), and the Twitch emulator as Twitch (unless TWITCH_CLIENT_ID is set).
 * Closing stops the gateway first, so requests drain before the services and the database go.
 */
export async function startStandalone(config: StandaloneConfig): Promise<RunningStandalone> {
  const publicUrl = publicUrlOf(config);
  const demo = config.TWITCH_CLIENT_ID
    ? undefined
    : await startDemoTwitch({
        publicUrl,
        dataDir: config.DATA_DIR,
        httpPort: config.EMULATOR_HTTP_PORT,
        ircPort: config.EMULATOR_IRC_PORT,
      });
  const twitchConfig = demo
    ? {
        ...config,
        ...demo.env,
        ADMIN_TWITCH_LOGINS: [config.ADMIN_TWITCH_LOGINS, DEMO_STREAMER].filter(Boolean).join(','),
      }
    : config;
  const transport = transportRuntimeFrom(config);
  const database = await openDatabaseRuntime(config);
  const kv = createKeyValueStore(config, 'greetboard:');
  const authKv = createKeyValueStore(config, 'greetboard:auth:');
  const services: INestMicroservice[] = [];
  const closeServices = async () => {
    for (const service of services.reverse()) await service.close();
    await kv.close();
    await authKv.close();
    await closeDatabaseRuntime(database);
    await demo?.close();
  };
  try {
    const level = config.LOG_LEVEL;
    const authConfig = resolveAuthConfig(twitchConfig);
    services.push(
      await startServiceApp(
        'auth',
        AuthModule.register({ transport, database, kv: authKv, config: authConfig }),
        transport,
        level,
      ),
      await startServiceApp(
        'sessions',
        SessionsModule.register({
          transport,
          database,
          limits: {
            activeSessionsPerUser: config.ACTIVE_SESSIONS_PER_USER,
            sessionsCreatedPerMinute: config.SESSIONS_CREATED_PER_MINUTE,
          },
        }),
        transport,
        level,
      ),
      await startServiceApp(
        'stats',
        StatsModule.register({ transport, database }),
        transport,
        level,
      ),
      await startServiceApp(
        'chat-ingest',
        ChatIngestModule.register({
          transport,
          kv,
          streams: await createDurableStreams(transport),
          replicaId: 'standalone',
          channelsPerConnection: config.CHANNELS_PER_CONNECTION,
          leaseTtlMs: config.CHANNEL_LEASE_TTL_MS,
          connect: (onLine) =>
            new TmiChatConnection(chatServerFromUrl(twitchConfig.TWITCH_IRC_URL), onLine),
        }),
        transport,
        level,
      ),
    );
    const gateway = await startGateway({
      config: {
        ...config,
        PUBLIC_URL: publicUrl,
        WEB_DIST_DIR: config.WEB_DIST_DIR ?? builtWebApp(),
      },
      transport,
      kv,
      demoMode: demo !== undefined,
      imageOrigins: demo ? [demo.emulator.httpUrl] : [],
    });
    return {
      url: gateway.url,
      demo,
      close: async () => {
        await gateway.close();
        await closeServices();
      },
    };
  } catch (error) {
    await closeServices();
    throw error;
  }
}
