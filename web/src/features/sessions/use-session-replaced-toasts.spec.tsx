/** @jest-environment ./web/test/jsdom-environment.js */
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { setUpI18n } from '../../../test/unit/test-utils';
import { createTestLiveSocket } from '../../../test/unit/fake-live-socket';
import type { LiveSocket } from '../live/live-socket';
import { useSessionReplacedToasts, type SessionReplaced } from './use-session-replaced-toasts';

const replaced = (stoppedId: string, stoppedName: string) => ({
  type: 'session_replaced',
  payload: { id: 'session-2', name: 'Tuesday stream', stoppedId, stoppedName },
});

function Listener({ socket }: { socket: LiveSocket }) {
  useSessionReplacedToasts(undefined, socket);
  return null;
}

function Screen({
  socket,
  onReplaced,
}: {
  socket: LiveSocket;
  onReplaced?: (replaced: SessionReplaced) => void;
}) {
  useSessionReplacedToasts(onReplaced, socket);
  return <Toaster toastOptions={{ className: 'toast' }} />;
}

describe('session-replaced toasts', () => {
  beforeAll(setUpI18n);
  afterEach(() => {
    act(() => toast.remove());
    cleanup();
  });

  function connected() {
    const fake = createTestLiveSocket();
    fake.live.connect('user-1');
    act(() => fake.latest().open());
    return fake;
  }

  it('name the session that starting another one stopped, and tell the screen', () => {
    const fake = connected();
    const onReplaced = jest.fn();
    render(<Screen socket={fake.live} onReplaced={onReplaced} />);

    act(() => fake.latest().receive(replaced('session-1', 'Monday stream')));
    const toastElement = screen
      .getByText("'Monday stream' was stopped: one session per channel reads chat")
      .closest('.toast')!;
    expect(toastElement.querySelector('svg.lucide-arrow-right-left')).toBeTruthy();
    expect(onReplaced).toHaveBeenCalledWith({
      id: 'session-2',
      name: 'Tuesday stream',
      stoppedId: 'session-1',
      stoppedName: 'Monday stream',
    });
  });

  it('show one toast per stopped session, however many parts of a screen listen', () => {
    const fake = connected();
    render(
      <>
        <Screen socket={fake.live} />
        <Listener socket={fake.live} />
      </>,
    );
    act(() => fake.latest().receive(replaced('session-1', 'Monday stream')));
    expect(screen.getAllByText(/'Monday stream' was stopped/)).toHaveLength(1);
  });

  it('stay quiet for the other session messages', () => {
    const fake = connected();
    const { container } = render(<Screen socket={fake.live} />);
    act(() =>
      fake.latest().receive({ type: 'session_stopped', payload: { id: 'session-1', name: 'x' } }),
    );
    expect(container.ownerDocument.body.textContent).not.toMatch(/was stopped/);
  });
});
