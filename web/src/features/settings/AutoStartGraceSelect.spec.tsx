/** @jest-environment ./web/test/jsdom-environment.js */
import type { UserSettingsDto } from '@greetboard/contracts/wire';
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { Provider } from 'react-redux';
import { createStore } from '../../app/store';
import { setUpI18n } from '../../../test/unit/test-utils';
import { i18n } from '../i18n/i18n';
import { PreferencesSection } from './PreferencesSection';

const settings: UserSettingsDto = {
  soundNotifications: false,
  autoStartSessions: true,
  obsMode: false,
  announceSessionStatus: false,
  theme: 'dark',
  defaultKeywords: '[]',
  language: 'en',
  autoStartGraceMinutes: 10,
};

const defaultFetch = globalThis.fetch;

/** PUT /api/settings answers what it was sent, or fails with `status`. */
function serveSettings(sent: unknown[], status = 200) {
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const request = input as Request;
    const body: unknown = JSON.parse(await request.text());
    sent.push(body);
    return new Response(JSON.stringify(status === 200 ? body : { code: 'INTERNAL_ERROR' }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
}

function renderSection(value: UserSettingsDto) {
  render(
    <Provider store={createStore()}>
      <PreferencesSection settings={value} />
      <Toaster />
    </Provider>,
  );
  return userEvent.setup();
}

const graceSelect = () =>
  screen.getByRole<HTMLSelectElement>('combobox', { name: 'Wait for the stream to come back' });

describe('the auto-start grace time', () => {
  beforeAll(async () => {
    await setUpI18n();
    await i18n.loadNamespaces('settings');
  });
  afterEach(() => {
    act(() => toast.remove());
    cleanup();
    globalThis.fetch = defaultFetch;
  });

  it('offers stopping at once up to two hours, with its help text', () => {
    renderSection(settings);
    const select = graceSelect();
    expect(select.value).toBe('10');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Stop at once',
      '5 minutes',
      '10 minutes',
      '15 minutes',
      '30 minutes',
      '60 minutes',
      '120 minutes',
    ]);
    expect(select.getAttribute('aria-describedby')).toBeTruthy();
    const hint = document.getElementById(select.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe(
      'When the stream goes offline, an auto-started session waits this long before it stops; if the stream comes back in time, the same session goes on.',
    );
  });

  it('saves the choice with the full settings and says so', async () => {
    const sent: unknown[] = [];
    serveSettings(sent);
    const user = renderSection(settings);
    await user.selectOptions(graceSelect(), '30');
    await waitFor(() => expect(sent).toEqual([{ ...settings, autoStartGraceMinutes: 30 }]));
    expect(await screen.findByText('Settings updated successfully')).toBeTruthy();
  });

  it('says when saving failed', async () => {
    serveSettings([], 500);
    const user = renderSection(settings);
    await user.selectOptions(graceSelect(), '0');
    expect(await screen.findByText('Failed to update settings')).toBeTruthy();
  });

  it('stays visible but disabled while auto-start is off', () => {
    renderSection({ ...settings, autoStartSessions: false });
    expect(graceSelect().disabled).toBe(true);
  });

  it('shows a time chosen elsewhere, and 10 minutes when none was ever chosen', () => {
    renderSection({ ...settings, autoStartGraceMinutes: 20 });
    expect(graceSelect().value).toBe('20');
    cleanup();
    const older: Partial<UserSettingsDto> = { ...settings };
    delete older.autoStartGraceMinutes;
    renderSection(older as UserSettingsDto);
    expect(graceSelect().value).toBe('10');
  });
});
