import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DOMAIN_EVENTS,
  domainEventId,
  type SessionDto,
  type SessionStatusChanged,
} from '@greetboard/contracts';
import type { DurableStreams } from '@greetboard/transport';
import { SESSIONS_STREAMS } from '../streams.js';

type StatusSource = Pick<SessionDto, 'id' | 'userId' | 'name'> &
  Partial<Pick<SessionDto, 'startedAt' | 'endedAt'>>;

/**
 * Publishes SessionStatusChanged on the durable domain-events stream after a session became
 * active or inactive (auth announces it in chat). Like live events, a failed publish is
 * logged and never fails the request: the change is stored, the announcement is optional.
 */
@Injectable()
export class SessionStatusEvents {
  private readonly logger = new Logger(SessionStatusEvents.name);

  constructor(@Inject(SESSIONS_STREAMS) private readonly streams: DurableStreams) {}

  /** `session` as it is after the change; `at` defaults to its startedAt or endedAt. */
  async changed(session: StatusSource, isActive: boolean, at?: string): Promise<void> {
    const event: SessionStatusChanged = {
      sessionId: session.id,
      ownerId: session.userId,
      name: session.name,
      isActive,
      at: at ?? (isActive ? session.startedAt : session.endedAt) ?? new Date().toISOString(),
    };
    const { subject } = DOMAIN_EVENTS.sessionStatusChanged;
    try {
      // The database's timestamps make the id stable, so a retried publish is stored once.
      await this.streams.publish(subject, event, {
        msgId: domainEventId(subject, `${event.sessionId}:${isActive}`, event.at),
      });
    } catch (error) {
      this.logger.error(
        `Could not publish the status of session ${session.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
