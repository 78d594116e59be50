import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { domainEventsFilter, type DomainEvent } from '@greetboard/contracts';
import {
  defineStreamConsumer,
  domainEventPayload,
  type DurableStreams,
  type StreamConsumer,
  type StreamMessage,
} from '@greetboard/transport';
import { SESSIONS_STREAMS, SESSIONS_STREAM_SETTINGS, type StreamSettings } from '../streams.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UsersRepository } from './users.repository.js';

/**
 * Keeps `sessions.users` in step with auth through the durable domain-events stream, and
 * removes a deleted user's data. Every event is idempotent: snapshots older than the held
 * one are ignored, deletes leave a tombstone. An invalid event is dead-lettered by the
 * consumer, so it cannot block the stream.
 */
@Injectable()
export class UsersProjectionConsumer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(UsersProjectionConsumer.name);
  private consumer: StreamConsumer | undefined;

  constructor(
    @Inject(SESSIONS_STREAMS) private readonly streams: DurableStreams,
    @Inject(SESSIONS_STREAM_SETTINGS) private readonly settings: StreamSettings,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const stream = this.settings.domainEvents;
    await this.streams.ensureStream(stream);
    this.consumer = await this.streams.consume(
      defineStreamConsumer({
        stream: stream.name,
        durable: this.settings.usersDurable,
        filterSubject: domainEventsFilter(['userChanged', 'userDeleted']),
        payload: domainEventPayload,
        maxBatch: 100,
      }),
      (batch) => this.handle(batch),
    );
  }

  /** Before the database closes: a batch in flight finishes and is acknowledged. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  /** In stream order, so a change and a delete of one user apply as they happened. */
  async handle(batch: StreamMessage<DomainEvent>[]): Promise<void> {
    for (const { data: event } of batch) {
      if (event.name === 'userChanged') {
        const user = event.payload;
        if (!(await this.users.applyChange(user))) continue;
        // A rejected account may not run sessions: its channels stop being read at once.
        if (!user.isApproved) await this.sessions.stopAllOf(user.id);
      } else if (event.name === 'userDeleted') {
        const { id, deletedAt } = event.payload;
        const removed = await this.users.removeUser(id, deletedAt);
        this.logger.log(`Removed the data of user ${id}: ${JSON.stringify(removed)}`);
      }
    }
  }
}
