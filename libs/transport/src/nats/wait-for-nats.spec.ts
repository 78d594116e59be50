import { describe, expect, it } from '@jest/globals';
import { natsBootDelay } from './wait-for-nats.js';

describe('natsBootDelay', () => {
  it('doubles from 1 s and stays at 30 s, however long NATS is away', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => natsBootDelay(attempt))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect(natsBootDelay(10_000)).toBe(30_000);
  });
});
