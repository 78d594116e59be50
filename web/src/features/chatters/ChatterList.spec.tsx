/** @jest-environment ./web/test/jsdom-environment.js */
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { chatterFixture, renderWithApp, setUpI18n } from '../../../test/unit/test-utils';
import { ChatterList, type ChatterRowVariant } from './ChatterList';
import { chatterBadges, greetedMark } from './triage/RowMarks';
import { i18n } from '../i18n/i18n';

const greeted = chatterFixture('alice', {
  firstMessage: 'hello zebra42',
  messageCount: 3,
  isGreeted: true,
  greetedAt: '2025-01-01T10:05:00Z',
  greetedBy: 'u1',
  greetedByUser: { displayName: 'Streamer', profileImage: null },
});
const pending = chatterFixture('bob');

function renderList(variant: ChatterRowVariant, onGreeted?: (id: string) => void) {
  return renderWithApp(
    <ChatterList
      sessionId="session-1"
      chatters={[greeted, pending]}
      variant={variant}
      onGreeted={onGreeted}
    />,
  );
}

describe('ChatterList', () => {
  beforeAll(async () => {
    await setUpI18n();
    await i18n.loadNamespaces(['triage', 'badges']);
  });
  afterEach(cleanup);

  it('shows name, first message on one line, first seen and the count above 1 on the dashboard', () => {
    const { container } = renderList('list');
    expect(container.querySelector('ul')?.className).toBe('chatter-list scroll-list');
    expect(container.querySelectorAll('li.chatter-row')).toHaveLength(2);
    expect(screen.getByText('ALICE')).toBeTruthy();
    expect(screen.getByText('Messages: 3')).toBeTruthy();
    expect(screen.queryByText('Messages: 1')).toBeNull();
    const message = screen.getByText('hello zebra42');
    expect(message.tagName).toBe('Q');
    expect(message.parentElement?.className).toBe('chatter-message-line');
    expect(message.parentElement?.getAttribute('title')).toBe('hello zebra42');
    expect(screen.queryByText(/Greeted .* by/)).toBeNull();
  });

  it('adds the first message, "First seen" and who greeted on the session page', () => {
    const { container } = renderList('detailed');
    expect(container.querySelectorAll('li.chatter-row.chatter-row-detailed')).toHaveLength(2);
    expect(screen.getByText('hello zebra42').tagName).toBe('Q');
    expect(screen.getAllByText(/^First seen .* ago$/)).toHaveLength(2);
    expect(screen.getByText(/^Greeted .* by$/)).toBeTruthy();
    expect(screen.getByText('Streamer')).toBeTruthy();
  });

  it('fits each chatter on one compact line in the overlay, with "by {greeter}"', () => {
    const { container } = renderList('compact');
    expect(container.querySelector('ul')?.className).toBe('overlay-list');
    expect(container.querySelectorAll('li.overlay-row')).toHaveLength(2);
    expect(screen.getByText('by Streamer')).toBeTruthy();
    expect(screen.queryByText('hello zebra42')).toBeNull();
    expect(screen.queryByText('Messages: 3')).toBeNull();
  });

  it('tells the page which chatter was just greeted, and not when one is ungreeted', () => {
    const onGreeted = jest.fn();
    renderList('compact', onGreeted);
    fireEvent.click(screen.getByRole('button', { name: 'Mark ALICE as not greeted' }));
    expect(onGreeted).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Mark BOB as greeted' }));
    expect(onGreeted).toHaveBeenCalledWith('bob');
  });

  it('sets greeted rows apart with a check mark, and marks first-time and returning chatters where asked', () => {
    const { container } = renderWithApp(
      <ChatterList
        sessionId="session-1"
        chatters={[
          greeted,
          chatterFixture('newbie', { isFirstTimeChatter: true }),
          chatterFixture('regular', { isReturningChatter: true }),
        ]}
        variant="list"
        marks={greetedMark}
        badges={chatterBadges}
      />,
    );
    const rows = [...container.querySelectorAll('li')];
    expect(rows.map((row) => row.classList.contains('is-greeted'))).toEqual([true, false, false]);
    expect(rows.map((row) => row.querySelector('.greeted-mark') !== null)).toEqual([
      true,
      false,
      false,
    ]);
    expect(rows[1]?.querySelector('.chatter-badge')?.textContent).toBe('First-time chatter');
    expect(rows[2]?.querySelector('.chatter-badge')?.textContent).toBe('Returning chatter');
    expect(rows[0]?.querySelector('.chatter-badge')).toBeNull();
  });

  it('adds no marks where the page passes none (the overlay)', () => {
    const { container } = renderWithApp(
      <ChatterList
        sessionId="session-1"
        chatters={[greeted, chatterFixture('newbie', { isFirstTimeChatter: true })]}
        variant="compact"
      />,
    );
    expect(container.querySelector('.greeted-mark, .chatter-badge')).toBeNull();
    expect(container.querySelector('li')?.classList.contains('is-greeted')).toBe(true);
  });
});
