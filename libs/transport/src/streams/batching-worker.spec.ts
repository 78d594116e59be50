import { describe, expect, it } from '@jest/globals';
import { BatchingWorker, retryDelay, type Delivery } from './batching-worker.js';

function delivery(sequence: number, settled: Map<number, string>): Delivery<number> {
  return {
    message: { subject: 's', data: sequence, msgId: `m${sequence}`, deliveryCount: 1, sequence },
    ack: () => settled.set(sequence, 'ack'),
    nak: (delayMs) => settled.set(sequence, `nak:${delayMs}`),
  };
}

describe('BatchingWorker', () => {
  it('hands a burst over in batches of at most maxBatch and acks after the handler resolves', async () => {
    const settled = new Map<number, string>();
    const batches: number[][] = [];
    const worker = new BatchingWorker<number>(
      (batch) => {
        batches.push(batch.map((message) => message.data));
        return Promise.resolve();
      },
      { maxBatch: 4, flushDelayMs: 1, label: 'test' },
    );
    for (let sequence = 1; sequence <= 10; sequence++) worker.push(delivery(sequence, settled));
    await new Promise<void>((resolve) => {
      const check = (): void => (settled.size === 10 ? resolve() : void setImmediate(check));
      check();
    });
    await worker.stop();
    expect(batches).toEqual([
      [1, 2, 3, 4],
      [5, 6, 7, 8],
      [9, 10],
    ]);
    expect([...settled.values()].every((outcome) => outcome === 'ack')).toBe(true);
  });

  it('naks the whole batch with a backoff when the handler throws', async () => {
    const settled = new Map<number, string>();
    const worker = new BatchingWorker<number>(() => Promise.reject(new Error('down')), {
      maxBatch: 10,
      flushDelayMs: 1,
      label: 'test',
    });
    worker.push(delivery(1, settled));
    worker.push(delivery(2, settled));
    await new Promise<void>((resolve) => {
      const check = (): void => (settled.size === 2 ? resolve() : void setImmediate(check));
      check();
    });
    await worker.stop();
    expect(Object.fromEntries(settled)).toEqual({
      1: `nak:${retryDelay(1)}`,
      2: `nak:${retryDelay(1)}`,
    });
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
      { maxBatch: 1, flushDelayMs: 1, label: 'test' },
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
