/** @jest-environment ./web/test/jsdom-environment.js */
import type { UserSettingsDto } from '@greetboard/contracts/wire';
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { createStore } from '../../app/store';
import { setUpI18n } from '../../../test/unit/test-utils';
import { DefaultKeywordsSection } from './DefaultKeywordsSection';
import { i18n } from '../i18n/i18n';

const settings: UserSettingsDto = {
  soundNotifications: true,
  autoStartSessions: false,
  obsMode: false,
  announceSessionStatus: false,
  theme: 'dark',
  defaultKeywords: '["hello"]',
  language: 'en',
  autoStartGraceMinutes: 10,
};

const defaultFetch = globalThis.fetch;

/** The server as far as the section needs it: PUT /api/settings answers what it was sent. */
function serveSettings(sent: unknown[]) {
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const request = input as Request;
    const body: unknown = JSON.parse(await request.text());
    sent.push(body);
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}

/** Renders with a store that survives re-renders with new settings (as the page passes them). */
function renderSection(initial: UserSettingsDto) {
  const store = createStore();
  const view = (value: UserSettingsDto) => (
    <Provider store={store}>
      <DefaultKeywordsSection settings={value} />
    </Provider>
  );
  const result = render(view(initial));
  return { rerender: (value: UserSettingsDto) => result.rerender(view(value)) };
}

const keywordsOf = (body: unknown) =>
  JSON.parse((body as { defaultKeywords: string }).defaultKeywords) as string[];

describe('default keyword chips', () => {
  beforeAll(async () => {
    await setUpI18n();
    // The settings page shows its sections once these have loaded.
    await i18n.loadNamespaces('settings');
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = defaultFetch;
  });

  it('adds a trimmed keyword on Enter and on Add, sending the full settings', async () => {
    const sent: unknown[] = [];
    serveSettings(sent);
    const { rerender } = renderSection(settings);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Keyword'), '  raid  {Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ soundNotifications: true, theme: 'dark', language: 'en' });
    expect(keywordsOf(sent[0])).toEqual(['hello', 'raid']);
    expect(screen.getByLabelText<HTMLInputElement>('Keyword').value).toBe('');

    rerender({ ...settings, defaultKeywords: '["hello","raid"]' });
    await user.type(screen.getByLabelText('Keyword'), 'gg');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(keywordsOf(sent[1])).toEqual(['hello', 'raid', 'gg']);
  });

  it('ignores blank keywords and duplicates without asking the server', async () => {
    const sent: unknown[] = [];
    serveSettings(sent);
    renderSection(settings);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Keyword'), '   {Enter}');
    await user.type(screen.getByLabelText('Keyword'), ' hello {Enter}');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(sent).toHaveLength(0);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['hello']);
  });

  it('removes a chip with its button, and shows the empty state without chips', async () => {
    const sent: unknown[] = [];
    serveSettings(sent);
    const { rerender } = renderSection(settings);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove hello' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(keywordsOf(sent[0])).toEqual([]);
    rerender({ ...settings, defaultKeywords: '[]' });
    expect(screen.getByText('No default keywords: every chat line counts.')).toBeTruthy();
  });
});
