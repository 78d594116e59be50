import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import {
  DOMAIN_EVENTS,
  domainEventsFilter,
  STREAMS,
  type ChatterSnapshot,
  type ChattersChanged,
  type SessionSnapshot,
  type UserChanged,
} from '@greetboard/contracts';
import { startServiceApp } from '@greetboard/service-kit';
import {
  createTestDatabase,
  startPrivateNatsServer,
  waitFor,
  type PrivateNatsServer,
  type TestDatabase,
} from '@greetboard/testing';
import {
  createDurableStreams,
  subjectMatches,
  type DurableStreams,
  type TransportRuntime,
} from '@greetboard/transport';
import { ChattersRepository, SessionsModule } from '../src/index.js';
import { SessionsService } from '../src/sessions/sessions.service.js';
import { actorOf, chatLine, publishUser } from './harness.js';

/**
 * The sessions service records its domain events in the transaction of the change. With NATS
 * away the changes commit; the service then stops before it could publish, and the next
 * process publishes every waiting event, once, in the order the changes were made.
 */
describe('sessions domain events through the outbox', () => {
  let nats: PrivateNatsServer;
  let database: TestDatabase;
  let db: pg.Pool;
  let transport: TransportRuntime;
  let service: INestMicroservice | undefined;
  /** Each start's streams, as its process would own them; closed after the service. */
  const opened: DurableStreams[] = [];
  const openStreams = async () => {
    const streams = await createDurableStreams(transport);
    opened.push(streams);
    return streams;
  };

  const start = async () => {
    service = await startServiceApp(
      'sessions',
      SessionsModule.register({
        transport,
        database: { kind: 'postgres', url: database.url },
        streams: await openStreams(),
      }),
      transport,
      'error',
    );
    return service;
  };

  /** The filter a consumer of every sessions event uses. */
  const sessionsEvents = domainEventsFilter(['sessionCreated', 'userDataRemoved']);

  /** Every sessions domain event JetStream holds, in stream order. */
  const storedEvents = async (): Promise<{ subject: string; data: { id?: string } }[]> => {
    const nc = await connect({ servers: [nats.url] });
    try {
      const jsm = await jetstreamManager(nc);
      const info = await jsm.streams.info(STREAMS.domainEvents.name);
      const events: { subject: string; data: { id?: string } }[] = [];
      for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
        const message = await jsm.streams.getMessage(STREAMS.domainEvents.name, { seq });
        if (message && subjectMatches(sessionsEvents, message.subject)) {
          events.push({ subject: message.subject, data: message.json() });
        }
      }
      return events;
    } finally {
      await nc.close();
    }
  };

  const pending = async () =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions.outbox')).rows[0].n;

  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    database = await createTestDatabase('greetboard_sessions_outbox');
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    transport = { kind: 'nats', url: nats.url };
    await start();
  });

  afterAll(async () => {
    await nats.start();
    await service?.close();
    for (const streams of opened) await streams.close();
    await db.end();
    await database.drop();
    await nats.dispose();
  });

  it('loses no event when the service stops between its commits and their publication', async () => {
    const streams = await createDurableStreams(transport);
    const owner: UserChanged = {
      id: randomUUID(),
      username: 'outbox_streamer',
      displayName: 'Outbox Streamer',
      profileImage: null,
      twitchId: '4242',
      isApproved: true,
      isAdmin: false,
      updatedAt: new Date().toISOString(),
    };
    await publishUser(streams, owner);
    await streams.close();
    await waitFor(
      async () =>
        (await db.query('SELECT 1 FROM sessions.users WHERE id = $1', [owner.id])).rowCount === 1,
      { what: 'the owner in the users projection' },
    );

    await nats.stop();
    const sessions = service!.get(SessionsService);
    const chatters = service!.get(ChattersRepository);
    const session = await sessions.create({
      actor: actorOf(owner),
      name: 'Outage stream',
      keywords: '[]',
    });
    const [first] = await chatters.recordChatLines([chatLine(owner.username, 'viewer_one')]);
    await chatters.recordChatLines([chatLine(owner.username, 'viewer_one', 'again')]);
    await chatters.setGreeted(first.chatter.id, true, owner.id);
    await sessions.update({ actor: actorOf(owner), sessionId: session.id, isActive: false });
    // Every change committed; none of their events could leave.
    expect(await pending()).toBe(7);
    await service!.close();
    service = undefined;

    await nats.start();
    await start();
    await waitFor(async () => (await pending()) === 0, {
      timeoutMs: 30_000,
      what: 'the outbox to empty after the restart',
    });
    const events = await storedEvents();
    expect(events.map((event) => event.subject)).toEqual([
      DOMAIN_EVENTS.sessionCreated.subject,
      DOMAIN_EVENTS.sessionStatusChanged.subject,
      // The chat lines' chatters, one pack per batch of lines (ADR 0057).
      DOMAIN_EVENTS.chattersChanged.subject,
      DOMAIN_EVENTS.chattersChanged.subject,
      DOMAIN_EVENTS.chatterGreeted.subject,
      DOMAIN_EVENTS.sessionStopped.subject,
      DOMAIN_EVENTS.sessionStatusChanged.subject,
    ]);
    const created = events[0].data as unknown as SessionSnapshot;
    const stopped = events[5].data as unknown as SessionSnapshot;
    expect(created).toMatchObject({ id: session.id, ownerId: owner.id, isActive: true });
    expect(stopped).toMatchObject({ id: session.id, isActive: false });
    expect(stopped.version).toBeGreaterThan(created.version);
    const [counted] = (events[3].data as unknown as ChattersChanged).chatters;
    expect((events[2].data as unknown as ChattersChanged).chatters).toEqual([
      expect.objectContaining({ id: first.chatter.id, messageCount: 1 }),
    ]);
    expect(counted).toMatchObject({ id: first.chatter.id, ownerId: owner.id, messageCount: 2 });
    expect(counted.version).toBeGreaterThan(
      (events[2].data as unknown as ChattersChanged).chatters[0].version,
    );
    const greeted = events[4].data as unknown as ChatterSnapshot;
    expect(greeted).toMatchObject({
      id: first.chatter.id,
      sessionId: session.id,
      ownerId: owner.id,
      isGreeted: true,
      messageCount: 2,
    });
    expect(Date.parse(greeted.greetedAt!)).not.toBeNaN();
  }, 90_000);

  it('compresses the payloads of its outbox rows with lz4', async () => {
    // A pack of 250 snapshots is about 30 KB: over the size PostgreSQL compresses at.
    const payload = JSON.stringify({
      chatters: Array.from({ length: 250 }, (_, n) => ({ id: randomUUID(), version: n + 1 })),
    });
    const client = await db.connect();
    try {
      await client.query('BEGIN');
      const msgId = randomUUID();
      await client.query(
        `INSERT INTO sessions.outbox (subject, msg_id, payload) VALUES ('test', $1, $2)`,
        [msgId, payload],
      );
      // As stored (what RETURNING shows is the row before PostgreSQL compressed it).
      const { rows } = await client.query<{ method: string }>(
        'SELECT pg_column_compression(payload) AS method FROM sessions.outbox WHERE msg_id = $1',
        [msgId],
      );
      expect(rows).toEqual([{ method: 'lz4' }]);
    } finally {
      // Never published: the row goes with the transaction.
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
