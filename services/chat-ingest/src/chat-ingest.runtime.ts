import { keyPrefixOf } from '@greetboard/config';
import { STREAMS } from '@greetboard/contracts';
import { exportStreamStorage } from '@greetboard/metrics';
import { createKeyValueStore } from '@greetboard/kv';
import { startServiceApp, streamsOf, type ServiceRuntime } from '@greetboard/service-kit';
import { ChatIngestModule } from './chat-ingest.module.js';
import type { ChatIngestConfig } from './config.js';
import { DEFAULT_JOIN_TIMING } from './connections/channel-joins.js';
import {
  anonymousChatAccount,
  chatServerFromUrl,
  TmiChatConnection,
} from './connections/tmi-chat-connection.js';

export type ChatIngestRuntimeConfig = Pick<
  ChatIngestConfig,
  | 'LOG_LEVEL'
  | 'REDIS_URL'
  | 'INSTALLATION_PREFIX'
  | 'TWITCH_IRC_URL'
  | 'CHAT_INGEST_REPLICA_ID'
  | 'CHANNELS_PER_CONNECTION'
  | 'CHANNEL_LEASE_TTL_MS'
  | 'CHAT_JOIN_TIMEOUT_MS'
> &
  Partial<Pick<ChatIngestConfig, 'CHAT_LINES_BATCH_MS'>>;

/** The chat-ingest service's composition root, used by its main.ts and the standalone runtime. */
export const chatIngestRuntime: ServiceRuntime<ChatIngestRuntimeConfig> = {
  service: 'chat-ingest',
  needs: { database: false, streams: true },
  start: async (config, infrastructure) => {
    // Replicas of one installation share their leases and heartbeats through these keys.
    const kv = createKeyValueStore(config, keyPrefixOf(config));
    const server = chatServerFromUrl(config.TWITCH_IRC_URL);
    // One anonymous account per replica: its connections share the account's JOIN limit.
    const account = anonymousChatAccount();
    const timing = { ...DEFAULT_JOIN_TIMING, joinTimeoutMs: config.CHAT_JOIN_TIMEOUT_MS };
    try {
      const app = await startServiceApp(
        'chat-ingest',
        ChatIngestModule.register({
          transport: infrastructure.transport,
          kv,
          streams: streamsOf(infrastructure),
          replicaId: config.CHAT_INGEST_REPLICA_ID,
          channelsPerConnection: config.CHANNELS_PER_CONNECTION,
          leaseTtlMs: config.CHANNEL_LEASE_TTL_MS,
          linesBatchMs: config.CHAT_LINES_BATCH_MS,
          connect: (onLine, onJoin) =>
            new TmiChatConnection(server, onLine, onJoin, account, timing),
        }),
        infrastructure.transport,
        config.LOG_LEVEL,
      );
      // chat-ingest owns the streams (it creates both at boot and writes the chat lines):
      // it alone exports what they hold, so one process answers for it.
      const streams = streamsOf(infrastructure);
      const stopExporting = exportStreamStorage(() =>
        streams.storage(Object.values(STREAMS).map((stream) => stream.name)),
      );
      return {
        close: async () => {
          stopExporting();
          await app.close();
          await kv.close();
        },
      };
    } catch (error) {
      await kv.close();
      throw error;
    }
  },
};
