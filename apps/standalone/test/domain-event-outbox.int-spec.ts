import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { DomainEventOutbox, UsersService } from '@greetboard/auth';
import { DOMAIN_EVENTS, STREAMS, type UserChanged, type UserDto } from '@greetboard/contracts';
import { waitFor } from '@greetboard/testing';
import { nameIn, subjectIn } from '@greetboard/transport';
import { startAuthStack, type AuthStack } from './auth-stack.js';
import { signedInBrowser } from './sign-in-client.js';

/**
 * Auth records its domain events in the transaction of the change and publishes them after
 * commit. With NATS away the change still commits, and its event reaches JetStream once NATS
 * is back: the other services' read models never miss it.
 */
describe('domain events across a NATS outage', () => {
  let stack: AuthStack;
  let users: UsersService;
  let outbox: DomainEventOutbox;
  let adminId: string;

  const idOf = async (login: string) => {
    const browser = await signedInBrowser(stack, login);
    return ((await browser.api(stack.url, 'GET', '/auth/me')).body as UserDto).id;
  };

  /** The newest event on a subject, as JetStream holds it. */
  const lastEvent = async <T>(subject: string): Promise<T> => {
    const nc = await connect({ servers: [stack.nats!.url] });
    try {
      const jsm = await jetstreamManager(nc);
      const prefix = stack.transport.prefix;
      const message = await jsm.streams.getMessage(nameIn(prefix, STREAMS.domainEvents.name), {
        last_by_subj: subjectIn(prefix, subject),
      });
      return message!.json<T>();
    } finally {
      await nc.close();
    }
  };

  /** The gateway's readiness probe reaches auth and the sessions stand-in over the bus. */
  const servicesAnswer = async () => {
    const response = await fetch(`${stack.url}/readyz`);
    const report = (await response.json()) as { checks: Record<string, string> };
    return report.checks.auth === 'up' && report.checks.sessions === 'up';
  };

  beforeAll(async () => {
    stack = await startAuthStack({ transport: 'nats', adminLogins: ['outbox_admin'] });
    users = stack.auth.get(UsersService);
    outbox = stack.auth.get(DomainEventOutbox);
    adminId = await idOf('outbox_admin');
  });

  afterAll(async () => {
    await stack.nats?.start();
    await stack.close();
  });

  it('publishes at once while NATS is up, leaving nothing behind', async () => {
    const memberId = await idOf('outbox_prompt');
    expect(await outbox.pending()).toBe(0);
    expect(await lastEvent<UserChanged>(DOMAIN_EVENTS.userChanged.subject)).toMatchObject({
      id: memberId,
      username: 'outbox_prompt',
    });
  });

  it('commits an approval while NATS is down and publishes its event once NATS is back', async () => {
    const memberId = await idOf('outbox_member');
    await stack.nats!.stop();
    const approved = await users.administer(adminId, memberId, 'approve');
    expect(approved).toMatchObject({ id: memberId, isApproved: true });
    const stored = await stack.db.query<{ is_approved: boolean }>(
      'SELECT is_approved FROM auth.users WHERE id = $1',
      [memberId],
    );
    expect(stored.rows[0]?.is_approved).toBe(true);
    expect(await outbox.pending()).toBe(1);

    await stack.nats!.start();
    await waitFor(async () => (await outbox.pending()) === 0, {
      timeoutMs: 20_000,
      what: 'the outbox to empty',
    });
    expect(await lastEvent<UserChanged>(DOMAIN_EVENTS.userChanged.subject)).toMatchObject({
      id: memberId,
      isApproved: true,
    });
    // Each NATS connection of the stack reconnects on its own schedule (nats.js waits about 2 s
    // between attempts), so the outbox's connection can be back while auth's request handlers are
    // not yet: until then the gateway rightly answers 503. The next test needs them.
    await waitFor(servicesAnswer, {
      timeoutMs: 20_000,
      what: 'auth and the sessions stand-in to answer again',
    });
  }, 60_000);

  it('publishes UserDeleted through the outbox in the transaction of the deletion', async () => {
    // Deleting needs the sessions service's counts, so it needs NATS: no outage here.
    const memberId = await idOf('outbox_leaver');
    await users.delete(memberId, adminId);
    expect(
      (await stack.db.query('SELECT 1 FROM auth.users WHERE id = $1', [memberId])).rowCount,
    ).toBe(0);
    expect(await outbox.pending()).toBe(0);
    expect(await lastEvent<{ id: string }>(DOMAIN_EVENTS.userDeleted.subject)).toMatchObject({
      id: memberId,
    });
  });
});
