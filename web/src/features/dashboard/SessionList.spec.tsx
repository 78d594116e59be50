/** @jest-environment ./web/test/jsdom-environment.js */
import type { UserDto } from '@greetboard/contracts/wire';
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp, setUpI18n } from '../../../test/unit/test-utils';
import { SessionList } from './SessionList';
import { i18n } from '../i18n/i18n';

const pending: UserDto = {
  id: 'u1',
  username: 'newcomer',
  displayName: 'Newcomer',
  profileImage: null,
  twitchId: 't1',
  isApproved: false,
  isAdmin: false,
};

function renderSessionList(user: UserDto) {
  return renderWithApp(
    <SessionList
      user={user}
      sessions={[]}
      selectedId={null}
      defaultKeywords={[]}
      onSelect={() => undefined}
      onClearSelection={() => undefined}
    />,
  );
}

describe('SessionList new-session button', () => {
  beforeAll(async () => {
    await setUpI18n();
    await i18n.loadNamespaces('dashboard');
  });
  afterEach(cleanup);

  it('tells a pending user, by keyboard too, why New Session is unavailable', async () => {
    renderSessionList(pending);
    const button = screen.getByRole('button', {
      name: 'New Session',
      description: 'Account needs approval to create sessions',
    });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    // No role-less wrapper carries the reason as a label that assistive technology ignores.
    expect(document.querySelector('span[aria-label]')).toBeNull();

    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'Account needs approval to create sessions',
    );
    await user.keyboard('{Enter}');
    await user.click(button);
    expect(screen.queryByLabelText('Session name')).toBeNull();
  });

  it('opens the form for an approved user and disables the button meanwhile', async () => {
    renderSessionList({ ...pending, isApproved: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New Session' }));
    expect(screen.getByLabelText('Session name')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'New Session' }).disabled).toBe(
      true,
    );
  });
});
