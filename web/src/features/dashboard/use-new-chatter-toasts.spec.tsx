/** @jest-environment ./web/test/jsdom-environment.js */
import type { ChatterDto } from '@greetboard/contracts';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { setUpI18n } from '../../test-utils';
import { createTestLiveSocket } from '../live/fake-live-socket';
import type { LiveSocket } from '../live/live-socket';
import { useNewChatterToasts } from './use-new-chatter-toasts';

const SESSION = 'session-1';

function newChatter(id: string, displayName: string, sessionId = SESSION) {
  const payload: ChatterDto = {
    id,
    sessionId,
    username: id,
    twitchId: id,
    displayName,
    profileImage: null,
    firstMessage: 'hi',
    messageCount: 1,
    firstSeenAt: '2025-01-01T10:01:00Z',
    lastSeenAt: '2025-01-01T10:01:00Z',
    isGreeted: false,
    greetedAt: null,
    greetedBy: null,
    greetedByUser: null,
    isFirstTimeChatter: false,
    isReturningChatter: false,
  };
  return { type: 'new_chatter', payload };
}

function Dashboard({ socket }: { socket: LiveSocket }) {
  useNewChatterToasts(SESSION, false, socket);
  return <Toaster toastOptions={{ className: 'toast' }} />;
}

describe('new-chatter toasts', () => {
  beforeAll(setUpI18n);
  afterEach(() => {
    cleanup();
    jest.clearAllTimers();
    jest.useRealTimers();
  });

  it("announce the selected session's new chatter with a waving-hand icon, not an emoji", () => {
    jest.useFakeTimers();
    const fake = createTestLiveSocket();
    render(<Dashboard socket={fake.live} />);
    fake.live.connect('user-1');
    act(() => fake.latest().open());

    act(() => fake.latest().receive(newChatter('x', 'Elsewhere', 'other-session')));
    expect(screen.queryByText(/New chatter/)).toBeNull();

    act(() => fake.latest().receive(newChatter('a', 'Alice')));
    const toast = screen.getByText('New chatter: Alice').closest('.toast')!;
    expect(toast.querySelector('svg.lucide-hand')).toBeTruthy();
    // Linux Chromium has no emoji font: any pictograph would render as an empty box.
    expect(toast.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });
});
