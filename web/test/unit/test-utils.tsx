import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { ChatterDto, SessionDto } from '@greetboard/contracts/wire';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { i18n, initI18n } from '../../src/features/i18n/i18n';
import { createStore, type AppStore } from '../../src/app/store';

/** English texts, initialised once per test file. */
export async function setUpI18n() {
  if (!i18n.isInitialized) await initI18n('en');
}

export function renderWithApp(
  ui: ReactElement,
  { route = '/' } = {},
): RenderResult & { store: AppStore } {
  const store = createStore();
  return {
    store,
    ...render(
      <Provider store={store}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </Provider>,
    ),
  };
}

/** A chatter of session `session-1` as the API answers it: pending, one message; `id` doubles as login. */
export function chatterFixture(id: string, overrides: Partial<ChatterDto> = {}): ChatterDto {
  const firstSeenAt = overrides.firstSeenAt ?? '2025-01-01T10:01:00Z';
  return {
    id,
    sessionId: 'session-1',
    username: id,
    twitchId: id,
    displayName: id.toUpperCase(),
    profileImage: null,
    firstMessage: 'hi',
    messageCount: 1,
    firstSeenAt,
    lastSeenAt: firstSeenAt,
    isGreeted: false,
    greetedAt: null,
    greetedBy: null,
    greetedByUser: null,
    isFirstTimeChatter: false,
    isReturningChatter: false,
    raidId: null,
    firstMessageEmotes: [],
    lastSeenBeforeAt: null,
    sessionsSeen: 1,
    moderation: null,
    moderatedAt: null,
    timeoutEndsAt: null,
    firstMessageDeleted: false,
    ...overrides,
  };
}

/** A session of `user-1` as the API answers it: active, no chatters yet. */
export function sessionFixture(id: string, overrides: Partial<SessionDto> = {}): SessionDto {
  return {
    id,
    name: `Stream ${id}`,
    keywords: '[]',
    isActive: true,
    createdAt: '2025-01-01T10:00:00Z',
    startedAt: '2025-01-01T10:00:00Z',
    endedAt: null,
    startedBy: 'manual',
    stream: null,
    userId: 'user-1',
    user: { username: 'streamer' },
    _count: { chatters: 0 },
    ...overrides,
  };
}

/** What the fake server answers, by `METHOD /path` (e.g. `GET /api/sessions`). */
export type FakeAnswers = Record<string, { status?: number; body: unknown }>;

/**
 * Replaces fetch with a server that answers `answers` as JSON (404 for any other call), and
 * resolves the app's relative URLs as a browser would. Answers the calls it received and a
 * function that puts the real fetch back.
 */
export function fakeApi(answers: FakeAnswers): { calls: string[]; restore: () => void } {
  const realFetch = globalThis.fetch;
  const RealRequest = globalThis.Request;
  const calls: string[] = [];
  globalThis.Request = class extends RealRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, 'http://localhost/') : input, init);
    }
  };
  globalThis.fetch = (input: RequestInfo | URL) => {
    const request = input as Request;
    const call = `${request.method} ${new URL(request.url).pathname}`;
    calls.push(call);
    const answer = answers[call];
    return Promise.resolve(
      new Response(JSON.stringify(answer?.body ?? { error: 'Not found.', code: 'NOT_FOUND' }), {
        status: answer ? (answer.status ?? 200) : 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  };
  return {
    calls,
    restore: () => {
      globalThis.fetch = realFetch;
      globalThis.Request = RealRequest;
    },
  };
}
