/** @jest-environment ./web/test/jsdom-environment.js */
import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpI18n } from '../../../test/unit/test-utils';
import { NewSessionForm } from './NewSessionForm';

describe('NewSessionForm', () => {
  beforeAll(setUpI18n);

  function setUp(defaultKeywords: string[] = []) {
    const onCreate = jest.fn((_input: { name: string; keywords: string[] }) => Promise.resolve());
    const form = (keywords: string[]) => (
      <NewSessionForm
        username="streamer"
        defaultKeywords={keywords}
        onCreate={onCreate}
        onCancel={() => undefined}
      />
    );
    const { rerender } = render(form(defaultKeywords));
    /** The dashboard passes the settings' keywords again once they have loaded. */
    const settingsLoaded = (keywords: string[]) => rerender(form(keywords));
    return { onCreate, settingsLoaded, user: userEvent.setup() };
  }

  const chips = () =>
    within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);

  it("prefills '{username} Stream' and the default keywords", () => {
    setUp(['hello']);
    expect(screen.getByLabelText<HTMLInputElement>('Session name').value).toBe('streamer Stream');
    expect(chips()).toEqual(['hello']);
  });

  it('shows the default keywords when the settings load after the form opened', async () => {
    const { settingsLoaded, user, onCreate } = setUp([]);
    expect(screen.queryByRole('list')).toBeNull();
    settingsLoaded(['hello', 'welcome']);
    expect(chips()).toEqual(['hello', 'welcome']);

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onCreate).toHaveBeenCalledWith({
      name: 'streamer Stream',
      keywords: ['hello', 'welcome'],
    });
  });

  it("keeps the user's own keyword list when the settings load later", async () => {
    const { settingsLoaded, user } = setUp([]);
    await user.type(screen.getByLabelText('Keywords'), 'hi{Enter}');
    settingsLoaded(['hello']);
    expect(chips()).toEqual(['hi']);
  });

  it('adds keywords with Enter or Add, ignores duplicates, and removes chips', async () => {
    const { user, onCreate } = setUp(['hello']);
    const input = screen.getByLabelText('Keywords');
    await user.type(input, 'hi{Enter}');
    await user.type(input, ' hello {Enter}');
    await user.type(input, 'hey');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(chips()).toEqual(['hello', 'hi', 'hey']);

    await user.click(screen.getByRole('button', { name: 'Remove hi' }));
    expect(chips()).toEqual(['hello', 'hey']);
    expect(onCreate).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(onCreate).toHaveBeenCalledWith({ name: 'streamer Stream', keywords: ['hello', 'hey'] });
  });

  it('refuses a blank name', async () => {
    const { user, onCreate } = setUp();
    await user.clear(screen.getByLabelText('Session name'));
    await user.type(screen.getByLabelText('Session name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('alert').textContent).toBe('Session name is required');
    expect(onCreate).not.toHaveBeenCalled();
  });
});
