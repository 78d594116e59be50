import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { JoinRateLimiter } from './join-rate-limiter.js';

describe('JoinRateLimiter', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('lets a burst up to the limit through at once, then one per expired slot, in order', async () => {
    const limiter = new JoinRateLimiter(3, 1_000);
    const granted: [number, number][] = [];
    const all = Array.from({ length: 5 }, (_, index) =>
      limiter.acquire().then(() => granted.push([index, Date.now()])),
    );
    await jest.advanceTimersByTimeAsync(0);
    expect(granted).toEqual([
      [0, 0],
      [1, 0],
      [2, 0],
    ]);
    await jest.advanceTimersByTimeAsync(1_000);
    await Promise.all(all);
    expect(granted.slice(3)).toEqual([
      [3, 1_000],
      [4, 1_000],
    ]);
  });

  it('never lets more than the limit through in any window', async () => {
    const limiter = new JoinRateLimiter(15, 10_000);
    const times: number[] = [];
    const all = Array.from({ length: 60 }, () =>
      limiter.acquire().then(() => times.push(Date.now())),
    );
    await jest.advanceTimersByTimeAsync(40_000);
    await Promise.all(all);
    expect(times).toHaveLength(60);
    for (const start of times) {
      expect(times.filter((t) => t >= start && t < start + 10_000).length).toBeLessThanOrEqual(15);
    }
  });
});
