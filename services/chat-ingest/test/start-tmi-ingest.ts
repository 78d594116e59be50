import type { INestMicroservice } from '@nestjs/common';
import type { KeyValueStore } from '@greetboard/kv';
import { startServiceApp } from '@greetboard/service-kit';
import type { JetStreamDurableStreams, TransportRuntime } from '@greetboard/transport';
import { ChatIngestModule } from '../src/chat-ingest.module.js';
import { DEFAULT_JOIN_TIMING, type JoinTiming } from '../src/connections/channel-joins.js';
import {
  anonymousChatAccount,
  chatServerFromUrl,
  TmiChatConnection,
} from '../src/connections/tmi-chat-connection.js';

/** chat-ingest as it runs in production (tmi.js, one JOIN limiter), reading the emulator. */
export function startTmiChatIngest(options: {
  transport: TransportRuntime;
  kv: KeyValueStore;
  streams: JetStreamDurableStreams;
  replicaId: string;
  ircWsUrl: string;
  timing?: JoinTiming;
}): Promise<INestMicroservice> {
  const server = chatServerFromUrl(options.ircWsUrl);
  const account = anonymousChatAccount();
  const timing = options.timing ?? DEFAULT_JOIN_TIMING;
  return startServiceApp(
    'chat-ingest',
    ChatIngestModule.register({
      transport: options.transport,
      kv: options.kv,
      streams: options.streams,
      replicaId: options.replicaId,
      channelsPerConnection: 90,
      leaseTtlMs: 3_000,
      connect: (onLine, onJoin) => new TmiChatConnection(server, onLine, onJoin, account, timing),
    }),
    options.transport,
    'warn',
  );
}
