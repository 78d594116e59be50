import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AUTH_EVENTS,
  DOMAIN_EVENTS,
  LIVE_EVENTS,
  domainEventId,
  emitEvent,
  type UserChanged,
  type UserDeleted,
  type UserSessionsEnded,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient, type DurableStreams } from '@greetboard/transport';
import { DOMAIN_STREAMS } from '../auth.tokens.js';
import { toUserDto, type UserEntity } from './user.entity.js';

export const APPROVED_MESSAGE = 'Your account has been approved! You can now start sessions.';
export const REJECTED_MESSAGE = 'Your account has been rejected.';

/** What auth tells the rest of the system about users. */
@Injectable()
export class UserEvents {
  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(DOMAIN_STREAMS) private readonly streams: DurableStreams,
  ) {}

  /** The full snapshot, for the other services' read models. */
  async changed(user: UserEntity): Promise<void> {
    const event: UserChanged = { ...toUserDto(user), updatedAt: user.updatedAt.toISOString() };
    const { subject } = DOMAIN_EVENTS.userChanged;
    await this.streams.publish(subject, event, {
      msgId: domainEventId(subject, user.id, event.updatedAt),
    });
  }

  async deleted(userId: string): Promise<void> {
    const event: UserDeleted = { id: userId, deletedAt: new Date().toISOString() };
    const { subject } = DOMAIN_EVENTS.userDeleted;
    await this.streams.publish(subject, event, {
      msgId: domainEventId(subject, userId, event.deletedAt),
    });
  }

  /** `user_approved` / `user_rejected` on the user's open pages. */
  async approvalDecided(userId: string, approved: boolean): Promise<void> {
    await emitEvent(this.bus, LIVE_EVENTS.relay, {
      userIds: [userId],
      type: approved ? 'user_approved' : 'user_rejected',
      payload: { message: approved ? APPROVED_MESSAGE : REJECTED_MESSAGE },
    });
  }

  /** Gateways close the live sockets opened with this login session. */
  async loginSessionEnded(userId: string, sessionId: string): Promise<void> {
    const sessionHash = createHash('sha256').update(sessionId).digest('hex');
    await emitEvent(this.bus, AUTH_EVENTS.loginSessionEnded, { userId, sessionHash });
  }

  /** Gateways close the user's live sockets. */
  async sessionsEnded(userId: string, reason: UserSessionsEnded['reason']): Promise<void> {
    await emitEvent(this.bus, AUTH_EVENTS.sessionsEnded, { userId, reason });
  }
}
