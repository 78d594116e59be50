/** @jest-environment ./web/test/jsdom-environment.js */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { changeLanguage, i18n } from '../i18n/i18n';
import type { LiveSocket } from '../live/live-socket';
import { setUpI18n } from '../../../test/unit/test-utils';
import { createTestLiveSocket } from '../../../test/unit/fake-live-socket';
import { useAnnouncementDroppedNotice } from './use-announcement-dropped-notice';

function Shell({ socket }: { socket: LiveSocket }) {
  useAnnouncementDroppedNotice(socket);
  return <Toaster />;
}

const dropped = (kind: 'session_started' | 'session_ended', message: string) => ({
  type: 'announcement_dropped',
  payload: { sessionId: 'session-1', kind, code: 'msg_duplicate', message },
});

describe('the notice of a dropped announcement', () => {
  beforeAll(async () => {
    await setUpI18n();
    await i18n.loadNamespaces('announcements');
  });
  afterEach(async () => {
    cleanup();
    await changeLanguage('en');
  });

  it("shows which announcement Twitch dropped, with Twitch's reason, in the user's language", async () => {
    await changeLanguage('fr');
    const fake = createTestLiveSocket();
    fake.live.connect('user-1');
    render(<Shell socket={fake.live} />);
    act(() => fake.latest().open());

    act(() => fake.latest().receive(dropped('session_started', 'Your message was not sent.')));

    expect(
      await screen.findByText("Twitch n'a pas publié l'annonce du début de votre session."),
    ).toBeTruthy();
    expect(
      screen.getByText('Twitch indique : « Your message was not sent. » (msg_duplicate)'),
    ).toBeTruthy();
  });

  it('names the code alone when Twitch gave no text', async () => {
    const fake = createTestLiveSocket();
    fake.live.connect('user-1');
    render(<Shell socket={fake.live} />);
    act(() => fake.latest().open());

    act(() => fake.latest().receive(dropped('session_ended', '')));

    expect(
      await screen.findByText('Twitch did not post the announcement that your session ended.'),
    ).toBeTruthy();
    expect(screen.getByText('Twitch gave the reason msg_duplicate.')).toBeTruthy();
  });
});
