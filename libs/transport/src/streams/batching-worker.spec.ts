import { describe, expect, it } from '@jest/globals';
import type { DeadLetter } from '@greetboard/contracts';
import { streamMessagesDeadLettered } from '@greetboard/metrics';
import {
  BatchingWorker,
  retryDelay,
  type BatchingOptions,
  type Delivery,
} from './batching-worker.js';
import type { PayloadValidator } from './payload-validators.js';

function delivery(
  sequence: number,
  settled: Map<number, string>,
  data: unknown = sequence,
  deliveryCount = 1,
): Delivery {
  return {
    message: {
      subject: 's',
      data,
      msgId: `m${sequence}`,
      deliveryCount,
      sequence,
      raw: () => JSON.stringify(data),
    },
    ack: () => settled.set(sequence, 'ack'),
    nak: (delayMs) => settled.set(sequence, `nak:${delayMs}`),
  };
}

const numbers: PayloadValidator<number> = (data) =>
  typeof data === 'number' ? { valid: true, value: data } : { valid: false, error: 'not a number' };

function options(
  overrides: Partial<BatchingOptions<number>> & { letters?: DeadLetter[] } = {},
): BatchingOptions<number> {
  const { letters = [], ...rest } = overrides;
  return {
    maxBatch: 10,
    flushDelayMs: 1,
    label: 'test',
    stream: 'TEST',
    consumer: `test-${Math.random()}`,
    payload: numbers,
    maxDeliveries: 3,
    deadLetters: (letter) => {
      letters.push(letter);
      return Promise.resolve();
    },
    ...rest,
  };
}

/** Resolves once `done()` holds, checked on every turn of the event loop. */
function until(done: () => boolean): Promise<void> {
  return new Promise<void>((resolve) => {
    const check = (): void => (done() ? resolve() : void setImmediate(check));
    check();
  });
}

/** Resolves once `count` deliveries are settled. */
function settledCount(settled: Map<number, string>, count: number): Promise<void> {
  return until(() => settled.size >= count);
}

async function deadLettered(consumer: string, reason: string): Promise<number> {
  const metric = await streamMessagesDeadLettered.get();
  return (
    metric.values.find(
      (value) => value.labels.consumer === consumer && value.labels.reason === reason,
    )?.value ?? 0
  );
}

/** A handler that records each batch's data. */
function recordingInto(batches: unknown[][]) {
  return (batch: { data: unknown }[]) => {
    batches.push(batch.map((message) => message.data));
    return Promise.resolve();
  };
}

/** A handler that fails every batch holding a poison value, and records what it handled. */
function poisonedBy(poison: number, handled: number[]) {
  return (batch: { data: number }[]) => {
    if (batch.some((message) => message.data === poison))
      return Promise.reject(new Error(`cannot store ${poison}`));
    handled.push(...batch.map((message) => message.data));
    return Promise.resolve();
  };
}

describe('BatchingWorker', () => {
  it('hands a burst over in batches of at most maxBatch and acks after the handler resolves', async () => {
    const settled = new Map<number, string>();
    const batches: number[][] = [];
    const worker = new BatchingWorker<number>(recordingInto(batches), options({ maxBatch: 4 }));
    for (let sequence = 1; sequence <= 10; sequence++) worker.push(delivery(sequence, settled));
    await settledCount(settled, 10);
    await worker.stop();
    expect(batches).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9, 10],
    ]);
    expect([...settled.values()].every((outcome) => outcome === 'ack')).toBe(true);
  });

  it('lets a message wait flushDelayMs for others to join its batch', async () => {
    const settled = new Map<number, string>();
    const batches: number[][] = [];
    const worker = new BatchingWorker<number>(
      recordingInto(batches),
      options({ flushDelayMs: 300 }),
    );
    worker.push(delivery(1, settled));
    await new Promise((resolve) => setTimeout(resolve, 50));
    worker.push(delivery(2, settled));
    await settledCount(settled, 2);
    await worker.stop();
    expect(batches).toEqual([[1, 2]]);
  });

  it('counts the wait from arrival: what came while the handler was busy goes at once', async () => {
    const settled = new Map<number, string>();
    const calledAt: number[] = [];
    let release: () => void = () => undefined;
    const firstDone = new Promise<void>((resolve) => (release = resolve));
    const worker = new BatchingWorker<number>(
      async () => {
        calledAt.push(performance.now());
        if (calledAt.length === 1) await firstDone;
      },
      options({ flushDelayMs: 600 }),
    );
    worker.push(delivery(1, settled));
    await until(() => calledAt.length === 1);
    // Arrives while the first batch is handled, and waits there longer than flushDelayMs.
    worker.push(delivery(2, settled));
    await new Promise((resolve) => setTimeout(resolve, 700));
    const releasedAt = performance.now();
    release();
    await settledCount(settled, 2);
    await worker.stop();
    expect(calledAt).toHaveLength(2);
    expect(calledAt[1] - releasedAt).toBeLessThan(300);
  });

  it('acks the good messages of a failing batch at once and retries only the failing one', async () => {
    const settled = new Map<number, string>();
    const handled: number[] = [];
    const worker = new BatchingWorker<number>(poisonedBy(5, handled), options());
    for (let sequence = 1; sequence <= 8; sequence++) worker.push(delivery(sequence, settled));
    await settledCount(settled, 8);
    await worker.stop();
    expect(handled.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 6, 7, 8]);
    expect(Object.fromEntries(settled)).toEqual({
      1: 'ack',
      2: 'ack',
      3: 'ack',
      4: 'ack',
      5: `nak:${retryDelay(1)}`,
      6: 'ack',
      7: 'ack',
      8: 'ack',
    });
  });

  it('dead-letters a message that failed maxDeliveries deliveries, with its error, and acks it', async () => {
    const settled = new Map<number, string>();
    const letters: DeadLetter[] = [];
    const settings = options({ letters, maxDeliveries: 3 });
    const worker = new BatchingWorker<number>(poisonedBy(5, []), settings);
    worker.push(delivery(5, settled, 5, 2));
    await settledCount(settled, 1);
    expect(settled.get(5)).toBe(`nak:${retryDelay(2)}`);
    settled.clear();
    worker.push(delivery(5, settled, 5, 3));
    await settledCount(settled, 1);
    await worker.stop();
    expect(settled.get(5)).toBe('ack');
    expect(letters).toEqual([
      expect.objectContaining({
        reason: 'handler_failed',
        error: 'cannot store 5',
        stream: 'TEST',
        subject: 's',
        sequence: 5,
        msgId: 'm5',
        consumer: settings.consumer,
        deliveries: 3,
        data: '5',
      }),
    ]);
    expect(await deadLettered(settings.consumer, 'handler_failed')).toBe(1);
  });

  it('retries a whole batch whose database is unreachable, never halving or dead-lettering it', async () => {
    const settled = new Map<number, string>();
    const letters: DeadLetter[] = [];
    const calls: number[][] = [];
    const settings = options({ letters, maxDeliveries: 3 });
    const outage = Object.assign(new Error('the database system is shutting down'), {
      driverError: { code: '57P01' },
    });
    const worker = new BatchingWorker<number>((batch) => {
      calls.push(batch.map((message) => message.data));
      return Promise.reject(outage);
    }, settings);
    // Past maxDeliveries already: a failure of the message itself would dead-letter it now.
    for (let sequence = 1; sequence <= 4; sequence++)
      worker.push(delivery(sequence, settled, sequence, 7));
    await settledCount(settled, 4);
    await worker.stop();
    expect(calls).toEqual([[1, 2, 3, 4]]);
    expect([...settled.values()]).toEqual(Array(4).fill(`nak:${retryDelay(7)}`));
    expect(letters).toEqual([]);
    expect(await deadLettered(settings.consumer, 'handler_failed')).toBe(0);
  });

  it('dead-letters an invalid message at once and hands the handler only valid ones', async () => {
    const settled = new Map<number, string>();
    const letters: DeadLetter[] = [];
    const handled: unknown[] = [];
    const settings = options({ letters });
    const worker = new BatchingWorker<number>((batch) => {
      handled.push(...batch.map((message) => message.data));
      return Promise.resolve();
    }, settings);
    worker.push(delivery(1, settled));
    worker.push(delivery(2, settled, 'two'));
    worker.push(delivery(3, settled));
    await settledCount(settled, 3);
    await worker.stop();
    expect(handled).toEqual([1, 3]);
    expect(Object.fromEntries(settled)).toEqual({ 1: 'ack', 2: 'ack', 3: 'ack' });
    expect(letters).toEqual([
      expect.objectContaining({ reason: 'invalid', error: 'not a number', data: '"two"' }),
    ]);
    expect(await deadLettered(settings.consumer, 'invalid')).toBe(1);
  });

  it('leaves a message for redelivery when its dead letter cannot be stored', async () => {
    const settled = new Map<number, string>();
    const worker = new BatchingWorker<number>(
      () => Promise.resolve(),
      options({ deadLetters: () => Promise.reject(new Error('streams down')) }),
    );
    worker.push(delivery(1, settled, 'one'));
    await settledCount(settled, 1);
    await worker.stop();
    expect(settled.get(1)).toBe(`nak:${retryDelay(1)}`);
  });

  it('waits for the batch in flight on stop and returns the rest for redelivery', async () => {
    const settled = new Map<number, string>();
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    const worker = new BatchingWorker<number>(
      () => {
        started();
        return new Promise<void>((resolve) => (release = resolve));
      },
      options({ maxBatch: 1 }),
    );
    worker.push(delivery(1, settled));
    worker.push(delivery(2, settled));
    await handlerStarted;
    const stopped = worker.stop();
    expect(settled.size).toBe(0);
    release();
    await stopped;
    expect(Object.fromEntries(settled)).toEqual({ 1: 'ack', 2: 'nak:0' });
  });

  it('backs off exponentially, capped', () => {
    expect([1, 2, 3].map(retryDelay)).toEqual([100, 200, 400]);
    expect(retryDelay(50)).toBe(5_000);
  });
});

describe('BatchingWorker with messages that pack records', () => {
  /** A message whose data is `{ records }` packs them; any other data is one record. */
  const packed = (data: unknown) => {
    const records = (data as { records?: unknown } | null)?.records;
    return Array.isArray(records) ? records : undefined;
  };
  const pack = (sequence: number, settled: Map<number, string>, records: unknown[], count = 1) =>
    delivery(sequence, settled, { records }, count);

  it('hands over records, at most maxBatch a batch but whole messages, and acks each message', async () => {
    const settled = new Map<number, string>();
    const batches: number[][] = [];
    const worker = new BatchingWorker<number>(
      recordingInto(batches),
      options({ maxBatch: 4, records: packed }),
    );
    worker.push(pack(1, settled, [1, 2, 3]));
    worker.push(delivery(2, settled, 4));
    worker.push(pack(3, settled, [5, 6]));
    worker.push(pack(4, settled, [7, 8, 9, 10, 11]));
    await settledCount(settled, 4);
    await worker.stop();
    expect(batches).toEqual([
      [1, 2, 3, 4],
      [5, 6],
      [7, 8, 9, 10, 11],
    ]);
    expect(Object.fromEntries(settled)).toEqual({ 1: 'ack', 2: 'ack', 3: 'ack', 4: 'ack' });
  });

  it('handles the good records of a message with a failing one, and retries the message', async () => {
    const settled = new Map<number, string>();
    const handled: number[] = [];
    const worker = new BatchingWorker<number>(poisonedBy(5, handled), options({ records: packed }));
    worker.push(pack(1, settled, [1, 2, 3]));
    worker.push(pack(2, settled, [4, 5, 6]));
    await settledCount(settled, 2);
    await worker.stop();
    expect(handled.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 6]);
    expect(Object.fromEntries(settled)).toEqual({ 1: 'ack', 2: `nak:${retryDelay(1)}` });
  });

  it('dead-letters only the failing record after maxDeliveries, and acks its message', async () => {
    const settled = new Map<number, string>();
    const letters: DeadLetter[] = [];
    const handled: number[] = [];
    const settings = options({ letters, maxDeliveries: 3, records: packed });
    const worker = new BatchingWorker<number>(poisonedBy(5, handled), settings);
    worker.push(pack(7, settled, [4, 5, 6], 3));
    await settledCount(settled, 1);
    await worker.stop();
    expect(settled.get(7)).toBe('ack');
    expect(handled.sort((a, b) => a - b)).toEqual([4, 6]);
    expect(letters).toEqual([
      expect.objectContaining({
        reason: 'handler_failed',
        sequence: 7,
        record: 1,
        msgId: 'm7',
        deliveries: 3,
        data: '5',
      }),
    ]);
  });

  it('dead-letters an invalid record alone and hands over the others', async () => {
    const settled = new Map<number, string>();
    const letters: DeadLetter[] = [];
    const handled: unknown[] = [];
    const settings = options({ letters, records: packed });
    const worker = new BatchingWorker<number>((batch) => {
      handled.push(...batch.map((message) => message.data));
      return Promise.resolve();
    }, settings);
    worker.push(pack(1, settled, [1, 'two', 3, 'four']));
    await settledCount(settled, 1);
    await worker.stop();
    expect(handled).toEqual([1, 3]);
    expect(settled.get(1)).toBe('ack');
    expect(letters).toEqual([
      expect.objectContaining({ reason: 'invalid', record: 1, data: '"two"' }),
      expect.objectContaining({ reason: 'invalid', record: 3, data: '"four"' }),
    ]);
  });
});
