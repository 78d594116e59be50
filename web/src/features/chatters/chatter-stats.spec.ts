import { describe, expect, it } from '@jest/globals';
import { chatterStats, greetedPercentage } from './chatter-stats';
import { listedChatters, visibleChatters } from './hide-greeted';

describe('greeted percentage', () => {
  it('is 0 without chatters and rounds to a whole number', () => {
    expect(greetedPercentage(0, 0)).toBe(0);
    expect(greetedPercentage(1, 3)).toBe(33);
    expect(greetedPercentage(2, 3)).toBe(67);
    expect(greetedPercentage(3, 3)).toBe(100);
  });

  it('derives total, greeted and pending', () => {
    const stats = chatterStats([
      { isGreeted: true, moderation: null },
      { isGreeted: false, moderation: null },
      { isGreeted: false, moderation: null },
    ]);
    expect(stats).toEqual({ total: 3, greeted: 1, pending: 2, excluded: 0, greetedPercentage: 33 });
  });

  it('counts the banned and timed out not yet greeted as excluded, not pending', () => {
    const stats = chatterStats([
      { isGreeted: true, moderation: 'banned' },
      { isGreeted: false, moderation: 'banned' },
      { isGreeted: false, moderation: 'timed_out' },
      { isGreeted: false, moderation: null },
    ]);
    expect(stats).toMatchObject({ total: 4, greeted: 1, pending: 1, excluded: 2 });
  });
});

describe('Hide greeted', () => {
  const chatters = [
    { id: 'a', isGreeted: true },
    { id: 'b', isGreeted: false },
    { id: 'c', isGreeted: true },
  ];

  it('shows everyone when off', () => {
    expect(visibleChatters(chatters, false, new Set()).map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });

  it('hides greeted chatters except the one just greeted', () => {
    expect(visibleChatters(chatters, true, new Set()).map((c) => c.id)).toEqual(['b']);
    expect(visibleChatters(chatters, true, new Set(['c'])).map((c) => c.id)).toEqual(['b', 'c']);
  });
});

describe('Show banned and timed out', () => {
  const chatters = [
    { id: 'a', moderation: null },
    { id: 'b', moderation: 'banned' as const },
    { id: 'c', moderation: 'timed_out' as const },
  ];

  it('leaves marked chatters off the list unless shown', () => {
    expect(listedChatters(chatters, false).map((c) => c.id)).toEqual(['a']);
    expect(listedChatters(chatters, true).map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });
});
