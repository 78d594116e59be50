import type { LogLevel } from '@greetboard/config';
import {
  databaseOf,
  startServiceApp,
  streamsOf,
  type ServiceRuntime,
} from '@greetboard/service-kit';
import type { ChatterProfilesConfig, WelcomeConfig } from './config.js';
import { SessionsModule } from './sessions.module.js';

/** The sessions service's composition root, used by its main.ts and the standalone runtime. */
export const sessionsRuntime: ServiceRuntime<
  {
    LOG_LEVEL: LogLevel;
    SESSIONS_CREATED_PER_MINUTE?: number;
    CHAT_LINES_BATCH_MS?: number;
  } & Partial<ChatterProfilesConfig> &
    Partial<WelcomeConfig>
> = {
  service: 'sessions',
  needs: { database: true, streams: true },
  start: (config, infrastructure) =>
    startServiceApp(
      'sessions',
      SessionsModule.register({
        transport: infrastructure.transport,
        database: databaseOf(infrastructure),
        streams: streamsOf(infrastructure),
        streamSettings:
          config.CHAT_LINES_BATCH_MS === undefined
            ? undefined
            : { chatLinesBatchMs: config.CHAT_LINES_BATCH_MS },
        limits: {
          sessionsCreatedPerMinute: config.SESSIONS_CREATED_PER_MINUTE,
        },
        chatterProfiles: {
          intervalMs: config.CHATTER_PROFILES_INTERVAL_MS,
          refreshAfterMs:
            config.CHATTER_PROFILES_REFRESH_HOURS === undefined
              ? undefined
              : config.CHATTER_PROFILES_REFRESH_HOURS * 3_600_000,
          retryAfterMs: config.CHATTER_PROFILES_RETRY_MS,
        },
        welcome: { messagesPer30s: config.WELCOME_MESSAGES_PER_30S },
      }),
      infrastructure.transport,
      config.LOG_LEVEL,
    ),
};
