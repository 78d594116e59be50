import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { deadLetterSubject, STREAMS, type DeadLetter } from '@greetboard/contracts';
import type { DurableStreams, StreamConsumer, StreamMessage, StreamSpec } from '../src/index.js';
import { eventually } from './transport-contract.js';

export interface StreamsFixture {
  streams: DurableStreams;
  /** Messages of a durable consumer not acked yet (delivered or waiting). */
  unacked(stream: string, durable: string): Promise<number>;
  deleteStream(name: string): Promise<void>;
  teardown(): Promise<void>;
}

interface Note {
  id: string;
}

/** The `DurableStreams` contract: at-least-once, de-duplication, redelivery, batching. */
export function describeDurableStreamsContract(
  name: string,
  setup: () => Promise<StreamsFixture>,
): void {
  describe(`durable streams contract: ${name}`, () => {
    const run = randomUUID().slice(0, 8);
    const createdStreams: string[] = [];
    const consumers: StreamConsumer[] = [];
    let fixture: StreamsFixture;

    /** A stream of its own per test, so tests neither share messages nor collide across runs. */
    async function freshStream(
      label: string,
      limits: Pick<StreamSpec, 'maxBytes' | 'discard'> = {},
    ): Promise<{ stream: string; subject: string }> {
      const stream = `TEST_${run}_${label}`.toUpperCase();
      const subject = `tst.${run}.${label}`;
      await fixture.streams.ensureStream({
        name: stream,
        subjects: [`${subject}.>`],
        duplicateWindowMs: 60_000,
        ...limits,
      });
      createdStreams.push(stream);
      return { stream, subject: `${subject}.notes` };
    }

    async function publishNotes(subject: string, ids: string[]): Promise<void> {
      await Promise.all(
        ids.map((id) => fixture.streams.publish<Note>(subject, { id }, { msgId: id })),
      );
    }

    /** The dead letters of `durable` as they are stored, read by a durable of its own. */
    async function deadLettersOf(durable: string, reader: string): Promise<DeadLetter[]> {
      const letters: DeadLetter[] = [];
      consumers.push(
        await fixture.streams.consume<DeadLetter>(
          {
            stream: STREAMS.deadLetters.name,
            durable: reader,
            filterSubject: deadLetterSubject(durable),
          },
          (batch) => {
            letters.push(...batch.map((message) => message.data));
            return Promise.resolve();
          },
        ),
      );
      return letters;
    }

    const idsOf = (count: number, prefix: string): string[] =>
      Array.from({ length: count }, (_, index) => `${prefix}-${index}`);

    beforeAll(async () => {
      fixture = await setup();
    });

    afterAll(async () => {
      await Promise.all(consumers.map((consumer) => consumer.stop()));
      for (const stream of createdStreams) await fixture.deleteStream(stream);
      await fixture?.teardown();
    });

    it('delivers every message not acked to the next consumer of the same durable', async () => {
      const { stream, subject } = await freshStream('restart');
      const published = idsOf(50, 'r');
      await publishNotes(subject, published);
      const ackedByFirst: string[] = [];
      let calls = 0;
      let stopping: Promise<void> | undefined;
      const first: StreamConsumer = await fixture.streams.consume<Note>(
        { stream, durable: 'worker', maxBatch: 10, ackWaitMs: 1_000 },
        (batch) => {
          calls += 1;
          if (calls === 1) {
            ackedByFirst.push(...batch.map((message) => message.data.id));
            return Promise.resolve();
          }
          // Stop mid-stream: this batch fails, so it and the rest stay unacked.
          stopping = first.stop();
          return Promise.reject(new Error('shutting down'));
        },
      );
      await eventually(() => stopping !== undefined);
      await stopping;

      const processed = new Set(ackedByFirst);
      const seenBySecond: string[] = [];
      consumers.push(
        await fixture.streams.consume<Note>(
          { stream, durable: 'worker', maxBatch: 10, ackWaitMs: 1_000 },
          (batch) => {
            for (const message of batch) {
              seenBySecond.push(message.data.id);
              processed.add(message.data.id);
            }
            return Promise.resolve();
          },
        ),
      );
      await eventually(() => processed.size === published.length, 15_000);
      expect([...processed].sort()).toEqual([...published].sort());
      expect(ackedByFirst.length).toBeGreaterThan(0);
      expect(seenBySecond.filter((id) => ackedByFirst.includes(id))).toEqual([]);
    });

    it('full, refuses new messages (discard new) or drops the oldest (discard old)', async () => {
      const refusing = await freshStream('full-new', { maxBytes: 20_000, discard: 'new' });
      const dropping = await freshStream('full-old', { maxBytes: 20_000, discard: 'old' });
      const large = (i: number): Note => ({ id: `${i}-${'x'.repeat(400)}` });
      let accepted = 0;
      for (let i = 0; i < 200; i++) {
        const stored = await fixture.streams
          .publish<Note>(refusing.subject, large(i), { msgId: `n${i}` })
          .then(
            () => true,
            () => false,
          );
        if (!stored) break;
        accepted++;
      }
      for (let i = 0; i < 200; i++)
        await fixture.streams.publish<Note>(dropping.subject, large(i), { msgId: `o${i}` });
      const [full, trimmed] = await fixture.streams.storage([refusing.stream, dropping.stream]);
      // About 40 messages of this size fit: every one accepted is kept, the rest refused.
      expect(accepted).toBeGreaterThan(20);
      expect(accepted).toBeLessThan(60);
      expect(full).toMatchObject({ stream: refusing.stream, messages: accepted, maxBytes: 20_000 });
      expect(trimmed).toMatchObject({ stream: dropping.stream, maxBytes: 20_000 });
      expect(trimmed.messages).toBeGreaterThan(20);
      expect(trimmed.messages).toBeLessThan(60);
      expect(trimmed.bytes).toBeLessThanOrEqual(20_000);
    });

    it('stores a re-published msgId once and reports the duplicate', async () => {
      const { stream, subject } = await freshStream('dedupe');
      const first = await fixture.streams.publish<Note>(subject, { id: 'same' }, { msgId: 'same' });
      const second = await fixture.streams.publish<Note>(
        subject,
        { id: 'same' },
        { msgId: 'same' },
      );
      await fixture.streams.publish<Note>(subject, { id: 'last' }, { msgId: 'last' });
      expect(first.duplicate).toBe(false);
      expect(second).toEqual({ duplicate: true, sequence: first.sequence });
      const received: string[] = [];
      consumers.push(
        await fixture.streams.consume<Note>({ stream, durable: 'dedupe' }, (batch) => {
          received.push(...batch.map((message) => message.msgId));
          return Promise.resolve();
        }),
      );
      await eventually(() => received.includes('last'));
      expect(received).toEqual(['same', 'last']);
    });

    it('publishes JSON text as it is, de-duplicated like any message', async () => {
      const { stream, subject } = await freshStream('json');
      // As PostgreSQL writes a jsonb value: spaces after the separators.
      const json = '{"id": "text", "nested": {"n": 1, "list": [true, null]}}';
      const first = await fixture.streams.publishJson(subject, json, { msgId: 'text' });
      const again = await fixture.streams.publishJson(subject, json, { msgId: 'text' });
      expect(again).toEqual({ duplicate: true, sequence: first.sequence });
      const received: unknown[] = [];
      consumers.push(
        await fixture.streams.consume<unknown>({ stream, durable: 'json' }, (batch) => {
          received.push(...batch.map((message) => message.data));
          return Promise.resolve();
        }),
      );
      await eventually(() => received.length > 0);
      expect(received).toEqual([{ id: 'text', nested: { n: 1, list: [true, null] } }]);
    });

    it('redelivers a batch whose handler failed, counting the deliveries', async () => {
      const { stream, subject } = await freshStream('retry');
      await publishNotes(subject, ['only']);
      const deliveries: StreamMessage<Note>[] = [];
      consumers.push(
        await fixture.streams.consume<Note>(
          { stream, durable: 'retry', ackWaitMs: 5_000 },
          (batch) => {
            deliveries.push(...batch);
            return deliveries.length === 1
              ? Promise.reject(new Error('transient'))
              : Promise.resolve();
          },
        ),
      );
      await eventually(() => deliveries.length >= 2);
      expect(deliveries.map((message) => [message.data.id, message.deliveryCount])).toEqual([
        ['only', 1],
        ['only', 2],
      ]);
      await eventually(async () => (await fixture.unacked(stream, 'retry')) === 0);
    });

    it('dead-letters a poison message after the bounded retries, acking the rest of its batch at once', async () => {
      const { stream, subject } = await freshStream('poison');
      const durable = `poison-${run}`;
      const published = idsOf(9, 'p');
      const handled: StreamMessage<Note>[] = [];
      const poisonDeliveries: number[] = [];
      consumers.push(
        await fixture.streams.consume<Note>(
          { stream, durable, maxBatch: 20, maxDeliveries: 3, ackWaitMs: 30_000 },
          (batch) => {
            const poison = batch.find((message) => message.data.id === 'poison');
            if (poison) {
              poisonDeliveries.push(poison.deliveryCount);
              return Promise.reject(new Error('poison cannot be stored'));
            }
            handled.push(...batch);
            return Promise.resolve();
          },
        ),
      );
      await publishNotes(subject, [...published.slice(0, 4), 'poison', ...published.slice(4)]);
      const letters = await deadLettersOf(durable, `dead-letters-${run}`);
      await eventually(() => letters.length === 1, 10_000);
      // Each good message was handled once, on its first delivery, before the poison's retry.
      expect(handled.map((message) => message.data.id).sort()).toEqual([...published].sort());
      expect(handled.every((message) => message.deliveryCount === 1)).toBe(true);
      expect(poisonDeliveries).toEqual(expect.arrayContaining([1, 2, 3]));
      expect(letters[0]).toMatchObject({
        reason: 'handler_failed',
        error: 'poison cannot be stored',
        stream,
        subject,
        msgId: 'poison',
        consumer: durable,
        deliveries: 3,
        data: JSON.stringify({ id: 'poison' }),
      });
      await eventually(async () => (await fixture.unacked(stream, durable)) === 0);
    });

    it('dead-letters a message its payload rejects without handing it over', async () => {
      const { stream, subject } = await freshStream('invalid');
      const durable = `invalid-${run}`;
      const handled: string[] = [];
      consumers.push(
        await fixture.streams.consume<Note>(
          {
            stream,
            durable,
            payload: (data) =>
              typeof (data as Note).id === 'string' && (data as Note).id !== 'bad'
                ? { valid: true, value: data as Note }
                : { valid: false, error: 'id must not be bad' },
          },
          (batch) => {
            handled.push(...batch.map((message) => message.data.id));
            return Promise.resolve();
          },
        ),
      );
      await publishNotes(subject, ['good-1', 'bad', 'good-2']);
      const letters = await deadLettersOf(durable, `dead-letters-${durable}`);
      await eventually(() => letters.length === 1 && handled.length === 2, 10_000);
      expect(handled.sort()).toEqual(['good-1', 'good-2']);
      expect(letters[0]).toMatchObject({
        reason: 'invalid',
        error: 'id must not be bad',
        deliveries: 1,
      });
      await eventually(async () => (await fixture.unacked(stream, durable)) === 0);
    });

    it('hands a burst over in batches and acks every message', async () => {
      const { stream, subject } = await freshStream('burst');
      const published = idsOf(500, 'b');
      const received = new Set<string>();
      let calls = 0;
      consumers.push(
        await fixture.streams.consume<Note>(
          { stream, durable: 'burst', maxBatch: 100 },
          (batch) => {
            calls += 1;
            expect(batch.length).toBeLessThanOrEqual(100);
            for (const message of batch) received.add(message.data.id);
            return Promise.resolve();
          },
        ),
      );
      await publishNotes(subject, published);
      await eventually(() => received.size === published.length, 10_000);
      expect(calls).toBeLessThan(published.length);
      await eventually(async () => (await fixture.unacked(stream, 'burst')) === 0);
    });

    it('hands every message stored after follow to each follower, in order, one at a time', async () => {
      const { stream, subject } = await freshStream('follow');
      await publishNotes(subject, ['before']);
      const seen: Record<'one' | 'two', string[]> = { one: [], two: [] };
      let running = 0;
      let overlapped = false;
      const follower = (name: 'one' | 'two') => async (message: StreamMessage<Note>) => {
        running += 1;
        overlapped ||= running > 1;
        await new Promise((resolve) => setImmediate(resolve));
        seen[name].push(message.data.id);
        running -= 1;
      };
      consumers.push(
        await fixture.streams.follow<Note>({ stream, filterSubject: subject }, follower('one')),
      );
      consumers.push(
        await fixture.streams.follow<Note>(
          { stream, filterSubject: `${subject}.other` },
          follower('two'),
        ),
      );
      const published = idsOf(50, 'f');
      // One by one, so the stream's order is the order published.
      for (const id of published)
        await fixture.streams.publish<Note>(subject, { id }, { msgId: id });
      await eventually(() => seen.one.length === published.length);
      expect(seen.one).toEqual(published);
      expect(seen.two).toEqual([]);
      expect(overlapped).toBe(false);
    });
  });
}
