/** @jest-environment ./web/test/jsdom-environment.js */
import type { UserSearchResponse } from '@greetboard/contracts/wire';
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, renderHook } from '@testing-library/react';
import {
  RESULTS_HIDE_DELAY_MS,
  SEARCH_DEBOUNCE_MS,
  searchTermOf,
  useUserSearch,
} from './use-user-search';

const answer = (username: string): UserSearchResponse => ({
  found: true,
  inDatabase: false,
  user: null,
  twitchUser: {
    twitchId: '1',
    username,
    displayName: username,
    profileImage: null,
    isApproved: false,
  },
});

function setUp(search = jest.fn((term: string) => Promise.resolve(answer(term)))) {
  const onError = jest.fn();
  const hook = renderHook(() => useUserSearch(search, onError));
  return { hook, search, onError };
}

/** Lets the promise callbacks of a resolved search run. */
const settle = () => act(() => Promise.resolve());

describe('searchTermOf', () => {
  it('searches from 2 trimmed characters on', () => {
    expect(searchTermOf('a')).toBeNull();
    expect(searchTermOf('  a  ')).toBeNull();
    expect(searchTermOf('')).toBeNull();
    expect(searchTermOf(' ab ')).toBe('ab');
  });
});

describe('useUserSearch', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
  });

  it('waits 300 ms after the last keystroke and asks once, with the trimmed text', async () => {
    const { hook, search } = setUp();
    act(() => hook.result.current.setText('ni'));
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    act(() => hook.result.current.setText('nig '));
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(search).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(search.mock.calls).toEqual([['nig']]);
    await settle();
    expect(hook.result.current.result?.twitchUser?.username).toBe('nig');
    expect(hook.result.current.showResults).toBe(true);
  });

  it('never asks for fewer than 2 characters, and clears the results', async () => {
    const { hook, search } = setUp();
    act(() => hook.result.current.setText('ab'));
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await settle();
    expect(hook.result.current.result).not.toBeNull();
    act(() => hook.result.current.setText(' a '));
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2));
    expect(search).toHaveBeenCalledTimes(1);
    expect(hook.result.current.result).toBeNull();
    expect(hook.result.current.showResults).toBe(false);
  });

  it('hides the results 200 ms after blur, and a focus in between keeps them', async () => {
    const { hook } = setUp();
    act(() => hook.result.current.setText('ab'));
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await settle();
    act(() => hook.result.current.onBlur());
    act(() => jest.advanceTimersByTime(RESULTS_HIDE_DELAY_MS - 1));
    expect(hook.result.current.showResults).toBe(true);
    act(() => hook.result.current.onFocus());
    act(() => jest.advanceTimersByTime(RESULTS_HIDE_DELAY_MS));
    expect(hook.result.current.showResults).toBe(true);
    act(() => hook.result.current.onBlur());
    act(() => jest.advanceTimersByTime(RESULTS_HIDE_DELAY_MS));
    expect(hook.result.current.showResults).toBe(false);
    act(() => hook.result.current.onFocus());
    expect(hook.result.current.showResults).toBe(true);
  });

  it('reports a failed search and clears the results', async () => {
    const search = jest.fn((term: string) =>
      term === 'ab' ? Promise.resolve(answer(term)) : Promise.reject(new Error('503')),
    );
    const { hook, onError } = setUp(search);
    act(() => hook.result.current.setText('ab'));
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await settle();
    act(() => hook.result.current.setText('abc'));
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await settle();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(hook.result.current.result).toBeNull();
  });

  it('drops a late answer to an older text', async () => {
    let resolveFirst: (value: UserSearchResponse) => void = () => undefined;
    const search = jest.fn((term: string) =>
      term === 'old'
        ? new Promise<UserSearchResponse>((resolve) => (resolveFirst = resolve))
        : Promise.resolve(answer(term)),
    );
    const { hook } = setUp(search);
    act(() => hook.result.current.setText('old'));
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    act(() => hook.result.current.setText('new'));
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    await settle();
    resolveFirst(answer('old'));
    await settle();
    expect(hook.result.current.result?.twitchUser?.username).toBe('new');
  });
});
