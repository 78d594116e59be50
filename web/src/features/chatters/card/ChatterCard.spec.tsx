/** @jest-environment ./web/test/jsdom-environment.js */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChatterCardDto, ChatterDto } from '@greetboard/contracts/wire';
import { Toaster } from 'react-hot-toast';
import {
  chatterFixture,
  fakeApi,
  renderWithApp,
  sessionFixture,
  setUpI18n,
} from '../../../../test/unit/test-utils';
import { i18n } from '../../i18n/i18n';
import { ChatterList } from '../ChatterList';
import { useChatterCard } from './ChatterCard';

const session = sessionFixture('session-1');
const carol = chatterFixture('carol', {
  firstMessage: 'hello there',
  messageCount: 4,
  sessionsSeen: 3,
  lastSeenBeforeAt: '2025-01-01T10:00:00Z',
  moderation: 'timed_out',
  timeoutEndsAt: '2025-01-02T10:00:00Z',
});
const CARD: ChatterCardDto = {
  chatter: carol,
  badges: { moderator: '1', subscriber: '12', premium: '1' },
  accountCreatedAt: '2016-03-04T05:06:07Z',
};

function Screen({ rows }: { rows: ChatterDto[] }) {
  const card = useChatterCard(session, rows);
  return (
    <>
      <ChatterList sessionId={session.id} chatters={rows} variant="list" onOpenCard={card.open} />
      {card.element}
      <Toaster />
    </>
  );
}

describe('ChatterCard', () => {
  let restore: (() => void) | undefined;
  beforeAll(async () => {
    await setUpI18n();
    await i18n.loadNamespaces(['chatterCard', 'errors', 'triage', 'badges']);
  });
  afterEach(() => {
    cleanup();
    restore?.();
  });

  it('opens from the name with the badges Greetboard names, the account age and the moderation', async () => {
    ({ restore } = fakeApi({
      'GET /api/sessions/session-1/chatters/carol': { body: CARD },
    }));
    renderWithApp(<Screen rows={[carol]} />);
    fireEvent.click(screen.getByRole('button', { name: 'CAROL' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Moderator');
    expect(within(dialog).getByText('Subscriber (12+ months)')).toBeTruthy();
    // Badges without a text of ours (Prime, say) are left out.
    expect(dialog.querySelectorAll('.chatter-badge')).toHaveLength(2);
    expect(within(dialog).getByText(/^Mar 4, 2016 \(\d+ years ago\)$/)).toBeTruthy();
    expect(within(dialog).getByText('3, this one included')).toBeTruthy();
    expect(within(dialog).getByText(/^Timed out until /)).toBeTruthy();
    expect(within(dialog).getByText('4')).toBeTruthy();
  });

  it("shows the server's text when a shoutout fails", async () => {
    const api = fakeApi({
      'GET /api/sessions/session-1/chatters/carol': { body: CARD },
      'POST /api/sessions/session-1/shoutouts': {
        status: 429,
        body: {
          error: 'Twitch allows one shoutout every 2 minutes.',
          code: 'SHOUTOUT_RATE_LIMITED',
        },
      },
    });
    restore = api.restore;
    renderWithApp(<Screen rows={[carol]} />);
    fireEvent.click(screen.getByRole('button', { name: 'CAROL' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Shoutout' }));
    await screen.findByText('Twitch allows one shoutout every 2 minutes.');
    await waitFor(() => expect(api.calls).toContain('POST /api/sessions/session-1/shoutouts'));
  });
});
