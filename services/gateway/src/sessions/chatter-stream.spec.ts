import { describe, expect, it } from '@jest/globals';
import { jsonArray, MAX_STREAMS, streamSlot } from './chatter-stream.js';

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = '';
  for await (const chunk of chunks) all += chunk;
  return all;
}

async function* pages<T>(...list: T[][]) {
  for (const page of list) yield await Promise.resolve(page);
}

describe('chatter stream', () => {
  it('writes pages as one JSON array, empty pages and all', async () => {
    expect(JSON.parse(await text(jsonArray(pages([1, 2], [], [3]))))).toEqual([1, 2, 3]);
    expect(await text(jsonArray(pages([], [])))).toBe('[]');
    expect(await text(jsonArray(pages<number>()))).toBe('[]');
  });

  it('lets a bounded number of streams run, the next in order as one ends', async () => {
    const running = await Promise.all(Array.from({ length: MAX_STREAMS }, () => streamSlot()));
    const started: number[] = [];
    const queued = [1, 2].map((n) =>
      streamSlot().then((release) => {
        started.push(n);
        return release;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([]);
    running[0]();
    running[0](); // A second release frees nothing more.
    const first = await queued[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([1]);
    first();
    (await queued[1])();
    expect(started).toEqual([1, 2]);
    for (const release of running.slice(1)) release();
    // Every slot is free again.
    const all = await Promise.all(Array.from({ length: MAX_STREAMS }, () => streamSlot()));
    for (const release of all) release();
  });
});
