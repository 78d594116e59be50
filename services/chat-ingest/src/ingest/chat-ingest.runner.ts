import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import {
  CHAT_INGEST_EVENTS,
  DOMAIN_EVENTS,
  emitEvent,
  MONITOR_EVENTS,
  MONITOR_REQUESTS,
  sendRequest,
  STREAMS,
  type ChannelJoinStatus,
} from '@greetboard/contracts';
import type { KeyValueStore } from '@greetboard/kv';
import {
  BUS_CLIENT,
  classPayload,
  defineStreamFollower,
  type BusClient,
  type DurableStreams,
  type StreamConsumer,
} from '@greetboard/transport';
import type { ChatConnectionFactory } from '../connections/chat-connection.js';
import { ChatConnectionPool } from '../connections/connection-pool.js';
import { ChannelLeases } from '../monitors/channel-leases.js';
import { ChannelMonitor } from '../monitors/channel-monitor.js';
import { readJoinStatus } from '../monitors/join-status.js';
import { ChatLinePublisher } from './chat-line-publisher.js';

export const CHAT_INGEST_OPTIONS = Symbol('CHAT_INGEST_OPTIONS');

/** Every replica follows every status change: each reads its own share of the channels. */
const SESSION_STATUS_FOLLOWER = defineStreamFollower({
  name: 'chat-ingest-session-status',
  stream: STREAMS.domainEvents.name,
  filterSubject: DOMAIN_EVENTS.sessionStatusChanged.subject,
  payload: classPayload(DOMAIN_EVENTS.sessionStatusChanged.payload),
});

/** On shutdown, how long lines read but not yet stored may take to reach the stream. */
const FLUSH_TIMEOUT_MS = 10_000;

export interface ChatIngestRuntime {
  replicaId: string;
  channelsPerConnection: number;
  leaseTtlMs: number;
  /** How long a chat line waits for others to share its stream message (CHAT_LINES_BATCH_MS). */
  linesBatchMs?: number;
  kv: KeyValueStore;
  streams: DurableStreams;
  connect: ChatConnectionFactory;
}

/**
 * Starts reading this replica's share of the monitored channels, following session status
 * events as they are stored; on shutdown hands the channels over and stores every line read
 * before the connections closed.
 */
@Injectable()
export class ChatIngestRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly publisher: ChatLinePublisher;
  readonly monitor: ChannelMonitor;
  private readonly logger = new Logger('chat-ingest');
  private statusFollower: StreamConsumer | undefined;

  constructor(
    @Inject(CHAT_INGEST_OPTIONS) private readonly runtime: ChatIngestRuntime,
    @Inject(BUS_CLIENT) bus: BusClient,
  ) {
    this.publisher = new ChatLinePublisher(runtime.streams, runtime.linesBatchMs);
    const pool = new ChatConnectionPool(
      (onJoin) => runtime.connect((line) => this.publisher.publish(line), onJoin),
      runtime.channelsPerConnection,
    );
    this.monitor = new ChannelMonitor(
      new ChannelLeases(runtime.kv, runtime.replicaId, runtime.leaseTtlMs),
      pool,
      { list: () => sendRequest(bus, MONITOR_REQUESTS.list, { requestedBy: runtime.replicaId }) },
      // This replica's own subscription is closed by then, so another replica gets the event.
      {
        announceLeaving: () => emitEvent(bus, MONITOR_EVENTS.changed, {}),
        joinStatus: runtime.kv,
        announceConnection: (change) => {
          emitEvent(bus, CHAT_INGEST_EVENTS.connectionChanged, change).catch((error: unknown) => {
            // A lost change is read again by the screens (ADR 0042).
            this.logger.warn(`Could not announce #${change.channel}: ${String(error)}`);
          });
        },
      },
    );
  }

  /** A channel's join record, whichever replica wrote it. */
  joinStatusOf(channel: string): Promise<ChannelJoinStatus | null> {
    return readJoinStatus(this.runtime.kv, channel);
  }

  async onApplicationBootstrap(): Promise<void> {
    const { streams } = this.runtime;
    await streams.ensureStream({ ...STREAMS.chatLines, subjects: [...STREAMS.chatLines.subjects] });
    await streams.ensureStream({
      name: STREAMS.domainEvents.name,
      subjects: [...STREAMS.domainEvents.subjects],
    });
    // Follow first, list second: a change after the follow began is in the list or arrives.
    this.statusFollower = await streams.follow(SESSION_STATUS_FOLLOWER, ({ data: event }) => {
      // Not awaited: a round may wait for paced JOINs, the next event need not.
      void this.monitor.apply(event);
    });
    this.monitor.start();
  }

  /** Runs while the bus and the streams are still open (they close after this hook). */
  async beforeApplicationShutdown(): Promise<void> {
    await this.statusFollower?.stop();
    await this.monitor.stop();
    await this.publisher.flush(FLUSH_TIMEOUT_MS);
  }
}
