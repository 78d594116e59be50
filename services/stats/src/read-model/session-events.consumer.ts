import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import {
  domainEventRecords,
  domainEventsFilter,
  type ChatterSnapshot,
  type DomainEvent,
  type DomainEventName,
} from '@greetboard/contracts';
import {
  defineStreamConsumer,
  domainEventPayload,
  type DurableStreams,
  type StreamConsumer,
  type StreamMessage,
} from '@greetboard/transport';
import { STATS_STREAMS, STATS_STREAM_SETTINGS, type StatsStreamSettings } from '../stats.tokens.js';
import { ReadModelRepository } from './read-model.repository.js';

/** The sessions service's events the read model is made of. */
const READ_MODEL_EVENTS: readonly DomainEventName[] = [
  'sessionCreated',
  'sessionStarted',
  'sessionStopped',
  'sessionRenamed',
  'sessionDeleted',
  'chatterCreated',
  'chatterCounted',
  'chatterGreeted',
  'chatterUngreeted',
  'chatterModerated',
  'chattersChanged',
  'userDataRemoved',
];

/**
 * Feeds the read model from the sessions service's domain events through a durable
 * JetStream consumer: a stats service that was down catches up where it stopped. A batch is
 * applied in one transaction and acknowledged after it committed; a redelivered batch
 * changes nothing (see ReadModelRepository). An invalid event is dead-lettered by the
 * consumer, so it cannot block the stream.
 */
@Injectable()
export class SessionEventsConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private consumer: StreamConsumer | undefined;

  constructor(
    @Inject(STATS_STREAMS) private readonly streams: DurableStreams,
    @Inject(STATS_STREAM_SETTINGS) private readonly settings: StatsStreamSettings,
    private readonly readModel: ReadModelRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const stream = this.settings.domainEvents;
    await this.streams.ensureStream(stream);
    this.consumer = await this.streams.consume(
      defineStreamConsumer({
        stream: stream.name,
        durable: this.settings.sessionEventsDurable,
        filterSubject: domainEventsFilter(READ_MODEL_EVENTS),
        payload: domainEventPayload,
        // A packed ChattersChanged gives one record per chatter (ADR 0057).
        records: domainEventRecords,
        maxBatch: 500,
      }),
      (batch) => this.handle(batch),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  /**
   * Sessions, deletions and removals apply in stream order; chatters follow in one statement,
   * each chatter's newest snapshot only. The outcome is the same as one by one: a chatter of
   * a session deleted in the batch is refused by its tombstone either way.
   */
  async handle(batch: StreamMessage<DomainEvent>[]): Promise<void> {
    await this.readModel.inTransaction(async (manager) => {
      const chatters = new Map<string, ChatterSnapshot>();
      for (const { data: event } of batch) {
        switch (event.name) {
          case 'sessionCreated':
          case 'sessionStarted':
          case 'sessionStopped':
          case 'sessionRenamed':
            await this.readModel.applySession(manager, event.payload);
            break;
          case 'chatterCreated':
          case 'chatterCounted':
          case 'chatterGreeted':
          case 'chatterUngreeted':
          case 'chatterModerated':
          case 'chattersChanged': {
            const held = chatters.get(event.payload.id);
            if (!held || held.version < event.payload.version)
              chatters.set(event.payload.id, event.payload);
            break;
          }
          case 'sessionDeleted':
            await this.readModel.removeSession(manager, event.payload);
            break;
          case 'userDataRemoved':
            await this.readModel.removeUser(manager, event.payload);
            break;
          default:
            // Other events the filter takes (the session status change) are not the read model's.
            break;
        }
      }
      await this.readModel.applyChatters(manager, [...chatters.values()]);
    });
  }
}
