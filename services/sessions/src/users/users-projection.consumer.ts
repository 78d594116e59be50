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
import { DOMAIN_EVENTS, UserChanged, UserDeleted } from '@greetboard/contracts';
import type {
  DurableStreams,
  StreamConsumer,
  StreamMessage,
  TransportRuntime,
} from '@greetboard/transport';
import {
  SESSIONS_STREAMS,
  SESSIONS_STREAM_SETTINGS,
  SESSIONS_TRANSPORT,
  type StreamSettings,
} from '../streams.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UsersRepository } from './users.repository.js';

/**
 * Keeps `sessions.users` in step with auth through the durable domain-events stream, and
 * removes a deleted user's data. Every event is idempotent: snapshots older than the held
 * one are ignored, deletes leave a tombstone. A malformed event is logged and skipped so
 * that it cannot block the stream.
 */
@Injectable()
export class UsersProjectionConsumer
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly logger = new Logger(UsersProjectionConsumer.name);
  private consumer: StreamConsumer | undefined;

  constructor(
    @Inject(SESSIONS_STREAMS) private readonly streams: DurableStreams,
    @Inject(SESSIONS_STREAM_SETTINGS) private readonly settings: StreamSettings,
    @Inject(SESSIONS_TRANSPORT) private readonly transport: TransportRuntime,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const stream = this.settings.domainEvents;
    await this.streams.ensureStream(stream);
    this.consumer = await this.streams.consume<unknown>(
      { stream: stream.name, durable: this.settings.usersDurable, maxBatch: 100 },
      (batch) => this.handle(batch),
    );
  }

  /** Before the database closes: a batch in flight finishes and is acknowledged. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    // The JetStream connection is this service's own; the in-process store is the process's.
    if (this.transport.kind === 'nats') await this.streams.close();
  }

  /** In stream order, so a change and a delete of one user apply as they happened. */
  async handle(batch: StreamMessage<unknown>[]): Promise<void> {
    for (const message of batch) {
      if (message.subject.endsWith(DOMAIN_EVENTS.userChanged.subject)) {
        const event = this.valid(UserChanged, message);
        if (!event || !(await this.users.applyChange(event))) continue;
        // A rejected account may not run sessions: its channels stop being read at once.
        if (!event.isApproved) await this.sessions.stopAllOf(event.id);
      } else if (message.subject.endsWith(DOMAIN_EVENTS.userDeleted.subject)) {
        const event = this.valid(UserDeleted, message);
        if (!event) continue;
        const removed = await this.users.removeUser(event.id, event.deletedAt);
        this.logger.log(`Removed the data of user ${event.id}: ${JSON.stringify(removed)}`);
      }
    }
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
