import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import pg from 'pg';
import {
  CHAT_LINES_BATCH_SUBJECT,
  chatLineSubject,
  type ChatLineReceived,
  type ChatLinesBatch,
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
  type DurableStreams,
  type TransportRuntime,
} from '@greetboard/transport';
import { SessionsModule } from '../src/index.js';
import { RaidsRepository } from '../src/raids/raids.repository.js';
import { RaidsService } from '../src/raids/raids.service.js';
import { SessionsService } from '../src/sessions/sessions.service.js';
import { actorOf, chatLine, projectUser } from './harness.js';

/**
 * Raids on real PostgreSQL and NATS JetStream (ADR 0032): a raid notice and its raiders'
 * lines stored while the sessions service is down are applied once it is back, in stream
 * order, so the raiders are marked; a notice stored twice is one raid. Who is a raider (ADR
 * 0053): a subscriber's notice, a chatter here before the raid and one after the window are
 * not; the owner's window setting changes the window; a raid takes at most its viewers and the
 * raiding channel.
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
      chatLine(channel, 'raider_two', 'hype', { sentAt: raidAt + 89_000 }),
      chatLine(channel, 'regular', 'welcome', { sentAt: raidAt + 3_000 }),
      chatLine(channel, 'too_late', 'hello', { sentAt: raidAt + 90_000 }),
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
        windowSeconds: 90,
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

  /** A new owner with an active session, and a way to put lines on the channel's stream. */
  const ownerWithSession = async (username: string, twitchId: string) => {
    const owner: UserChanged = {
      id: randomUUID(),
      username,
      displayName: username,
      profileImage: null,
      twitchId,
      isApproved: true,
      isAdmin: false,
      updatedAt: new Date().toISOString(),
    };
    await projectUser(streams, db, owner);
    const session = await service!
      .get(SessionsService)
      .create({ actor: actorOf(owner), name: 'Raid window', keywords: '[]' });
    const publish = async (...lines: ChatLineReceived[]) => {
      for (const line of lines) {
        await streams.publish(chatLineSubject(username), line, { msgId: line.id });
      }
    };
    /** Lines in one stream message, as chat-ingest packs them (ADR 0057): one consumer batch. */
    const publishPacked = async (...lines: ChatLineReceived[]) => {
      const data: ChatLinesBatch = { lines };
      await streams.publish(CHAT_LINES_BATCH_SUBJECT, data, { msgId: randomUUID() });
    };
    const raidersOf = (count: number) =>
      waitFor(
        async () => {
          const { rows } = await db.query<{ username: string; raid_id: string | null }>(
            `SELECT username, raid_id FROM sessions.chatters WHERE session_id = $1
              ORDER BY username`,
            [session.id],
          );
          return rows.length === count ? rows : null;
        },
        { timeoutMs: 30_000, what: `${count} chatters counted` },
      );
    const raid = async (viewers: number, sentAt: number) => {
      const notice = chatLine(username, `raider_of_${sentAt % 1000}`, 'raid', {
        sentAt,
        raidViewerCount: viewers,
      });
      await publish(notice);
      return waitFor(
        async () => {
          const raids = await service!.get(RaidsRepository).list(session.id);
          return raids.find((known) => known.raidedAt === new Date(sentAt).toISOString()) ?? null;
        },
        { what: 'the raid stored' },
      );
    };
    return { owner, session, publish, publishPacked, raidersOf, raid };
  };

  it('leaves out subscribers, chatters here before and chatters after the window', async () => {
    const { owner, session, publish, raidersOf, raid } = await ownerWithSession(
      'window_streamer',
      '6161',
    );
    const channel = owner.username;
    const raidAt = Date.UTC(2026, 0, 2, 20);
    await publish(chatLine(channel, 'here_before', 'hi', { sentAt: raidAt - 60_000 }));
    await raidersOf(1);
    const { id: raidId } = await raid(10, raidAt);
    await publish(
      chatLine(channel, 'raider_a', 'hype', { sentAt: raidAt + 1_000 }),
      // Subscription notices within the window: lines of the subscribers, never raiders, nor
      // when the subscriber chats afterwards.
      chatLine(channel, 'new_sub', 'new_sub subscribed at Tier 1.', {
        sentAt: raidAt + 2_000,
        subscription: 'sub',
      }),
      chatLine(channel, 'resub_fan', 'a year already', {
        sentAt: raidAt + 3_000,
        subscription: 'resub',
      }),
      chatLine(channel, 'here_before', 'welcome raiders', { sentAt: raidAt + 4_000 }),
      chatLine(channel, 'new_sub', 'thanks', { sentAt: raidAt + 5_000 }),
      chatLine(channel, 'raider_b', 'hype', { sentAt: raidAt + 89_999 }),
      chatLine(channel, 'after_window', 'hello', { sentAt: raidAt + 90_000 }),
    );
    expect(await raidersOf(6)).toEqual([
      { username: 'after_window', raid_id: null },
      { username: 'here_before', raid_id: null },
      { username: 'new_sub', raid_id: null },
      { username: 'raider_a', raid_id: raidId },
      { username: 'raider_b', raid_id: raidId },
      { username: 'resub_fan', raid_id: null },
    ]);

    // 'Greet all raiders' shows exactly the raiders, and greets those of the ids it is sent.
    const raids = service!.get(RaidsService);
    const actor = actorOf(owner);
    const pending = await raids.pendingRaiders(actor, session.id, raidId);
    expect(pending.map((chatter) => chatter.username)).toEqual(['raider_a', 'raider_b']);
    const { rows: others } = await db.query<{ id: string }>(
      `SELECT id FROM sessions.chatters WHERE session_id = $1 AND raid_id IS NULL`,
      [session.id],
    );
    const greeted = await raids.greetAll(actor, session.id, raidId, [
      pending[0].id,
      ...others.map((row) => row.id),
    ]);
    expect(greeted.chatters.map((chatter) => chatter.username)).toEqual(['raider_a']);
    expect(
      (await raids.pendingRaiders(actor, session.id, raidId)).map((chatter) => chatter.username),
    ).toEqual(['raider_b']);
  });

  it('marks raiders by the window the owner chose', async () => {
    const { owner, publish, raidersOf, raid } = await ownerWithSession('short_window', '7171');
    const channel = owner.username;
    const raids = service!.get(RaidsService);
    const actor = actorOf(owner);
    expect(await raids.settings(actor)).toEqual({ windowSeconds: 90 });
    for (const wrong of [14, 601, 30.5]) {
      await expect(raids.updateSettings(actor, wrong)).rejects.toMatchObject({
        code: 'RAID_WINDOW_OUT_OF_RANGE',
      });
    }
    expect(await raids.settings(actor)).toEqual({ windowSeconds: 90 });

    expect(await raids.updateSettings(actor, 15)).toEqual({ windowSeconds: 15 });
    const shortAt = Date.UTC(2026, 0, 3, 20);
    const short = await raid(10, shortAt);
    expect(short.windowSeconds).toBe(15);
    await publish(
      chatLine(channel, 'quick', 'hype', { sentAt: shortAt + 14_000 }),
      // Within the default 90 seconds, but not within the 15 the owner chose.
      chatLine(channel, 'slow', 'hype', { sentAt: shortAt + 30_000 }),
    );

    expect(await raids.updateSettings(actor, 600)).toEqual({ windowSeconds: 600 });
    const longAt = Date.UTC(2026, 0, 3, 21);
    const long = await raid(10, longAt);
    expect(long.windowSeconds).toBe(600);
    await publish(
      // Past the default 90 seconds, within the 600 the owner chose.
      chatLine(channel, 'patient', 'hype', { sentAt: longAt + 300_000 }),
      chatLine(channel, 'too_patient', 'hype', { sentAt: longAt + 600_000 }),
    );
    expect(await raidersOf(4)).toEqual([
      { username: 'patient', raid_id: long.id },
      { username: 'quick', raid_id: short.id },
      { username: 'slow', raid_id: null },
      { username: 'too_patient', raid_id: null },
    ]);
  });

  it('gives a raid at most its viewers and the raiding channel, the earliest first', async () => {
    const { owner, publish, publishPacked, raidersOf, raid } = await ownerWithSession(
      'small_raid',
      '8181',
    );
    const channel = owner.username;
    const raidAt = Date.UTC(2026, 0, 4, 20);
    const { id: raidId } = await raid(2, raidAt);
    // Two batches: the cap counts raiders marked before as well as the batch's own. The second
    // is one packed message, so its lines are one batch and the earliest of them come first.
    await publish(chatLine(channel, 'first', 'hype', { sentAt: raidAt + 1_000 }));
    await raidersOf(1);
    await publishPacked(
      chatLine(channel, 'second', 'hype', { sentAt: raidAt + 2_000 }),
      chatLine(channel, 'fourth', 'hype', { sentAt: raidAt + 4_000 }),
      chatLine(channel, 'third', 'hype', { sentAt: raidAt + 3_000 }),
      chatLine(channel, 'fifth', 'hype', { sentAt: raidAt + 5_000 }),
    );
    expect(await raidersOf(5)).toEqual([
      { username: 'fifth', raid_id: null },
      { username: 'first', raid_id: raidId },
      { username: 'fourth', raid_id: null },
      { username: 'second', raid_id: raidId },
      { username: 'third', raid_id: raidId },
    ]);
  });
});
