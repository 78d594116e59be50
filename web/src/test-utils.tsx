import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { i18n, initI18n } from './features/i18n/i18n';
import { createStore, type AppStore } from './app/store';

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
