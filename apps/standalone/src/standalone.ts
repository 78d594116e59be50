import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  baseEnv,
  chatLinesBatchMs,
  databaseEnv,
  httpEnv,
  natsEnv,
  redisEnv,
  STANDALONE_CHAT_LINES_BATCH_MS,
  userLimitsEnv,
} from '@greetboard/config';
import { authRuntime, publicUrlOf, resolveAuthConfig, twitchEnv } from '@greetboard/auth';
import { chatIngestEnv, chatIngestRuntime } from '@greetboard/chat-ingest';
import { gatewayAuthEnv, gatewayRuntime } from '@greetboard/gateway';
import { openServiceInfrastructure, type RunningService } from '@greetboard/service-kit';
import { chatterProfilesEnv, sessionsRuntime, welcomeEnv } from '@greetboard/sessions';
import { statsRuntime } from '@greetboard/stats';
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
  ...chatterProfilesEnv.shape,
  ...welcomeEnv.shape,
  CHAT_LINES_BATCH_MS: chatLinesBatchMs(STANDALONE_CHAT_LINES_BATCH_MS),
  CHANNELS_PER_CONNECTION: chatIngestEnv.shape.CHANNELS_PER_CONNECTION,
  CHANNEL_LEASE_TTL_MS: chatIngestEnv.shape.CHANNEL_LEASE_TTL_MS,
  CHAT_JOIN_TIMEOUT_MS: chatIngestEnv.shape.CHAT_JOIN_TIMEOUT_MS,
  /** Demo mode: the emulator's HTTP port (OAuth, Helix, control API; 0: any free port). */
  EMULATOR_HTTP_PORT: emulatorPort.default(3100),
  /** Demo mode: the emulator's IRC-over-TCP port (default: any free port). */
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
  // One bus, one set of durable streams and one database for every service of the process.
  const infrastructure = await openServiceInfrastructure(config, {
    database: true,
    streams: true,
  });
  const services: RunningService[] = [];
  const closeServices = async () => {
    for (const service of services.reverse()) await service.close();
    await infrastructure.close();
    await demo?.close();
  };
  try {
    services.push(
      await authRuntime.start({ ...config, auth: resolveAuthConfig(twitchConfig) }, infrastructure),
      await sessionsRuntime.start(config, infrastructure),
      await statsRuntime.start(config, infrastructure),
      await chatIngestRuntime.start(
        {
          ...config,
          TWITCH_IRC_URL: twitchConfig.TWITCH_IRC_URL,
          CHAT_INGEST_REPLICA_ID: 'standalone',
        },
        infrastructure,
      ),
    );
    const gateway = await gatewayRuntime.start(
      {
        ...config,
        PUBLIC_URL: publicUrl,
        WEB_DIST_DIR: config.WEB_DIST_DIR ?? builtWebApp(),
        demoMode: demo !== undefined,
        imageOrigins: demo ? [demo.emulator.httpUrl] : [],
        // The emulator serves emote images like Twitch's CDN (demo mode: no request leaves).
        TWITCH_EMOTE_URL_TEMPLATE: demo
          ? `${demo.emulator.httpUrl}/emoticons/v2/{id}/default/{theme}/1.0`
          : config.TWITCH_EMOTE_URL_TEMPLATE,
      },
      infrastructure,
    );
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
