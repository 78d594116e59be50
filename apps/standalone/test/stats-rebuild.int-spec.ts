import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import pg from 'pg';
import {
  DOMAIN_EVENTS,
  SESSIONS_REQUESTS,
  STATISTICS_REQUESTS,
  domainEventId,
  sendRequest,
  type ChatLineReceived,
  type SessionActor,
  type UserChanged,
} from '@greetboard/contracts';
import { ChattersRepository, SessionsModule } from '@greetboard/sessions';
import { startServiceApp } from '@greetboard/service-kit';
import {
  createTestDatabase,
  startPrivateNatsServer,
  startProgram,
  waitFor,
  type PrivateNatsServer,
  type TestDatabase,
} from '@greetboard/testing';
import {
  createBusClient,
  createDurableStreams,
  type BusClient,
  type DurableStreams,
  type TransportRuntime,
} from '@greetboard/transport';
import { StatsModule } from '@greetboard/stats';

/**
 * `npm run rebuild-stats` (the built command) on a database whose sessions the stats
 * service has lost: the figures it rebuilds equal the ones the live model had.
 */
describe('rebuild-stats', () => {
  let nats: PrivateNatsServer;
  let database: TestDatabase;
  let db: pg.Pool;
  let bus: BusClient;
  let streams: DurableStreams;
  const services: INestMicroservice[] = [];
  const owner: UserChanged = {
    id: randomUUID(),
    username: 'rebuild_streamer',
    displayName: 'Rebuild Streamer',
    profileImage: null,
    twitchId: '777',
    isApproved: true,
    isAdmin: false,
    updatedAt: new Date().toISOString(),
  };
  const actor: SessionActor = {
    id: owner.id,
    username: owner.username,
    isApproved: true,
    isAdmin: false,
  };
  const asOf = new Date().toISOString();

  const figures = async () => {
    const sessions = await sendRequest(bus, SESSIONS_REQUESTS.listSessions, { actor });
    return {
      aggregate: await sendRequest(bus, STATISTICS_REQUESTS.aggregate, {
        actor,
        timeZone: 'Europe/Berlin',
        asOf,
      }),
      sessions: await Promise.all(
        sessions.map((session) =>
          sendRequest(bus, STATISTICS_REQUESTS.session, {
            actor,
            sessionId: session.id,
            timeZone: 'America/New_York',
            asOf,
          }),
        ),
      ),
    };
  };

  let sentAt = Date.now() - 3_600_000;
  const chatLine = (login: string): ChatLineReceived => ({
    id: randomUUID(),
    channel: owner.username,
    channelId: owner.twitchId,
    userId: `tw-${login}`,
    login,
    displayName: login,
    text: 'hello there',
    sentAt: (sentAt += 7_000),
    firstMessage: false,
    returningChatter: false,
  });

  const count = async (sql: string) => (await db.query<{ n: number }>(sql)).rows[0].n;

  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    database = await createTestDatabase('greetboard_stats_rebuild');
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    const transport: TransportRuntime = { kind: 'nats', url: nats.url };
    const runtime = { kind: 'postgres' as const, url: database.url };
    // The process's streams, as a service runtime opens them: closed after the services.
    streams = await createDurableStreams(transport);
    services.push(
      await startServiceApp(
        'sessions',
        SessionsModule.register({ transport, database: runtime, streams }),
        transport,
        'error',
      ),
      await startServiceApp(
        'stats',
        StatsModule.register({ transport, database: runtime, streams }),
        transport,
        'error',
      ),
    );
    bus = createBusClient(transport);
    const { subject } = DOMAIN_EVENTS.userChanged;
    await streams.publish(subject, owner, {
      msgId: domainEventId(subject, owner.id, owner.updatedAt),
    });
    await waitFor(
      async () => (await count(`SELECT count(*)::int AS n FROM sessions.users`)) === 1,
      { what: 'the owner in the sessions users projection' },
    );
  }, 60_000);

  afterAll(async () => {
    for (const service of services.reverse()) await service.close();
    await streams?.close();
    await bus?.close();
    await db?.end();
    await database?.drop();
    await nats?.dispose();
  });

  it('recomputes the same figures as the live model', async () => {
    const chatters = services[0].get(ChattersRepository);
    const ids: string[] = [];
    for (const name of ['First', 'Second', 'Gone']) {
      const session = await sendRequest(bus, SESSIONS_REQUESTS.createSession, { actor, name });
      ids.push(session.id);
      const lines = Array.from({ length: 12 }, (_, n) =>
        chatLine(`${name.toLowerCase()}_viewer_${n % 9}`),
      );
      const recorded = await chatters.recordChatLines(lines);
      for (const { chatter } of recorded.filter((_, n) => n % 3 === 0)) {
        await chatters.setGreeted(chatter.id, true, owner.id);
      }
      await sendRequest(bus, SESSIONS_REQUESTS.updateSession, {
        actor,
        sessionId: session.id,
        isActive: false,
      });
    }
    await sendRequest(bus, SESSIONS_REQUESTS.deleteSession, { actor, sessionId: ids[2] });

    // The live model has caught up when it holds what the sessions service holds.
    const sessionsState = `SELECT (SELECT count(*) FROM sessions.chatters)::int * 1000
         + (SELECT count(*) FROM sessions.chatters WHERE is_greeted)::int AS n`;
    const statsState = `SELECT (SELECT count(*) FROM stats.chatters)::int * 1000
         + (SELECT count(*) FROM stats.chatters WHERE is_greeted)::int AS n`;
    await waitFor(
      async () =>
        (await count(sessionsState)) === (await count(statsState)) &&
        (await count(`SELECT count(*)::int AS n FROM sessions.outbox`)) === 0 &&
        (await count(`SELECT count(*)::int AS n FROM stats.sessions WHERE NOT deleted`)) === 2,
      { timeoutMs: 30_000, what: 'the live model to catch up' },
    );
    const live = await figures();
    expect(live.aggregate).toMatchObject({ totalSessions: 2, totalChatters: 18, totalGreeted: 6 });

    // Disaster: the read model is lost.
    await db.query('DELETE FROM stats.chatters');
    await db.query('DELETE FROM stats.sessions');
    const lost = await sendRequest(bus, STATISTICS_REQUESTS.aggregate, {
      actor,
      timeZone: 'UTC',
    });
    expect(lost).toMatchObject({ totalSessions: 0, totalChatters: 0 });

    const command = startProgram('services/stats/dist/cli/rebuild-stats.js', {
      DATABASE_URL: database.url,
      NATS_URL: nats.url,
      LOG_LEVEL: 'warn',
    });
    expect(await command.exited).toBe(0);
    expect(command.output()).toContain('Statistics rebuilt from 2 sessions and 18 chatters.');
    expect(await figures()).toEqual(live);
  }, 120_000);
});
