import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { ChatterDto } from '@greetboard/contracts';
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
    ...overrides,
  };
}
