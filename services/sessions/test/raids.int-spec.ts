import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import pg from 'pg';
import { chatLineSubject, type ChatLineReceived, type UserChanged } from '@greetboard/contracts';
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
  type DurableStreams,
  type TransportRuntime,
} from '@greetboard/transport';
import { SessionsModule } from '../src/index.js';
import { RaidsRepository } from '../src/raids/raids.repository.js';
import { SessionsService } from '../src/sessions/sessions.service.js';
import { actorOf, chatLine, projectUser } from './harness.js';

/**
 * Raids on real PostgreSQL and NATS JetStream (ADR 0032): a raid notice and its raiders'
 * lines stored while the sessions service is down are applied once it is back, in stream
 * order, so the raiders are marked; a notice stored twice is one raid.
 */
describe('raids across a restart of the sessions service', () => {
  let nats: PrivateNatsServer;
  let database: TestDatabase;
  let db: pg.Pool;
  let transport: TransportRuntime;
  let streams: DurableStreams;
  let service: INestMicroservice | undefined;

  const start = async () => {
    service = await startServiceApp(
      'sessions',
      SessionsModule.register({
        transport,
        database: { kind: 'postgres', url: database.url },
        streams,
      }),
      transport,
      'error',
    );
    return service;
  };

  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    database = await createTestDatabase('greetboard_sessions_raids');
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    transport = { kind: 'nats', url: nats.url };
    streams = await createDurableStreams(transport);
    await start();
  });

  afterAll(async () => {
    await service?.close();
    await streams.close();
    await db.end();
    await database.drop();
    await nats.dispose();
  });

  it('applies a raid and its raiders stored while the service was down, once', async () => {
    const owner: UserChanged = {
      id: randomUUID(),
      username: 'raided_streamer',
      displayName: 'Raided Streamer',
      profileImage: null,
      twitchId: '5151',
      isApproved: true,
      isAdmin: false,
      updatedAt: new Date().toISOString(),
    };
    await projectUser(streams, db, owner);
    const session = await service!
      .get(SessionsService)
      .create({ actor: actorOf(owner), name: 'Raid night', keywords: '[]' });
    const channel = owner.username;
    const publish = (line: ChatLineReceived) =>
      streams.publish(chatLineSubject(channel), line, { msgId: line.id });
    const regular = chatLine(channel, 'regular', 'hi', { sentAt: Date.UTC(2026, 0, 1, 20) });
    await publish(regular);
    await waitFor(
      async () =>
        (await db.query('SELECT 1 FROM sessions.chatters WHERE username = $1', ['regular']))
          .rowCount === 1,
      { what: 'the regular counted' },
    );

    await service!.close();
    service = undefined;
    const raidAt = Date.UTC(2026, 0, 1, 20, 5);
    const notice = chatLine(channel, 'raid_boss', '42 raiders from Raid_Boss have joined!', {
      sentAt: raidAt,
      raidViewerCount: 42,
    });
    await publish(notice);
    const lines = [
      chatLine(channel, 'raider_one', 'hype', { sentAt: raidAt + 2_000 }),
      chatLine(channel, 'raider_two', 'hype', { sentAt: raidAt + 4 * 60_000 }),
      chatLine(channel, 'regular', 'welcome', { sentAt: raidAt + 3_000 }),
      chatLine(channel, 'too_late', 'hello', { sentAt: raidAt + 5 * 60_000 }),
    ];
    for (const line of lines) await publish(line);

    await start();
    const raiders = await waitFor(
      async () => {
        const { rows } = await db.query<{ username: string; raid_id: string | null }>(
          `SELECT username, raid_id FROM sessions.chatters WHERE session_id = $1
            ORDER BY username`,
          [session.id],
        );
        return rows.length === 4 ? rows : null;
      },
      { timeoutMs: 30_000, what: 'the lines stored during the outage counted' },
    );
    const raids = await service!.get(RaidsRepository).list(session.id);
    expect(raids).toEqual([
      {
        id: expect.any(String),
        sessionId: session.id,
        raiderTwitchId: 'tw-raid_boss',
        raiderLogin: 'raid_boss',
        raiderDisplayName: 'RAID_BOSS',
        viewerCount: 42,
        raidedAt: new Date(raidAt).toISOString(),
        raiderCount: 2,
        greetedCount: 0,
      },
    ]);
    const raidId = raids[0].id;
    expect(raiders).toEqual([
      { username: 'raider_one', raid_id: raidId },
      { username: 'raider_two', raid_id: raidId },
      { username: 'regular', raid_id: null },
      { username: 'too_late', raid_id: null },
    ]);

    // The same notice again (a second replica read it, or a retry past JetStream's window).
    expect(await service!.get(RaidsRepository).recordRaids([notice])).toEqual([]);
    expect(await service!.get(RaidsRepository).list(session.id)).toEqual(raids);
  });
});
