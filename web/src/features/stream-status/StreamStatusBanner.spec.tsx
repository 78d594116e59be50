/** @jest-environment ./web/test/jsdom-environment.js */
import type { SessionDto, SessionStreamDto } from '@greetboard/contracts/wire';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createStore } from '../../app/store';
import { fakeApi, sessionFixture, setUpI18n } from '../../../test/unit/test-utils';
import { authApi } from '../auth/auth-api';
import { i18n } from '../i18n/i18n';
import { STREAM_STATUS_TICK_MS, StreamStatusBanner } from './StreamStatusBanner';
import { streamStatusOf } from './stream-status';

const NOW = Date.parse('2025-01-01T12:00:00Z');
const MINUTE = 60_000;
const at = (ms: number) => new Date(ms).toISOString();

const stream = (overrides: Partial<SessionStreamDto> = {}): SessionStreamDto => ({
  live: false,
  title: 'Cozy Sunday',
  since: at(NOW - MINUTE),
  stopsAt: null,
  ...overrides,
});

const waiting = (stopsAt: number, overrides: Partial<SessionDto> = {}) =>
  sessionFixture('session-1', {
    startedBy: 'auto',
    stream: stream({ stopsAt: at(stopsAt) }),
    ...overrides,
  });

describe('streamStatusOf', () => {
  it('counts whole minutes left, rounded up and never below 1', () => {
    const minutesLeft = (ms: number) => streamStatusOf(waiting(NOW + ms), NOW);
    expect(minutesLeft(10 * MINUTE)).toEqual({ kind: 'waiting', minutes: 10 });
    expect(minutesLeft(9 * MINUTE + 1)).toEqual({ kind: 'waiting', minutes: 10 });
    expect(minutesLeft(9 * MINUTE)).toEqual({ kind: 'waiting', minutes: 9 });
    expect(minutesLeft(1_000)).toEqual({ kind: 'waiting', minutes: 1 });
  });

  it('tells nothing once the grace time is over, for a stopped session or an unknown stream', () => {
    expect(streamStatusOf(waiting(NOW), NOW)).toBeNull();
    expect(streamStatusOf(waiting(NOW - MINUTE), NOW)).toBeNull();
    expect(streamStatusOf(waiting(NOW + MINUTE, { isActive: false }), NOW)).toBeNull();
    expect(streamStatusOf(sessionFixture('s', { stream: null }), NOW)).toBeNull();
  });

  it('keeps a session started by hand, or an auto-started one without a stop time, running', () => {
    expect(streamStatusOf(sessionFixture('s', { stream: stream() }), NOW)).toEqual({
      kind: 'offline',
    });
    const auto = sessionFixture('s', { startedBy: 'auto', stream: stream() });
    expect(streamStatusOf(auto, NOW)).toEqual({ kind: 'offline' });
  });

  it('tells a live stream with its title, or without one when it has none', () => {
    const live = (title: string | null) =>
      streamStatusOf(sessionFixture('s', { stream: stream({ live: true, title }) }), NOW);
    expect(live('Cozy Sunday')).toEqual({ kind: 'live', title: 'Cozy Sunday' });
    expect(live('  ')).toEqual({ kind: 'live', title: null });
    expect(live(null)).toEqual({ kind: 'live', title: null });
  });
});

/** Renders the banner of `session`; `show` renders it again with a changed session. */
function renderBanner(session: SessionDto) {
  const store = createStore();
  const view = (value: SessionDto) => (
    <Provider store={store}>
      <StreamStatusBanner session={value} />
    </Provider>
  );
  const result = render(view(session));
  return {
    store,
    container: result.container,
    show: (value: SessionDto) => result.rerender(view(value)),
  };
}

describe('StreamStatusBanner', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeAll(async () => {
    await setUpI18n();
    await i18n.loadNamespaces('streamStatus');
  });
  afterEach(() => {
    cleanup();
    api?.restore();
    jest.useRealTimers();
  });

  /** Signed in as `userId` (the fixtures' sessions belong to user-1). */
  function signIn(userId = 'user-1') {
    api = fakeApi({
      'GET /auth/me': {
        body: { id: userId, username: userId, isApproved: true, isAdmin: false },
      },
    });
  }

  it('counts down the minutes until an auto-started session stops, every 15 seconds', () => {
    jest.useFakeTimers({ now: NOW });
    signIn();
    renderBanner(waiting(NOW + 2 * MINUTE));
    const banner = screen.getByRole('status');
    expect(banner.textContent).toBe(
      'Stream offline — this session continues if it comes back within 2 minutes',
    );
    act(() => jest.advanceTimersByTime(STREAM_STATUS_TICK_MS * 4 + 1));
    expect(banner.textContent).toBe(
      'Stream offline — this session continues if it comes back within 1 minute',
    );
    act(() => jest.advanceTimersByTime(MINUTE));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('tells the owner that a session started by hand reads chat until they stop it', async () => {
    signIn();
    renderBanner(sessionFixture('session-1', { stream: stream() }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Stream offline — this session keeps reading chat until you stop it',
      ),
    );
  });

  it('tells an editor that it runs until the streamer stops it', async () => {
    signIn('editor-1');
    const { store } = renderBanner(sessionFixture('session-1', { stream: stream() }));
    await waitFor(() =>
      expect(authApi.endpoints.getMe.select()(store.getState()).data?.id).toBe('editor-1'),
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Stream offline — this session keeps reading chat until the streamer stops it',
      ),
    );
  });

  it('shows a live stream as one quiet line, with or without its title', () => {
    signIn();
    const live = (title: string | null) =>
      sessionFixture('session-1', { stream: stream({ live: true, title }) });
    const { show } = renderBanner(live('Cozy Sunday'));
    expect(screen.getByRole('status').textContent).toBe('Live on Twitch: Cozy Sunday');
    show(live(null));
    expect(screen.getByRole('status').textContent).toBe('Live on Twitch');
  });

  it('shows nothing for a stopped session or a stream not known yet', () => {
    signIn();
    const { container, show } = renderBanner(
      sessionFixture('session-1', { isActive: false, stream: stream() }),
    );
    expect(container.textContent).toBe('');
    show(sessionFixture('session-1', { stream: null }));
    expect(container.textContent).toBe('');
  });
});
