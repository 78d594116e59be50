import { Module, type DynamicModule } from '@nestjs/common';
import { HEALTH_CHECKS } from '@greetboard/contracts';
import {
  REPLICA_DETAILS,
  replicaStatusController,
  ServiceHealthModule,
  type ReplicaDetails,
} from '@greetboard/service-kit';
import { BusClientModule, type TransportRuntime } from '@greetboard/transport';
import {
  CHAT_INGEST_OPTIONS,
  ChatIngestRunner,
  type ChatIngestRuntime,
} from './ingest/chat-ingest.runner.js';
import { MonitorsHandler } from './ingest/monitors.handler.js';

export interface ChatIngestServiceOptions extends ChatIngestRuntime {
  transport: TransportRuntime;
}

/** Reads Twitch chat for the monitored channels and stores every line durably. */
@Module({})
export class ChatIngestModule {
  static register(options: ChatIngestServiceOptions): DynamicModule {
    const { transport, ...runtime } = options;
    return {
      module: ChatIngestModule,
      imports: [
        BusClientModule.register(transport),
        ServiceHealthModule.register('chat-ingest', HEALTH_CHECKS.chatIngest, {
          keyValueStore: () => runtime.kv.ping(),
        }),
      ],
      controllers: [MonitorsHandler, replicaStatusController('chat-ingest', runtime.replicaId)],
      providers: [
        { provide: CHAT_INGEST_OPTIONS, useValue: runtime },
        ChatIngestRunner,
        {
          provide: REPLICA_DETAILS,
          inject: [ChatIngestRunner],
          useFactory:
            (runner: ChatIngestRunner): ReplicaDetails =>
            () => ({
              tmiConnections: runner.monitor.connectionCount(),
              channels: runner.monitor.channels(),
              unjoinedChannels: runner.monitor.unjoinedChannels(),
            }),
        },
      ],
      exports: [ChatIngestRunner],
    };
  }
}
