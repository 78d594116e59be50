import { Module, type DynamicModule } from '@nestjs/common';
import { HEALTH_CHECKS } from '@greetboard/contracts';
import {
  DomainEventOutbox,
  ServiceDatabaseModule,
  type DatabaseRuntime,
} from '@greetboard/persistence';
import { DataSource } from 'typeorm';
import { replicaStatusController, ServiceHealthModule } from '@greetboard/service-kit';
import { BusClientModule, type DurableStreams, type TransportRuntime } from '@greetboard/transport';
import {
  CHATTER_PROFILE_SETTINGS,
  ChatterProfilesJob,
  DEFAULT_CHATTER_PROFILE_SETTINGS,
  type ChatterProfileSettings,
} from './chatter-profiles/chatter-profiles.job.js';
import { ChatterProfilesRepository } from './chatter-profiles/chatter-profiles.repository.js';
import { ChattersHandler } from './chatters/chatters.handler.js';
import { ChattersRepository } from './chatters/chatters.repository.js';
import { ChattersService } from './chatters/chatters.service.js';
import { RaidsHandler } from './raids/raids.handler.js';
import { RaidsRepository } from './raids/raids.repository.js';
import { ModerationRepository } from './moderation/moderation.repository.js';
import { RaidsService } from './raids/raids.service.js';
import { SESSIONS_DATABASE } from './database/sessions-database.js';
import { EditorsHandler } from './editors/editors.handler.js';
import { EditorsRepository } from './editors/editors.repository.js';
import { EditorsService } from './editors/editors.service.js';
import { IgnoredUsersHandler } from './ignored-users/ignored-users.handler.js';
import { IgnoredUsersRepository } from './ignored-users/ignored-users.repository.js';
import { LiveEvents } from './live/live-events.js';
import { SessionAccessRules } from './sessions/session-access.js';
import { SessionsHandler } from './sessions/sessions.handler.js';
import { StreamGraceJob } from './sessions/stream-grace.job.js';
import {
  DEFAULT_SESSION_LIMITS,
  SESSION_LIMITS,
  type SessionLimits,
} from './sessions/session-limits.js';
import { SessionsRepository } from './sessions/sessions.repository.js';
import { SessionsService } from './sessions/sessions.service.js';
import { SESSIONS_OUTBOX, SessionDomainEvents } from './events/session-domain-events.js';
import { SnapshotsHandler } from './events/snapshots.handler.js';
import { SnapshotsRepository } from './events/snapshots.repository.js';
import {
  DEFAULT_STREAM_SETTINGS,
  SESSIONS_STREAM_SETTINGS,
  SESSIONS_STREAMS,
  type StreamSettings,
} from './streams.js';
import { ChatLinesConsumer } from './monitoring/chat-lines.consumer.js';
import { ChatLinesSeenPruner } from './monitoring/chat-lines-seen-pruner.js';
import { MonitoredChannelsHandler } from './monitoring/monitored-channels.handler.js';
import { MonitoringRepository } from './monitoring/monitoring.repository.js';
import { AdminTotalsHandler } from './sessions/admin-totals.handler.js';
import { UserDataHandler } from './users/user-data.handler.js';
import { UsersProjectionConsumer } from './users/users-projection.consumer.js';
import { UsersRepository } from './users/users.repository.js';
import { WelcomeHandler } from './welcome/welcome.handler.js';
import { WelcomeRepository } from './welcome/welcome.repository.js';
import { WelcomeSender } from './welcome/welcome.sender.js';
import {
  DEFAULT_WELCOME_OPTIONS,
  WELCOME_OPTIONS,
  WelcomeService,
  type WelcomeOptions,
} from './welcome/welcome.service.js';

export interface SessionsServiceOptions {
  transport: TransportRuntime;
  database: DatabaseRuntime;
  /** The process's durable streams, opened by its composition root. */
  streams: DurableStreams;
  /** Stream and consumer names; tests give each file its own. */
  streamSettings?: Partial<StreamSettings>;
  /** Caps per user; defaults far above what a real streamer reaches. */
  limits?: Partial<SessionLimits>;
  /** The profile image job's timing; defaults for production. */
  chatterProfiles?: Partial<ChatterProfileSettings>;
  /** Welcome messages' undo window, rate and polling (ADR 0054); defaults for production. */
  welcome?: Partial<WelcomeOptions>;
}

const withoutUndefined = <T extends object>(values: Partial<T> | undefined): Partial<T> =>
  Object.fromEntries(
    Object.entries(values ?? {}).filter(([, value]) => value !== undefined),
  ) as Partial<T>;

@Module({})
export class SessionsModule {
  static register(options: SessionsServiceOptions): DynamicModule {
    return {
      module: SessionsModule,
      imports: [
        BusClientModule.register(options.transport),
        ServiceDatabaseModule.forRoot(options.database, SESSIONS_DATABASE),
        ServiceHealthModule.register('sessions', HEALTH_CHECKS.sessions),
      ],
      controllers: [
        UserDataHandler,
        SessionsHandler,
        ChattersHandler,
        RaidsHandler,
        IgnoredUsersHandler,
        EditorsHandler,
        MonitoredChannelsHandler,
        AdminTotalsHandler,
        replicaStatusController('sessions'),
        SnapshotsHandler,
        WelcomeHandler,
      ],
      providers: [
        {
          provide: SESSION_LIMITS,
          useValue: { ...DEFAULT_SESSION_LIMITS, ...withoutUndefined(options.limits) },
        },
        {
          provide: CHATTER_PROFILE_SETTINGS,
          useValue: {
            ...DEFAULT_CHATTER_PROFILE_SETTINGS,
            ...withoutUndefined(options.chatterProfiles),
          },
        },
        {
          provide: WELCOME_OPTIONS,
          useValue: { ...DEFAULT_WELCOME_OPTIONS, ...withoutUndefined(options.welcome) },
        },
        { provide: SESSIONS_STREAMS, useValue: options.streams },
        {
          provide: SESSIONS_STREAM_SETTINGS,
          useValue: { ...DEFAULT_STREAM_SETTINGS, ...options.streamSettings },
        },
        UsersRepository,
        UsersProjectionConsumer,
        SessionsRepository,
        SessionAccessRules,
        EditorsRepository,
        IgnoredUsersRepository,
        MonitoringRepository,
        LiveEvents,
        {
          provide: SESSIONS_OUTBOX,
          useFactory: (dataSource: DataSource, streams: DurableStreams) =>
            new DomainEventOutbox(dataSource, streams, { schema: 'sessions' }),
          inject: [DataSource, SESSIONS_STREAMS],
        },
        SessionDomainEvents,
        SnapshotsRepository,
        SessionsService,
        ChattersRepository,
        ChattersService,
        RaidsRepository,
        ModerationRepository,
        RaidsService,
        EditorsService,
        ChatLinesConsumer,
        ChatLinesSeenPruner,
        StreamGraceJob,
        ChatterProfilesRepository,
        ChatterProfilesJob,
        WelcomeRepository,
        WelcomeService,
        WelcomeSender,
      ],
      exports: [ChattersRepository, ChatLinesSeenPruner, ChatterProfilesJob],
    };
  }
}
