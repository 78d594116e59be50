import { describe, expect, it } from '@jest/globals';
import { GREETING_TIME_BUCKETS_SECONDS } from '@greetboard/contracts';
import { CHATTER_SLOT_BOUNDS_SECONDS } from './migrations/1767600000000-ChatterSlots.js';

describe('chatter slots', () => {
  it('bucket greeting times by the bounds the statistics report', () => {
    // A change to the contract's buckets needs a migration that recomputes the slots.
    expect([...CHATTER_SLOT_BOUNDS_SECONDS]).toEqual([...GREETING_TIME_BUCKETS_SECONDS]);
  });
});
