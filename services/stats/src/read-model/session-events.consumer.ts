import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  ChatterSnapshot,
  isChatterSnapshot,
  SESSION_DOMAIN_EVENTS,
  SESSION_DOMAIN_EVENTS_FILTER,
  SessionRemoved,
  SessionSnapshot,
  UserDataRemoved,
} from '@greetboard/contracts';
import type {
  DurableStreams,
  StreamConsumer,
  StreamMessage,
  TransportRuntime,
} from '@greetboard/transport';
import {
  STATS_STREAMS,
  STATS_STREAM_SETTINGS,
  STATS_TRANSPORT,
  type StatsStreamSettings,
} from '../stats.tokens.js';
import { ReadModelRepository } from './read-model.repository.js';

const E = SESSION_DOMAIN_EVENTS;
const SESSION_SUBJECTS = new Set<string>([
  E.sessionCreated.subject,
  E.sessionStarted.subject,
  E.sessionStopped.subject,
  E.sessionRenamed.subject,
]);
const CHATTER_SUBJECTS = new Set<string>([
  E.chatterCreated.subject,
  E.chatterCounted.subject,
  E.chatterGreeted.subject,
  E.chatterUngreeted.subject,
]);

/**
 * Feeds the read model from the sessions service's domain events through a durable
 * JetStream consumer: a stats service that was down catches up where it stopped. A batch is
 * applied in one transaction and acknowledged after it committed; a redelivered batch
 * changes nothing (see ReadModelRepository). A malformed event is logged and skipped so it
 * cannot block the stream.
 */
@Injectable()
export class SessionEventsConsumer
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger = new Logger(SessionEventsConsumer.name);
  private consumer: StreamConsumer | undefined;

  constructor(
    @Inject(STATS_STREAMS) private readonly streams: DurableStreams,
    @Inject(STATS_STREAM_SETTINGS) private readonly settings: StatsStreamSettings,
    @Inject(STATS_TRANSPORT) private readonly transport: TransportRuntime,
    private readonly readModel: ReadModelRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const stream = this.settings.domainEvents;
    await this.streams.ensureStream(stream);
    this.consumer = await this.streams.consume<unknown>(
      {
        stream: stream.name,
        durable: this.settings.sessionEventsDurable,
        filterSubject: SESSION_DOMAIN_EVENTS_FILTER,
        maxBatch: 500,
      },
      (batch) => this.handle(batch),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.transport.kind === 'nats') await this.streams.close();
  }

  /**
   * Sessions, deletions and removals apply in stream order; chatters follow in one statement,
   * each chatter's newest snapshot only. The outcome is the same as one by one: a chatter of
   * a session deleted in the batch is refused by its tombstone either way.
   */
  async handle(batch: StreamMessage<unknown>[]): Promise<void> {
    await this.readModel.inTransaction(async (manager) => {
      const chatters = new Map<string, ChatterSnapshot>();
      for (const message of batch) {
        const subject = message.subject;
        if (SESSION_SUBJECTS.has(subject)) {
          const event = this.valid(SessionSnapshot, message);
          if (event) await this.readModel.applySession(manager, event);
        } else if (CHATTER_SUBJECTS.has(subject)) {
          // One per chatter change: checked by the hand-written guard, not class-validator.
          const event = this.validChatter(message);
          const held = event && chatters.get(event.id);
          if (event && (!held || held.version < event.version)) chatters.set(event.id, event);
        } else if (subject === E.sessionDeleted.subject) {
          const event = this.valid(SessionRemoved, message);
          if (event) await this.readModel.removeSession(manager, event);
        } else if (subject === E.userDataRemoved.subject) {
          const event = this.valid(UserDataRemoved, message);
          if (event) await this.readModel.removeUser(manager, event);
        }
      }
      await this.readModel.applyChatters(manager, [...chatters.values()]);
    });
  }

  private validChatter(message: StreamMessage<unknown>): ChatterSnapshot | undefined {
    if (isChatterSnapshot(message.data)) return message.data;
    this.logger.warn(`Skipping invalid ${message.subject} #${message.sequence}`);
    return undefined;
  }

  private valid<T extends object>(
    type: new () => T,
    message: StreamMessage<unknown>,
  ): T | undefined {
    const data = message.data;
    if (typeof data !== 'object' || data === null || Array.isArray(data)) {
      this.logger.warn(`Skipping malformed ${message.subject} #${message.sequence}`);
      return undefined;
    }
    const event = plainToInstance(type, data);
    const errors = validateSync(event, { whitelist: true });
    if (errors.length > 0) {
      this.logger.warn(
        `Skipping invalid ${message.subject} #${message.sequence}: ${errors.map((error) => error.property).join(', ')}`,
      );
      return undefined;
    }
    return event;
  }
}
