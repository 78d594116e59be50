import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DiscardPolicy, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { chatLineSubject, STREAMS, SUBJECTS } from '@greetboard/contracts';
import { TEST_INFRASTRUCTURE } from '@greetboard/testing';
import {
  JetStreamDurableStreams,
  nameIn,
  type DurableStreamsSettings,
  type StreamLimits,
} from '../src/index.js';

const HOUR_MS = 60 * 60 * 1000;
const MIB = 1024 * 1024;

/** Every stream's bounds as a process reads them from its configuration. */
function settings(chatLines: StreamLimits, domainEvents: StreamLimits): DurableStreamsSettings {
  return {
    maxDeliveries: 5,
    streamLimits: {
      [STREAMS.chatLines.name]: chatLines,
      [STREAMS.domainEvents.name]: domainEvents,
      [STREAMS.deadLetters.name]: { maxAgeMs: HOUR_MS, maxBytes: MIB },
    },
  };
}

/** About 500 bytes, as a chat line or a domain event takes in the stream. */
const payload = (i: number) => ({ i, text: 'x'.repeat(400) });

describe('JetStream stream limits from configuration', () => {
  const prefix = `limits-${randomUUID().slice(0, 8)}`;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  const opened: JetStreamDurableStreams[] = [];

  const open = async (configured: DurableStreamsSettings) => {
    const streams = await JetStreamDurableStreams.connect(
      TEST_INFRASTRUCTURE.nats,
      prefix,
      configured,
    );
    opened.push(streams);
    // Spelled out as the services do: the discard policy comes from the streams' design.
    await streams.ensureStream({ ...STREAMS.chatLines, subjects: [...STREAMS.chatLines.subjects] });
    await streams.ensureStream({
      name: STREAMS.domainEvents.name,
      subjects: [...STREAMS.domainEvents.subjects],
    });
    return streams;
  };
  const configOf = async (stream: string) =>
    (await jsm.streams.info(nameIn(prefix, stream))).config;

  beforeAll(async () => {
    nc = await connect({ servers: [TEST_INFRASTRUCTURE.nats] });
    jsm = await jetstreamManager(nc);
  });

  afterAll(async () => {
    await Promise.all(opened.map((streams) => streams.close()));
    for (const stream of Object.values(STREAMS))
      await jsm.streams.delete(nameIn(prefix, stream.name)).catch(() => undefined);
    await nc.close();
  });

  it('creates each stream with its configured age, size and discard policy', async () => {
    await open(
      settings(
        { maxAgeMs: 2 * HOUR_MS, maxBytes: 3 * MIB },
        { maxAgeMs: 5 * HOUR_MS, maxBytes: MIB },
      ),
    );
    expect(await configOf(STREAMS.chatLines.name)).toMatchObject({
      max_age: nanos(2 * HOUR_MS),
      max_bytes: 3 * MIB,
      discard: DiscardPolicy.Old,
    });
    expect(await configOf(STREAMS.domainEvents.name)).toMatchObject({
      max_age: nanos(5 * HOUR_MS),
      max_bytes: MIB,
      discard: DiscardPolicy.New,
    });
  });

  it('updates an existing stream whose limits changed at the next start', async () => {
    await open(
      settings(
        { maxAgeMs: 3 * HOUR_MS, maxBytes: 2 * MIB },
        { maxAgeMs: 6 * HOUR_MS, maxBytes: 2 * MIB },
      ),
    );
    expect(await configOf(STREAMS.chatLines.name)).toMatchObject({
      max_age: nanos(3 * HOUR_MS),
      max_bytes: 2 * MIB,
    });
    expect(await configOf(STREAMS.domainEvents.name)).toMatchObject({
      max_age: nanos(6 * HOUR_MS),
      max_bytes: 2 * MIB,
      discard: DiscardPolicy.New,
    });
  });

  it('leaves the limits of an existing stream to a process given none (a one-off command)', async () => {
    const command = await JetStreamDurableStreams.connect(TEST_INFRASTRUCTURE.nats, prefix);
    opened.push(command);
    await command.ensureStream({
      name: STREAMS.domainEvents.name,
      subjects: [...STREAMS.domainEvents.subjects],
    });
    expect(await configOf(STREAMS.domainEvents.name)).toMatchObject({
      max_age: nanos(6 * HOUR_MS),
      max_bytes: 2 * MIB,
      discard: DiscardPolicy.New,
    });
  });

  it('full, keeps every domain event it accepted and refuses new ones; drops the oldest chat lines', async () => {
    const streams = await open(
      settings({ maxAgeMs: HOUR_MS, maxBytes: MIB }, { maxAgeMs: HOUR_MS, maxBytes: MIB }),
    );
    const publishUntilRefused = async (subject: string, most: number) => {
      for (let i = 0; i < most; i++) {
        try {
          await streams.publish(subject, payload(i), { msgId: `${subject}-${i}` });
        } catch {
          return i;
        }
      }
      return most;
    };
    // 1 MiB holds about 2,000 messages of this size; 3,000 overflow it.
    const accepted = await publishUntilRefused(SUBJECTS.domain.chatterCounted, 3_000);
    expect(accepted).toBeGreaterThan(1_000);
    expect(accepted).toBeLessThan(3_000);
    const events = await jsm.streams.info(nameIn(prefix, STREAMS.domainEvents.name));
    expect(events.state).toMatchObject({ first_seq: 1, messages: accepted });

    expect(await publishUntilRefused(chatLineSubject('somestreamer'), 3_000)).toBe(3_000);
    const lines = await jsm.streams.info(nameIn(prefix, STREAMS.chatLines.name));
    expect(lines.state.last_seq).toBe(3_000);
    expect(lines.state.first_seq).toBeGreaterThan(1);
    expect(lines.state.bytes).toBeLessThanOrEqual(MIB);

    expect(
      await streams.storage([STREAMS.chatLines.name, STREAMS.domainEvents.name, 'NOT_CREATED']),
    ).toEqual([
      {
        stream: STREAMS.chatLines.name,
        messages: lines.state.messages,
        bytes: lines.state.bytes,
        maxBytes: MIB,
      },
      {
        stream: STREAMS.domainEvents.name,
        messages: accepted,
        bytes: events.state.bytes,
        maxBytes: MIB,
      },
    ]);
  });
});
