import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import {
  CHAT_LINES_BATCH_SUBJECT,
  chatLineSubject,
  deadLetterSubject,
  STREAMS,
  type ChatLineReceived,
  type ChatLinesBatch,
  type DeadLetter,
  type UserChanged,
} from '@greetboard/contracts';
import { streamMessagesDeadLettered } from '@greetboard/metrics';
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
  type StreamConsumer,
  type TransportRuntime,
} from '@greetboard/transport';
import { SessionsModule } from '../src/index.js';
import { SessionsService } from '../src/sessions/sessions.service.js';
import { DEFAULT_STREAM_SETTINGS } from '../src/streams.js';
import { actorOf, chatLine, projectUser } from './harness.js';

const DURABLE = DEFAULT_STREAM_SETTINGS.chatLinesDurable;
const MAX_DELIVERIES = 5;

const streamer = (username: string, displayName: string, twitchId: string): UserChanged => ({
  id: randomUUID(),
  username,
  displayName,
  profileImage: null,
  twitchId,
  isApproved: true,
  isAdmin: false,
  updatedAt: new Date().toISOString(),
});

async function deadLettered(reason: string): Promise<number> {
  const metric = await streamMessagesDeadLettered.get();
  return (
    metric.values.find(
      (value) => value.labels.consumer === DURABLE && value.labels.reason === reason,
    )?.value ?? 0
  );
}

/**
 * Chat lines PostgreSQL refuses (a NUL byte in the text, a `tmi-sent-ts` past the timestamp
 * range) pass validation and fail the upsert. On real PostgreSQL and JetStream they must not
 * hold up the good lines of their batch, and end in the dead-letter stream after the bounded
 * retries, with their error.
 */
describe('chat lines the database refuses', () => {
  let nats: PrivateNatsServer;
  let database: TestDatabase;
  let db: pg.Pool;
  let nc: NatsConnection;
  let transport: TransportRuntime;
  let streams: DurableStreams;
  let service: INestMicroservice | undefined;
  let letterReader: StreamConsumer | undefined;
  const letters: DeadLetter[] = [];

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
  };

  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    database = await createTestDatabase('greetboard_sessions_dead_letters');
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    nc = await connect({ servers: [nats.url] });
    transport = { kind: 'nats', url: nats.url };
    streams = await createDurableStreams(transport, { maxDeliveries: MAX_DELIVERIES });
    await start();
  });

  afterAll(async () => {
    await letterReader?.stop();
    await service?.close();
    await streams.close();
    await nc.close();
    await db.end();
    await database.drop();
    await nats.dispose();
  });

  it('counts the good lines of a batch at once and dead-letters the refused ones', async () => {
    const owner = streamer('poisoned_streamer', 'Poisoned Streamer', '6161');
    await projectUser(streams, db, owner);
    await service!
      .get(SessionsService)
      .create({ actor: actorOf(owner), name: 'Poison night', keywords: '[]' });
    const failedBefore = await deadLettered('handler_failed');

    // Stored while the service is down, so they reach it as one batch.
    await service!.close();
    service = undefined;
    const channel = owner.username;
    const good = ['good_one', 'good_two', 'good_three'];
    const nul = chatLine(channel, 'nul_byte', 'hello\u0000there');
    const farFuture = chatLine(channel, 'far_future', 'hi', { sentAt: 10 ** 17 });
    const lines: ChatLineReceived[] = [
      chatLine(channel, good[0]),
      nul,
      chatLine(channel, good[1]),
      farFuture,
      chatLine(channel, good[2]),
    ];
    for (const line of lines)
      await streams.publish(chatLineSubject(channel), line, { msgId: line.id });
    await start();

    letterReader = await streams.consume<DeadLetter>(
      {
        stream: STREAMS.deadLetters.name,
        durable: 'test-dead-letter-reader',
        filterSubject: deadLetterSubject(DURABLE),
      },
      (batch) => {
        letters.push(...batch.map((message) => message.data));
        return Promise.resolve();
      },
    );
    const jsm = await jetstreamManager(nc);
    // The good lines are counted and acked while both refused lines still wait for a retry.
    await waitFor(
      async () => {
        const { rows } = await db.query<{ username: string }>(
          'SELECT username FROM sessions.chatters ORDER BY username',
        );
        const info = await jsm.consumers.info(STREAMS.chatLines.name, DURABLE);
        return (
          rows.map((row) => row.username).join() === [...good].sort().join() &&
          info.num_pending === 0 &&
          info.num_ack_pending === 2
        );
      },
      { timeoutMs: 20_000, what: 'the good lines counted and acked before any retry' },
    );
    expect(letters).toEqual([]);

    await waitFor(() => letters.length === 2, {
      timeoutMs: 30_000,
      what: 'both refused lines in the dead-letter stream',
    });
    const byMsgId = new Map(letters.map((letter) => [letter.msgId, letter]));
    for (const line of [nul, farFuture]) {
      const letter = byMsgId.get(line.id);
      expect(letter).toMatchObject({
        reason: 'handler_failed',
        stream: STREAMS.chatLines.name,
        subject: chatLineSubject(channel),
        consumer: DURABLE,
        deliveries: MAX_DELIVERIES,
      });
      expect(letter?.error).not.toBe('');
      expect(JSON.parse(letter!.data)).toEqual(line);
    }
    expect(byMsgId.get(farFuture.id)?.error).toMatch(/range/i);
    expect(await deadLettered('handler_failed')).toBe(failedBefore + 2);
    await waitFor(
      async () => {
        const info = await jsm.consumers.info(STREAMS.chatLines.name, DURABLE);
        return info.num_pending === 0 && info.num_ack_pending === 0;
      },
      { what: 'the refused lines acked on the chat-line stream' },
    );
    const { rows } = await db.query<{ username: string }>(
      'SELECT username FROM sessions.chatters ORDER BY username',
    );
    expect(rows.map((row) => row.username)).toEqual([...good].sort());
  });

  it('counts each line of batches once, however often it is stored, and dead-letters a refused one alone', async () => {
    const owner = streamer('batched_streamer', 'Batched Streamer', '6262');
    await projectUser(streams, db, owner);
    const session = await service!
      .get(SessionsService)
      .create({ actor: actorOf(owner), name: 'Batch night', keywords: '[]' });
    const failedBefore = await deadLettered('handler_failed');
    const channel = owner.username;
    const first = chatLine(channel, 'batch_one');
    const nul = chatLine(channel, 'batch_nul', 'hello\u0000there');
    const second = chatLine(channel, 'batch_two');
    const third = chatLine(channel, 'batch_one', 'again');
    const batch = (lines: ChatLineReceived[]): ChatLinesBatch => ({ lines });
    // One replica's batch, another replica's batch of the same lines cut differently (a
    // handover), and a single line from a replica that did not batch yet (ADR 0057).
    await streams.publish(CHAT_LINES_BATCH_SUBJECT, batch([first, nul, second]), { msgId: 'b1' });
    await streams.publish(CHAT_LINES_BATCH_SUBJECT, batch([second, third]), { msgId: 'b2' });
    await streams.publish(chatLineSubject(channel), third, { msgId: third.id });
    await streams.publish(CHAT_LINES_BATCH_SUBJECT, batch([first]), { msgId: 'b3' });

    const jsm = await jetstreamManager(nc);
    await waitFor(
      async () => {
        const info = await jsm.consumers.info(STREAMS.chatLines.name, DURABLE);
        return info.num_pending === 0 && info.num_ack_pending === 0;
      },
      { timeoutMs: 30_000, what: 'every batch acked, the refused line dead-lettered' },
    );
    const { rows } = await db.query<{ username: string; message_count: number }>(
      'SELECT username, message_count FROM sessions.chatters WHERE session_id = $1 ORDER BY username',
      [session.id],
    );
    expect(rows).toEqual([
      { username: 'batch_one', message_count: 2 },
      { username: 'batch_two', message_count: 1 },
    ]);
    expect(await deadLettered('handler_failed')).toBe(failedBefore + 1);
    await waitFor(() => letters.some((letter) => letter.msgId === 'b1'), {
      what: 'the refused line of the first batch in the dead-letter stream',
    });
    const letter = letters.find((candidate) => candidate.msgId === 'b1');
    expect(letter).toMatchObject({
      reason: 'handler_failed',
      subject: CHAT_LINES_BATCH_SUBJECT,
      record: 1,
      deliveries: MAX_DELIVERIES,
    });
    expect(JSON.parse(letter!.data)).toEqual(nul);
  });
});
