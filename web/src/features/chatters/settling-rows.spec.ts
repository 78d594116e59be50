import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import {
  forgetSettling,
  greetedElsewhere,
  resetSettling,
  SETTLE_MS,
  settleGreetedElsewhere,
  settleGreetedHere,
  settleTime,
  subscribeGreetedElsewhere,
} from './settling-rows';

const greeter = { displayName: 'Editor', profileImage: null };

describe('settling rows', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date('2026-01-01T12:00:00Z'));
  });
  afterEach(() => {
    resetSettling();
    jest.useRealTimers();
  });

  it('keeps a row greeted elsewhere with its greeter for 2 s, then lets it settle', () => {
    const heard = jest.fn();
    const unsubscribe = subscribeGreetedElsewhere(heard);
    settleGreetedElsewhere({ id: 'alice', greetedByUser: greeter });
    expect(greetedElsewhere().get('alice')).toEqual(greeter);
    expect(settleTime(['bob', 'alice'])).toBe(Date.now() + SETTLE_MS);
    jest.advanceTimersByTime(SETTLE_MS - 1);
    expect(greetedElsewhere().has('alice')).toBe(true);
    jest.advanceTimersByTime(1);
    expect(greetedElsewhere().has('alice')).toBe(false);
    expect(settleTime(['alice'])).toBe(0);
    expect(heard).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('does not restart a row already settling when the same greet arrives again', () => {
    settleGreetedElsewhere({ id: 'alice', greetedByUser: greeter });
    jest.advanceTimersByTime(1500);
    settleGreetedElsewhere({ id: 'alice', greetedByUser: greeter });
    jest.advanceTimersByTime(500);
    expect(greetedElsewhere().has('alice')).toBe(false);
  });

  it('times a greet made here without a greeter mark, and forgets it on an un-greet', () => {
    settleGreetedHere('bob');
    expect(greetedElsewhere().size).toBe(0);
    expect(settleTime(['bob'])).toBe(Date.now() + SETTLE_MS);
    forgetSettling('bob');
    expect(settleTime(['bob'])).toBe(0);
  });

  it('drops the greeter mark when this screen greets the row again', () => {
    settleGreetedElsewhere({ id: 'carol', greetedByUser: null });
    expect(greetedElsewhere().get('carol')).toBeNull();
    settleGreetedHere('carol');
    expect(greetedElsewhere().has('carol')).toBe(false);
    expect(settleTime(['carol'])).toBe(Date.now() + SETTLE_MS);
  });
});
