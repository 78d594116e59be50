/** @jest-environment ./web/test/jsdom-environment.js */
import type { ChatterDto } from '@greetboard/contracts/wire';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { chatterFixture, renderWithApp, setUpI18n } from '../../../../test/unit/test-utils';
import { ChatterList } from '../ChatterList';
import { KeyHelpDialog } from './KeyHelpDialog';
import { useTriage } from './use-triage';

const rows = [
  chatterFixture('alice'),
  chatterFixture('bob'),
  chatterFixture('carol', { isGreeted: true }),
];

function Desk({ chatters }: { chatters: ChatterDto[] }) {
  const listRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const triage = useTriage({ sessionId: 'session-1', rows: chatters, listRef, searchRef });
  return (
    <>
      <input ref={searchRef} aria-label="Search" />
      <ChatterList ref={listRef} sessionId="session-1" chatters={chatters} variant="list" />
      <KeyHelpDialog open={triage.helpOpen} onOpenChange={triage.setHelpOpen} />
    </>
  );
}

/** A key pressed where the focus is, as the browser would deliver it. */
const press = (key: string) =>
  act(() => {
    fireEvent.keyDown(document.activeElement ?? document.body, { key });
  });
const focusedRow = () => (document.activeElement as HTMLElement | null)?.dataset.chatterId;

describe('keyboard triage', () => {
  const realFetch = globalThis.fetch;
  const RealRequest = globalThis.Request;
  let greets: { url: string; body: unknown }[];

  beforeAll(setUpI18n);
  beforeEach(() => {
    greets = [];
    globalThis.Request = class extends RealRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://localhost/') : input, init);
      }
    };
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      const request = input as Request;
      greets.push({ url: new URL(request.url).pathname, body: await request.json() });
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = realFetch;
    globalThis.Request = RealRequest;
  });

  it('moves between rows with j/k and the arrows, and stops at the ends', () => {
    renderWithApp(<Desk chatters={rows} />);
    press('j');
    expect(focusedRow()).toBe('alice');
    press('j');
    press('ArrowDown');
    expect(focusedRow()).toBe('carol');
    press('j');
    expect(focusedRow()).toBe('carol');
    press('k');
    press('ArrowUp');
    press('k');
    expect(focusedRow()).toBe('alice');
  });

  it('gives Tab one stop in the list: the focused row, else the first', () => {
    renderWithApp(<Desk chatters={rows} />);
    const tabStops = () =>
      [...document.querySelectorAll('[data-chatter-id]')]
        .filter((row) => row.getAttribute('tabindex') === '0')
        .map((row) => (row as HTMLElement).dataset.chatterId);
    expect(tabStops()).toEqual(['alice']);
    press('j');
    press('j');
    expect(tabStops()).toEqual(['bob']);
  });

  it('greets with g or Enter and undoes the last change with u', async () => {
    renderWithApp(<Desk chatters={rows} />);
    press('j');
    press('g');
    press('j');
    press('j');
    press('Enter');
    await waitFor(() => expect(greets).toHaveLength(2));
    expect(greets).toEqual([
      { url: '/api/chatters/alice/greet', body: { isGreeted: true } },
      { url: '/api/chatters/carol/greet', body: { isGreeted: false } },
    ]);
    press('u');
    await waitFor(() => expect(greets).toHaveLength(3));
    expect(greets[2]).toEqual({ url: '/api/chatters/carol/greet', body: { isGreeted: true } });
    press('u');
    await waitFor(() => expect(greets).toHaveLength(4));
    expect(greets[3]).toEqual({ url: '/api/chatters/alice/greet', body: { isGreeted: false } });
    expect(focusedRow()).toBe('alice');
    // Nothing left to undo: the next greet sent is the one of the key pressed after it.
    press('u');
    press('g');
    await waitFor(() => expect(greets.length).toBeGreaterThanOrEqual(5));
    expect(greets.slice(4)).toEqual([
      { url: '/api/chatters/alice/greet', body: { isGreeted: true } },
    ]);
  });

  it('moves the focus on to the next row after a keyboard greet, not after an un-greet', async () => {
    renderWithApp(<Desk chatters={rows} />);
    press('j');
    press('g');
    expect(focusedRow()).toBe('bob');
    press('j');
    // carol is greeted: g takes her greeting back and the focus stays with her.
    press('g');
    expect(focusedRow()).toBe('carol');
    await waitFor(() => expect(greets).toHaveLength(2));
  });

  it('undoes a greeting made with a click as well', async () => {
    renderWithApp(<Desk chatters={rows} />);
    fireEvent.click(screen.getByRole('button', { name: 'Mark BOB as greeted' }));
    press('u');
    await waitFor(() => expect(greets).toHaveLength(2));
    expect(greets[1]).toEqual({ url: '/api/chatters/bob/greet', body: { isGreeted: false } });
  });

  it('focuses the search with / and fires no key while typing in it', () => {
    renderWithApp(<Desk chatters={rows} />);
    press('j');
    press('/');
    const search = screen.getByRole('textbox', { name: 'Search' });
    expect(document.activeElement).toBe(search);
    press('j');
    press('g');
    expect(document.activeElement).toBe(search);
    expect(greets).toHaveLength(0);
  });

  it('opens the help with ? and closes it with Esc', async () => {
    renderWithApp(<Desk chatters={rows} />);
    press('?');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.querySelectorAll('kbd').length).toBeGreaterThan(5);
    // While the help is open, the list's keys rest.
    press('j');
    expect(focusedRow()).not.toBe('alice');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
