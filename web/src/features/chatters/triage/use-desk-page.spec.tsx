/** @jest-environment ./web/test/jsdom-environment.js */
import type { ChatterDto } from '@greetboard/contracts/wire';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { chatterFixture, renderWithApp, setUpI18n } from '../../../../test/unit/test-utils';
import { ChatterList } from '../ChatterList';
import { useDeskList } from './use-desk-list';
import { useDeskPage } from './use-desk-page';
import { i18n } from '../../i18n/i18n';

/** 25 pending chatters, first seen a minute apart: 'Next to greet' keeps this order. */
const chatters = Array.from({ length: 25 }, (_, index) =>
  chatterFixture(`viewer_${String(index + 1).padStart(2, '0')}`, {
    firstSeenAt: new Date(Date.UTC(2025, 0, 1, 10, index)).toISOString(),
  }),
);
const NOTHING_SETTLING: ReadonlySet<string> = new Set();

function Desk() {
  const [rows, setRows] = useState<readonly ChatterDto[]>(chatters);
  const desk = useDeskList(rows, NOTHING_SETTLING);
  const page = useDeskPage('session-1', desk, desk.matching, () => undefined);
  return (
    <>
      <input ref={page.searchRef} aria-label="Search" />
      <p data-testid="page">{page.page}</p>
      <button type="button" onClick={() => page.setPage(3)}>
        Page 3
      </button>
      <button type="button" onClick={() => page.setPageSize(30)}>
        30 a page
      </button>
      <button type="button" onClick={() => setRows(chatters.slice(0, 15))}>
        Keep 15
      </button>
      <ChatterList ref={page.listRef} sessionId="session-1" chatters={page.rows} variant="list" />
    </>
  );
}

const press = (key: string, times = 1) => {
  for (let i = 0; i < times; i++)
    act(() => {
      fireEvent.keyDown(document.activeElement ?? document.body, { key });
    });
};
const focusedRow = () => (document.activeElement as HTMLElement | null)?.dataset.chatterId;
const shownRows = () =>
  [...document.querySelectorAll<HTMLElement>('[data-chatter-id]')].map(
    (row) => row.dataset.chatterId,
  );
const shownPage = () => screen.getByTestId('page').textContent;

describe('the desk page', () => {
  const realFetch = globalThis.fetch;

  beforeAll(async () => {
    await setUpI18n();
    // Loaded before the first render, so no text arrives in the middle of a test.
    await i18n.loadNamespaces(['presence', 'triage', 'badges']);
  });
  beforeEach(() => {
    localStorage.clear();
    globalThis.fetch = jest.fn(() =>
      Promise.resolve(
        new Response('{"error":"Not signed in","code":"NOT_AUTHENTICATED"}', {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
  });
  afterEach(() => {
    cleanup();
    globalThis.fetch = realFetch;
  });

  it('shows ten rows a page, in the desk order', () => {
    renderWithApp(<Desk />);
    expect(shownRows()).toEqual(chatters.slice(0, 10).map((chatter) => chatter.id));
    expect(shownPage()).toBe('1');
  });

  it("turns the page when the keyboard moves past a page's last or first row", () => {
    renderWithApp(<Desk />);
    press('j', 10);
    expect(focusedRow()).toBe('viewer_10');
    press('j');
    expect(shownPage()).toBe('2');
    expect(shownRows()[0]).toBe('viewer_11');
    expect(focusedRow()).toBe('viewer_11');
    press('k');
    expect(shownPage()).toBe('1');
    expect(focusedRow()).toBe('viewer_10');
  });

  it('stays on the last page when the keyboard moves past its last row', () => {
    renderWithApp(<Desk />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(shownRows()).toEqual(chatters.slice(20).map((chatter) => chatter.id));
    press('j', 6);
    expect(shownPage()).toBe('3');
    expect(focusedRow()).toBe('viewer_25');
  });

  it('starts again at page 1 with a new page size', () => {
    renderWithApp(<Desk />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    fireEvent.click(screen.getByRole('button', { name: '30 a page' }));
    expect(shownPage()).toBe('1');
    expect(shownRows()).toHaveLength(25);
  });

  it('shows the last page there is when the list shrinks under the page shown', () => {
    renderWithApp(<Desk />);
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep 15' }));
    expect(shownPage()).toBe('2');
    expect(shownRows()).toEqual(chatters.slice(10, 15).map((chatter) => chatter.id));
  });
});
