import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AUTH_EVENTS,
  DOMAIN_EVENTS,
  LIVE_EVENTS,
  LOGIN_SESSION_EVENTS,
  domainEventId,
  emitEvent,
  type UserChanged,
  type UserDeleted,
  type PendingUsersNotice,
  type UserSessionsEnded,
} from '@greetboard/contracts';
import type { EntityManager } from 'typeorm';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { DomainEventOutbox } from '@greetboard/persistence';
import { toUserDto, type UserEntity } from './user.entity.js';

export const APPROVED_MESSAGE = 'Your account has been approved! You can now start sessions.';
export const REJECTED_MESSAGE = 'Your account has been rejected.';

/** What auth tells the rest of the system about users. */
@Injectable()
export class UserEvents {
  private readonly logger = new Logger('user-events');

  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    private readonly outbox: DomainEventOutbox,
  ) {}

  /**
   * The full snapshot, for the other services' read models: recorded in the transaction of
   * the change (`manager`), published by `publish()` once it committed.
   */
  async changed(user: UserEntity, manager: EntityManager): Promise<void> {
    const event: UserChanged = { ...toUserDto(user), updatedAt: user.updatedAt.toISOString() };
    const { subject } = DOMAIN_EVENTS.userChanged;
    await this.outbox.add(
      manager,
      subject,
      domainEventId(subject, user.id, event.updatedAt),
      event,
    );
  }

  /** Recorded in the transaction that deletes the user; see `changed`. */
  async deleted(userId: string, manager: EntityManager): Promise<void> {
    const event: UserDeleted = { id: userId, deletedAt: new Date().toISOString() };
    const { subject } = DOMAIN_EVENTS.userDeleted;
    await this.outbox.add(manager, subject, domainEventId(subject, userId, event.deletedAt), event);
  }

  /** Publishes the recorded events; what the bus cannot take now follows when it can. */
  publish(): Promise<void> {
    return this.outbox.flush();
  }

  /** `user_approved` / `user_rejected` on the user's open pages. */
  async approvalDecided(userId: string, approved: boolean): Promise<void> {
    await this.notify('approval', () =>
      emitEvent(this.bus, LIVE_EVENTS.relay, {
        userIds: [userId],
        type: approved ? 'user_approved' : 'user_rejected',
        payload: { message: approved ? APPROVED_MESSAGE : REJECTED_MESSAGE },
      }),
    );
  }

  /** `admin_pending_users` on every admin's open pages (ADR 0019). */
  async pendingUsersChanged(adminIds: string[], notice: PendingUsersNotice): Promise<void> {
    if (adminIds.length === 0) return;
    await this.notify('pending-users', () =>
      emitEvent(this.bus, LIVE_EVENTS.relay, {
        userIds: adminIds,
        type: 'admin_pending_users',
        payload: notice,
      }),
    );
  }

  /** Gateways close the user's live sockets. */
  async sessionsEnded(userId: string, reason: UserSessionsEnded['reason']): Promise<void> {
    await this.notify('sessions-ended', () =>
      emitEvent(this.bus, AUTH_EVENTS.sessionsEnded, { userId, reason }),
    );
  }

  /** Gateways close the live sockets of this one login session (logout in one browser). */
  async loginSessionEnded(userId: string, session: string | { hash: string }): Promise<void> {
    const named =
      typeof session === 'string' ? { sessionId: session } : { sessionIdHash: session.hash };
    await this.notify('login-session-ended', () =>
      emitEvent(this.bus, LOGIN_SESSION_EVENTS.ended, { userId, ...named }),
    );
  }

  /**
   * Notifications for open pages follow a change that has committed: a failure is logged,
   * never turned into a failed request. The login sessions are already ended in the store,
   * so a socket that stays open is refused at its next command (LiveCommands checks).
   */
  private async notify(what: string, emit: () => Promise<void>): Promise<void> {
    try {
      await emit();
    } catch (error) {
      this.logger.warn(
        `Could not send the ${what} notification: ${error instanceof Error ? error.message : 'unknown'}`,
      );
    }
  }
}
