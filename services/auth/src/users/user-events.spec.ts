import { describe, expect, it } from '@jest/globals';
import { of } from 'rxjs';
import { AUTH_EVENTS, LIVE_EVENTS } from '@greetboard/contracts';
import type { EntityManager } from 'typeorm';
import type { BusClient } from '@greetboard/transport';
import type { DomainEventOutbox } from '@greetboard/persistence';
import { UserEvents } from './user-events.js';

function recordingBus() {
  const emitted: { subject: string; payload: unknown }[] = [];
  const bus = {
    emit: (subject: string, payload: unknown) => {
      emitted.push({ subject, payload });
      return of(undefined);
    },
  } as unknown as BusClient;
  return { bus, emitted };
}

const USER = '6f1c2a8e-1b7d-4c55-9a53-0d6f1e2b3c4d';

describe('UserEvents', () => {
  it('tells the user their account was approved over the live channel', async () => {
    const { bus, emitted } = recordingBus();
    await new UserEvents(bus, {} as DomainEventOutbox).approvalDecided(USER, true);
    expect(emitted).toEqual([
      {
        subject: LIVE_EVENTS.relay.subject,
        payload: {
          userIds: [USER],
          type: 'user_approved',
          payload: { message: 'Your account has been approved! You can now start sessions.' },
        },
      },
    ]);
  });

  it('tells the user their account was rejected over the live channel', async () => {
    const { bus, emitted } = recordingBus();
    await new UserEvents(bus, {} as DomainEventOutbox).approvalDecided(USER, false);
    expect(emitted[0]?.payload).toEqual({
      userIds: [USER],
      type: 'user_rejected',
      payload: { message: 'Your account has been rejected.' },
    });
  });

  it('announces that every session of a user ended, so gateways close their sockets', async () => {
    const { bus, emitted } = recordingBus();
    await new UserEvents(bus, {} as DomainEventOutbox).sessionsEnded(USER, 'force-logout');
    expect(emitted).toEqual([
      {
        subject: AUTH_EVENTS.sessionsEnded.subject,
        payload: { userId: USER, reason: 'force-logout' },
      },
    ]);
  });

  it('records UserDeleted in the outbox, in the caller’s transaction, with a de-duplication id', async () => {
    const recorded: { manager: unknown; subject: string; msgId: string; data: unknown }[] = [];
    const outbox = {
      add: (manager: unknown, subject: string, msgId: string, data: unknown) => {
        recorded.push({ manager, subject, msgId, data });
        return Promise.resolve();
      },
    } as unknown as DomainEventOutbox;
    const manager = {} as EntityManager;
    await new UserEvents(recordingBus().bus, outbox).deleted(USER, manager);
    expect(recorded).toEqual([
      {
        manager,
        subject: 'domain.auth.user.deleted.v1',
        data: { id: USER, deletedAt: expect.stringMatching(/Z$/) },
        msgId: expect.stringContaining(`domain.auth.user.deleted.v1:${USER}:`),
      },
    ]);
  });
});
