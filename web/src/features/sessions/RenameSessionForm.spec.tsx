/** @jest-environment ./web/test/jsdom-environment.js */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { createStore } from '../../app/store';
import { sessionFixture, setUpI18n } from '../../../test/unit/test-utils';
import { SessionRow } from './SessionRow';

const defaultFetch = globalThis.fetch;
const session = sessionFixture('session-1', { name: 'Monday stream' });

/** PUT /api/sessions/session-1 answers the session with what it was sent, or `status`. */
function serveSessions(sent: unknown[], status = 200) {
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const request = input as Request;
    const path = new URL(request.url, 'http://localhost/').pathname;
    if (request.method === 'PUT' && path === '/api/sessions/session-1') {
      const body = JSON.parse(await request.text()) as object;
      sent.push(body);
      const answer = status === 200 ? { ...session, ...body } : { code: 'INTERNAL_ERROR' };
      return new Response(JSON.stringify(answer), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return new Response('{}', { status: 404, headers: { 'Content-Type': 'application/json' } });
  };
}

function renderRow(isOwner = true) {
  const noop = () => undefined;
  render(
    <Provider store={createStore()}>
      <MemoryRouter>
        <ul>
          <SessionRow
            session={session}
            selected={false}
            isOwner={isOwner}
            onSelect={noop}
            onStart={noop}
            onStop={noop}
            onDelete={noop}
          />
        </ul>
        <Toaster />
      </MemoryRouter>
    </Provider>,
  );
  return userEvent.setup();
}

const renameButton = () => screen.getByRole('button', { name: 'Rename session Monday stream' });
const nameField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Session name' });

describe('renaming a session', () => {
  beforeAll(setUpI18n);
  afterEach(() => {
    act(() => toast.remove());
    cleanup();
    globalThis.fetch = defaultFetch;
  });

  it('is offered to the owner only', () => {
    renderRow(false);
    expect(screen.queryByRole('button', { name: /^Rename/ })).toBeNull();
  });

  it('saves the trimmed name on Enter and says so', async () => {
    const sent: unknown[] = [];
    serveSessions(sent);
    const user = renderRow();
    await user.click(renameButton());
    expect(nameField().value).toBe('Monday stream');
    expect(nameField().maxLength).toBe(100);
    await user.clear(nameField());
    await user.type(nameField(), '  Cozy Monday  {Enter}');
    await waitFor(() => expect(sent).toEqual([{ name: 'Cozy Monday' }]));
    expect(await screen.findByText('Session updated successfully!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(document.activeElement).toBe(renameButton());
  });

  it('saves with the Save button too', async () => {
    const sent: unknown[] = [];
    serveSessions(sent);
    const user = renderRow();
    await user.click(renameButton());
    await user.type(nameField(), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ name: 'Monday stream 2' }]));
  });

  it('refuses an empty name with the new-session form text', async () => {
    const sent: unknown[] = [];
    serveSessions(sent);
    const user = renderRow();
    await user.click(renameButton());
    await user.clear(nameField());
    await user.type(nameField(), '   {Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Session name is required');
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('leaves on Escape or Cancel without saving, focus back on Rename', async () => {
    const sent: unknown[] = [];
    serveSessions(sent);
    const user = renderRow();
    await user.click(renameButton());
    await user.type(nameField(), ' changed{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(document.activeElement).toBe(renameButton());
    expect(screen.getByRole('link').textContent).toBe('Monday stream');

    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('keeps the field open and says so when the server fails', async () => {
    const sent: unknown[] = [];
    serveSessions(sent, 500);
    const user = renderRow();
    await user.click(renameButton());
    await user.type(nameField(), ' 2{Enter}');
    expect(await screen.findByText('Failed to update session')).toBeTruthy();
    expect(nameField().value).toBe('Monday stream 2');
  });
});
