/** @jest-environment ./web/test/jsdom-environment.js */
import type { ChatterDto, SessionDto } from '@greetboard/contracts/wire';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { Provider } from 'react-redux';
import { createStore } from '../../app/store';
import { useGetChattersQuery } from '../chatters/chatters-api';
import { changeLanguage } from '../i18n/i18n';
import { useGetSessionsQuery } from '../sessions/sessions-api';
import { chatterFixture, setUpI18n } from '../../../test/unit/test-utils';
import { createTestLiveSocket } from '../../../test/unit/fake-live-socket';
import type { LiveSocket } from './live-socket';
import { isLeavingAfterRejection } from './leaving-after-rejection';
import { useLiveConnection } from './use-live-connection';

const USER = 'user-1';
const SESSION = 'session-1';

const session: SessionDto = {
  id: SESSION,
  name: 'Friday Stream',
  keywords: '[]',
  isActive: true,
  createdAt: '2025-01-01T10:00:00Z',
  startedAt: '2025-01-01T10:00:00Z',
  endedAt: null,
  userId: USER,
  user: { username: 'streamer' },
  _count: { chatters: 1 },
  startedBy: 'manual',
  stream: null,
};

const chatter = (id: string, displayName: string) =>
  chatterFixture(id, { displayName, sessionId: SESSION });

/** The server's lists, which a test changes behind the browser's back. */
const server = { sessions: [] as SessionDto[], chatters: [] as ChatterDto[] };
const defaultFetch = globalThis.fetch;

function serveLists() {
  globalThis.fetch = (input: RequestInfo | URL) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    const body =
      path === '/api/sessions'
        ? server.sessions
        : path === `/api/sessions/${SESSION}/chatters`
          ? server.chatters
          : { message: 'Not found.' };
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status: 'message' in body ? 404 : 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  };
}

function LiveLists({ socket }: { socket: LiveSocket }) {
  useLiveConnection(USER, socket);
  const sessions = useGetSessionsQuery();
  const chatters = useGetChattersQuery(SESSION);
  return (
    <>
      <ul aria-label="sessions">
        {sessions.data?.map((s) => (
          <li key={s.id}>{s.name}</li>
        ))}
      </ul>
      <ul aria-label="chatters">
        {chatters.data?.map((c) => (
          <li key={c.id}>{c.displayName}</li>
        ))}
      </ul>
      <Toaster />
    </>
  );
}

function renderLiveLists() {
  const fake = createTestLiveSocket();
  render(
    <Provider store={createStore()}>
      <LiveLists socket={fake.live} />
    </Provider>,
  );
  return fake;
}

describe('useLiveConnection', () => {
  beforeAll(setUpI18n);
  afterEach(async () => {
    cleanup();
    jest.clearAllTimers();
    jest.useRealTimers();
    globalThis.fetch = defaultFetch;
    await changeLanguage('en');
  });

  it('reloads sessions and chatters that changed while the socket was down', async () => {
    server.sessions = [session];
    server.chatters = [chatter('a', 'Alice')];
    serveLists();
    const fake = renderLiveLists();
    act(() => fake.latest().open());
    expect(await screen.findByText('Alice')).toBeTruthy();
    expect(screen.getByText('Friday Stream')).toBeTruthy();

    act(() => fake.latest().drop());
    // Events sent meanwhile never reach this browser.
    server.sessions = [{ ...session, name: 'Friday Stream (renamed)' }];
    server.chatters = [chatter('a', 'Alice'), chatter('b', 'Bob')];
    act(() => {
      fake.runNextTimer();
      fake.latest().open();
    });

    expect(await screen.findByText('Bob')).toBeTruthy();
    expect(await screen.findByText('Friday Stream (renamed)')).toBeTruthy();
  });

  it("shows approval and rejection in the user's language, not the server's English", async () => {
    await changeLanguage('de');
    serveLists();
    const fake = renderLiveLists();
    jest.useFakeTimers();
    act(() => fake.latest().open());

    act(() =>
      fake.latest().receive({
        type: 'user_approved',
        payload: { message: 'Your account has been approved! You can now start sessions.' },
      }),
    );
    expect(
      screen.getByText('Dein Konto wurde freigegeben! Du kannst jetzt Sitzungen starten.'),
    ).toBeTruthy();

    act(() =>
      fake.latest().receive({
        type: 'user_rejected',
        payload: { message: 'Your account has been rejected.' },
      }),
    );
    expect(screen.getByText('Dein Konto wurde abgelehnt.')).toBeTruthy();
    expect(screen.queryByText(/Your account/)).toBeNull();
    // The sign-out that follows waits for the toast's time, not for the socket's close.
    expect(isLeavingAfterRejection()).toBe(true);
  });
});
