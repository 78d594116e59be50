/** @jest-environment ./web/test/jsdom-environment.js */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, renderHook } from '@testing-library/react';
import { chatterFixture } from '../../../../test/unit/test-utils';
import { SEARCH_DEBOUNCE_MS, searchChatters, useDebouncedValue } from './chatter-search';

const chatters = [
  chatterFixture('night_owl', { displayName: 'NightOwl' }),
  chatterFixture('pixelqueen', { displayName: 'PixelQueen' }),
  chatterFixture('bob_builds', { displayName: 'Bob' }),
];
const ids = (list: readonly { id: string }[]) => list.map((c) => c.id);

describe('chatter search', () => {
  it('finds by display name or username, ignoring case and outer spaces', () => {
    expect(ids(searchChatters(chatters, 'QUEEN'))).toEqual(['pixelqueen']);
    expect(ids(searchChatters(chatters, 'builds'))).toEqual(['bob_builds']);
    expect(ids(searchChatters(chatters, '  owl '))).toEqual(['night_owl']);
    expect(ids(searchChatters(chatters, 'o'))).toEqual(['night_owl', 'bob_builds']);
  });

  it('keeps the list as it is for an empty search and finds nothing for a stranger', () => {
    expect(searchChatters(chatters, '  ')).toBe(chatters);
    expect(searchChatters(chatters, 'zebra')).toEqual([]);
  });

  describe('debounce', () => {
    beforeEach(() => {
      jest.useFakeTimers();
    });
    afterEach(() => {
      jest.useRealTimers();
    });

    it('passes the typed text on once typing paused for the debounce time', () => {
      const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value), {
        initialProps: { value: '' },
      });
      rerender({ value: 'p' });
      act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
      rerender({ value: 'pi' });
      act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
      expect(result.current).toBe('');
      act(() => jest.advanceTimersByTime(1));
      expect(result.current).toBe('pi');
    });
  });
});
