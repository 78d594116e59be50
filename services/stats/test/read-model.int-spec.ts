import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import {
  DomainError,
  STATISTICS_REQUESTS,
  STREAMS,
  sendRequest,
  type SessionActor,
  type SessionSnapshot,
} from '@greetboard/contracts';
import {
  createTestDatabase,
  startPrivateNatsServer,
  startProgram,
  waitFor,
  type PrivateNatsServer,
  type RunningProgram,
  type TestDatabase,
} from '@greetboard/testing';
import {
  createBusClient,
  createDurableStreams,
  nameIn,
  type BusClient,
  type DurableStreams,
} from '@greetboard/transport';
import {
  SCENARIO_AS_OF,
  buildScenario,
  deliveries,
  expectedAggregate,
  expectedSession,
  packed,
  type RecordedEvent,
} from './scenario.js';

/** The stats process and this test speak as one installation on the private NATS server. */
const INSTALLATION = 'stats_test';

/**
 * The stats service as it runs in production (its built program, its own database, a NATS
 * server of the test's own) replays a recorded history of sessions domain events with
 * duplicates and out-of-order deliveries. Every figure must equal what the test computes
 * from the history itself, in time zones whose days and hours differ (Berlin across its
 * daylight-saving change, Los Angeles, Auckland), also after the service is killed
 * mid-stream.
 */
describe('statistics read model', () => {
  const scenario = buildScenario();
  // Kathmandu (+5:45) and Kolkata (+5:30): hours and days that start between whole hours of UTC.
  const zones = [
    'Europe/Berlin',
    'America/Los_Angeles',
    'Pacific/Auckland',
    'Asia/Kathmandu',
    'Asia/Kolkata',
    'UTC',
  ];
  let nats: PrivateNatsServer;
  let database: TestDatabase;
  let db: pg.Pool;
  let streams: DurableStreams;
  let bus: BusClient;
  let stats: RunningProgram | undefined;
  let published = 0;

  const actor = (id: string): SessionActor => ({
    id,
    username: 'stats_owner',
    isApproved: true,
    isAdmin: false,
  });

  const startStats = async () => {
    stats = startProgram('services/stats/dist/main.js', {
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      LOG_LEVEL: 'warn',
      INSTALLATION_PREFIX: INSTALLATION,
    });
    await waitFor(
      () =>
        sendRequest(bus, STATISTICS_REQUESTS.aggregate, {
          actor: actor(randomUUID()),
          timeZone: 'UTC',
        }).then(
          () => true,
          () => false,
        ),
      { timeoutMs: 30_000, what: `the stats service to answer:\n${stats.output()}` },
    );
  };

  /** Publishes as a redelivery would arrive: a copy is a new stream message. */
  const publish = async (events: RecordedEvent[]) => {
    for (const event of events) {
      published += 1;
      await streams.publish(event.subject, event.data, { msgId: `delivery-${published}` });
    }
  };

  /**
   * Every event published has been applied and acknowledged: the durable consumer has
   * nothing pending, not even a batch a killed process took and never acknowledged (it is
   * delivered again once its ack wait ran out).
   */
  const drained = async () => {
    const nc = await connect({ servers: [nats.url] });
    try {
      const jsm = await jetstreamManager(nc);
      await waitFor(
        async () => {
          const info = await jsm.consumers
            .info(
              nameIn(INSTALLATION, STREAMS.domainEvents.name),
              nameIn(INSTALLATION, 'stats-session-events-v1'),
            )
            .catch(() => undefined);
          return (
            info !== undefined &&
            info.delivered.stream_seq >= published &&
            info.num_pending === 0 &&
            info.num_ack_pending === 0
          );
        },
        { timeoutMs: 90_000, what: 'the stats service to apply every event' },
      );
    } finally {
      await nc.close();
    }
  };

  const expectEveryFigure = async () => {
    for (const timeZone of zones) {
      for (const ownerId of [scenario.ownerId, ...scenario.removedOwners]) {
        const figures = await sendRequest(bus, STATISTICS_REQUESTS.aggregate, {
          actor: actor(ownerId),
          timeZone,
          asOf: SCENARIO_AS_OF,
        });
        expect(figures).toEqual(expectedAggregate(scenario, ownerId, timeZone));
      }
      for (const session of scenario.sessions.values()) {
        if (session === 'deleted' || session.ownerId !== scenario.ownerId) continue;
        const figures = await sendRequest(bus, STATISTICS_REQUESTS.session, {
          actor: actor(scenario.ownerId),
          sessionId: session.id,
          timeZone,
          asOf: SCENARIO_AS_OF,
        });
        expect(figures).toEqual(expectedSession(scenario, session, timeZone));
      }
    }
  };

  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    database = await createTestDatabase('greetboard_stats');
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    const transport = { kind: 'nats' as const, url: nats.url, prefix: INSTALLATION };
    bus = createBusClient(transport);
    streams = await createDurableStreams(transport);
    await streams.ensureStream({
      name: STREAMS.domainEvents.name,
      subjects: [...STREAMS.domainEvents.subjects],
    });
    await startStats();
  }, 60_000);

  afterAll(async () => {
    await stats?.stop();
    await bus?.close();
    await streams?.close();
    await db?.end();
    await database?.drop();
    await nats?.dispose();
  });

  it('the scenario crosses a Berlin midnight and its daylight-saving change', () => {
    const berlin = expectedAggregate(scenario, scenario.ownerId, 'Europe/Berlin');
    const utc = expectedAggregate(scenario, scenario.ownerId, 'UTC');
    expect(berlin.lastSevenDays.map((day) => day.date)).toContain('2026-03-29');
    expect(berlin.lastSevenDays).not.toEqual(utc.lastSevenDays);
    expect(berlin.chattersByHour).not.toEqual(utc.chattersByHour);
    expect(berlin.totalChatters).toBeGreaterThan(100);
    expect(berlin.totalGreeted).toBeGreaterThan(0);
  });

  it('gives exact figures after duplicates, reordering and a kill mid-stream', async () => {
    // Chat lines' chatters arrive packed, as the sessions service sends them (ADR 0057).
    const stream = packed(deliveries(scenario.events));
    expect(stream.length).toBeLessThan(scenario.events.length);
    const half = Math.floor(stream.length / 2);
    await publish(stream.slice(0, half));
    // Killed without warning while it works through the stream: no ack for a batch in flight.
    await waitFor(
      async () =>
        (await db.query('SELECT 1 FROM stats.chatters LIMIT 1').catch(() => ({ rowCount: 0 })))
          .rowCount === 1,
      { timeoutMs: 30_000, what: 'the first events to be applied' },
    );
    await publish(stream.slice(half));
    await stats!.stop('SIGKILL');
    await startStats();
    await drained();
    await expectEveryFigure();
  }, 240_000);

  it('answers a redelivery of the whole history with the same figures', async () => {
    await publish(deliveries(scenario.events, 99));
    await drained();
    await expectEveryFigure();
  }, 180_000);

  it('refuses an unknown time zone with VALIDATION_FAILED and another owner’s session as not found', async () => {
    const outcome = (promise: Promise<unknown>) =>
      promise.then(
        () => 'answered',
        (error: unknown) => (error instanceof DomainError ? error.code : String(error)),
      );
    expect(
      await outcome(
        sendRequest(bus, STATISTICS_REQUESTS.aggregate, {
          actor: actor(scenario.ownerId),
          timeZone: 'Mars/Olympus_Mons',
        }),
      ),
    ).toBe('VALIDATION_FAILED');
    const mine = [...scenario.sessions.values()].find(
      (s): s is SessionSnapshot => s !== 'deleted' && s.ownerId === scenario.ownerId,
    )!;
    expect(
      await outcome(
        sendRequest(bus, STATISTICS_REQUESTS.session, {
          actor: actor(randomUUID()),
          sessionId: mine.id,
          timeZone: 'UTC',
        }),
      ),
    ).toBe('SESSION_NOT_FOUND');
  });
});
