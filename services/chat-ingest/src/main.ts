import { loadConfigOrExit } from '@greetboard/config';
import { createKeyValueStore } from '@greetboard/kv';
import { runUntilSignal, startServiceApp, transportRuntimeFrom } from '@greetboard/service-kit';
import { createDurableStreams } from '@greetboard/transport';
import { ChatIngestModule } from './chat-ingest.module.js';
import { chatIngestEnv } from './config.js';
import { chatServerFromUrl, TmiChatConnection } from './connections/tmi-chat-connection.js';

const config = loadConfigOrExit('chat-ingest', chatIngestEnv);

runUntilSignal('chat-ingest', async () => {
  const transport = transportRuntimeFrom(config, 'chat-ingest');
  const kv = createKeyValueStore(config, config.CHAT_INGEST_KEY_PREFIX);
  const streams = await createDurableStreams(transport);
  const server = chatServerFromUrl(config.TWITCH_IRC_URL);
  const app = await startServiceApp(
    'chat-ingest',
    ChatIngestModule.register({
      transport,
      kv,
      streams,
      replicaId: config.CHAT_INGEST_REPLICA_ID,
      channelsPerConnection: config.CHANNELS_PER_CONNECTION,
      leaseTtlMs: config.CHANNEL_LEASE_TTL_MS,
      connect: (onLine) => new TmiChatConnection(server, onLine),
    }),
    transport,
    config.LOG_LEVEL,
  );
  return {
    close: async () => {
      await app.close();
      await streams.close();
      await kv.close();
    },
  };
});
