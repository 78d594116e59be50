import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { HEALTH_CHECKS, STREAMS } from '@greetboard/contracts';
import type { KeyValueStore } from '@greetboard/kv';
import {
  DomainEventOutbox,
  ServiceDatabaseModule,
  type DatabaseRuntime,
} from '@greetboard/persistence';
import { replicaStatusController, ServiceHealthModule } from '@greetboard/service-kit';
import { BusClientModule, type DurableStreams, type TransportRuntime } from '@greetboard/transport';
import { SessionAnnouncer } from './announcements/session-announcer.js';
import { TwitchChatHandler } from './announcements/twitch-chat.handler.js';
import { AUTH_CONFIG, AUTH_KV, DOMAIN_STREAMS } from './auth.tokens.js';
import { AutoStartSessions } from './auto-start/auto-start-sessions.js';
import { AutoStartWatcher } from './auto-start/auto-start-watcher.js';
import type { AuthConfig } from './config.js';
import { AUTH_DATABASE } from './database/auth-database.js';
import { LoginSessions } from './login-sessions/login-sessions.js';
import { LoginSessionsRepository } from './login-sessions/login-sessions.repository.js';
import { SettingsHandler } from './settings/settings.handler.js';
import { SettingsRepository } from './settings/settings.repository.js';
import { SettingsService } from './settings/settings.service.js';
import { OverlayLinksHandler } from './overlay-links/overlay-links.handler.js';
import { SignInHandler } from './sign-in/sign-in.handler.js';
import { SignInService } from './sign-in/sign-in.service.js';
import { TwitchClient } from './twitch/twitch-client.js';
import { TwitchTokenVault } from './twitch/twitch-token-vault.js';
import { TwitchTokensRepository } from './twitch/twitch-tokens.repository.js';
import { TwitchUserSearch } from './twitch/twitch-user-search.js';
import { UserEvents } from './users/user-events.js';
import { AdminTotalsHandler } from './users/admin-totals.handler.js';
import { UsersHandler } from './users/users.handler.js';
import { UsersRepository } from './users/users.repository.js';
import { UsersService } from './users/users.service.js';

export interface AuthServiceOptions {
  transport: TransportRuntime;
  database: DatabaseRuntime;
  /** The process's durable streams, opened (and closed) by its composition root. */
  streams: DurableStreams;
  /** Login sessions and sign-in states; Redis in cluster mode (`<prefix>:auth:` keys). */
  kv: KeyValueStore;
  config: AuthConfig;
}

@Module({})
export class AuthModule {
  static register(options: AuthServiceOptions): DynamicModule {
    return {
      module: AuthModule,
      imports: [
        BusClientModule.register(options.transport),
        ServiceDatabaseModule.forRoot(options.database, AUTH_DATABASE),
        ServiceHealthModule.register('auth', HEALTH_CHECKS.auth, {
          keyValueStore: () => options.kv.ping(),
        }),
      ],
      controllers: [
        SignInHandler,
        OverlayLinksHandler,
        SettingsHandler,
        UsersHandler,
        AdminTotalsHandler,
        TwitchChatHandler,
        replicaStatusController('auth'),
      ],
      providers: [
        { provide: AUTH_CONFIG, useValue: options.config },
        { provide: AUTH_KV, useValue: options.kv },
        {
          provide: DOMAIN_STREAMS,
          useFactory: async () => {
            const { streams } = options;
            await streams.ensureStream({
              name: STREAMS.domainEvents.name,
              subjects: [...STREAMS.domainEvents.subjects],
            });
            return streams;
          },
        },
        {
          provide: TwitchClient,
          useFactory: () => new TwitchClient(options.config.twitch),
        },
        UsersRepository,
        SettingsRepository,
        TwitchTokensRepository,
        LoginSessionsRepository,
        LoginSessions,
        {
          provide: DomainEventOutbox,
          useFactory: (dataSource: DataSource, streams: DurableStreams) =>
            new DomainEventOutbox(dataSource, streams, { schema: 'auth' }),
          inject: [DataSource, DOMAIN_STREAMS],
        },
        UserEvents,
        TwitchTokenVault,
        UsersService,
        SettingsService,
        SignInService,
        TwitchUserSearch,
        SessionAnnouncer,
        AutoStartSessions,
        AutoStartWatcher,
      ],
    };
  }
}
