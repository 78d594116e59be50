import { describe, expect, it } from '@jest/globals';
import { chatterFixture } from '../../../test/unit/test-utils';
import { orderChatters } from './chatter-order';
import { DEFAULT_CHATTER_ORDER, isChatterOrder } from './triage/use-chatter-order';

const at = (minute: number) => `2025-01-01T10:${String(minute).padStart(2, '0')}:00Z`;
// Oldest first, as the chatters API keeps its list; greeted ones among the pending.
const chatters = [
  chatterFixture('alice', { firstSeenAt: at(1) }),
  chatterFixture('bob', { firstSeenAt: at(2), isGreeted: true }),
  chatterFixture('carol', { firstSeenAt: at(3), isGreeted: true }),
  chatterFixture('dave', { firstSeenAt: at(4) }),
  chatterFixture('erin', { firstSeenAt: at(5) }),
];
const ids = (list: { id: string }[]) => list.map((c) => c.id);

describe('chatter order', () => {
  it('puts the chatters still to greet first, oldest first, then the greeted ones', () => {
    expect(ids(orderChatters(chatters, 'next'))).toEqual(['alice', 'dave', 'erin', 'bob', 'carol']);
  });

  it('keeps first seen, oldest first, greeted or not (the default)', () => {
    expect(ids(orderChatters(chatters, 'oldest'))).toEqual([
      'alice',
      'bob',
      'carol',
      'dave',
      'erin',
    ]);
    expect(DEFAULT_CHATTER_ORDER).toBe('oldest');
  });

  it('lists the newest arrivals first, greeted or not', () => {
    expect(ids(orderChatters(chatters, 'newest'))).toEqual([
      'erin',
      'dave',
      'carol',
      'bob',
      'alice',
    ]);
  });

  it('keeps a chatter greeted a moment ago in its place among the pending ones', () => {
    const settling = new Set(['bob']);
    expect(ids(orderChatters(chatters, 'next', settling))).toEqual([
      'alice',
      'bob',
      'dave',
      'erin',
      'carol',
    ]);
  });

  it('returns a new array and leaves its input alone', () => {
    const before = ids(chatters);
    for (const order of ['oldest', 'next', 'newest'] as const) {
      expect(orderChatters(chatters, order)).not.toBe(chatters);
      expect(ids(chatters)).toEqual(before);
    }
  });

  it('accepts only its own order names from storage', () => {
    expect(isChatterOrder('next')).toBe(true);
    expect(isChatterOrder('newest')).toBe(true);
    expect(isChatterOrder('oldest')).toBe(true);
    expect(isChatterOrder('first')).toBe(false);
    expect(isChatterOrder(null)).toBe(false);
  });
});
