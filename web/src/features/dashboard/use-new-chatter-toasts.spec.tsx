/** @jest-environment ./web/test/jsdom-environment.js */
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { chatterFixture, setUpI18n } from '../../../test/unit/test-utils';
import { createTestLiveSocket } from '../../../test/unit/fake-live-socket';
import type { LiveSocket } from '../live/live-socket';
import { useNewChatterToasts } from './use-new-chatter-toasts';

const SESSION = 'session-1';

const newChatter = (id: string, displayName: string, sessionId = SESSION) => ({
  type: 'new_chatter',
  payload: chatterFixture(id, { displayName, sessionId }),
});

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
