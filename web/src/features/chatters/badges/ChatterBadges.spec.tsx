/** @jest-environment ./web/test/jsdom-environment.js */
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { act, cleanup } from '@testing-library/react';
import { chatterFixture, renderWithApp, setUpI18n } from '../../../../test/unit/test-utils';
import { changeLanguage, i18n } from '../../i18n/i18n';
import { ChatterBadges } from './ChatterBadges';
import { BACK_AFTER_DAYS, chatterHistory } from './chatter-history';

const DAY_MS = 24 * 60 * 60 * 1000;
const firstSeenAt = '2026-11-24T20:00:00.000Z';
const daysBefore = (days: number) =>
  new Date(Date.parse(firstSeenAt) - days * DAY_MS).toISOString();

describe('chatterHistory', () => {
  it(`says 'back after N days' from ${BACK_AFTER_DAYS} whole days away, and the stream from the second`, () => {
    expect(chatterHistory({ firstSeenAt, lastSeenBeforeAt: null, sessionsSeen: 1 })).toEqual({
      backAfterDays: null,
      streamNumber: null,
    });
    expect(
      chatterHistory({ firstSeenAt, lastSeenBeforeAt: daysBefore(13.9), sessionsSeen: 2 }),
    ).toEqual({ backAfterDays: null, streamNumber: 2 });
    expect(
      chatterHistory({ firstSeenAt, lastSeenBeforeAt: daysBefore(30.5), sessionsSeen: 7 }),
    ).toEqual({ backAfterDays: 30, streamNumber: 7 });
  });
});

describe('ChatterBadges', () => {
  beforeAll(async () => {
    await setUpI18n();
  });
  afterEach(async () => {
    cleanup();
    await changeLanguage('en');
  });

  const badgesIn = async (language: 'en' | 'de' | 'es' | 'fr', sessionsSeen: number) => {
    // The badges of the previous call are still shown and switch language with it.
    await act(() => changeLanguage(language));
    await i18n.loadNamespaces('badges');
    const chatter = chatterFixture('carol', {
      firstSeenAt,
      lastSeenBeforeAt: daysBefore(30),
      sessionsSeen,
      isReturningChatter: true,
    });
    const { container } = renderWithApp(<ChatterBadges chatter={chatter} />);
    await act(async () => {});
    return [...container.querySelectorAll('.chatter-badge')].map((badge) => badge.textContent);
  };

  it('shows Twitch flags and the history badges with plurals and ordinals in every language', async () => {
    expect(await badgesIn('en', 2)).toEqual([
      'Returning chatter',
      'Back after 30 days',
      '2nd stream',
    ]);
    expect((await badgesIn('en', 3))[2]).toBe('3rd stream');
    expect((await badgesIn('en', 11))[2]).toBe('11th stream');
    expect((await badgesIn('en', 21))[2]).toBe('21st stream');
    expect(await badgesIn('de', 2)).toEqual([
      'Wiederkehrender Chatter',
      'Zurück nach 30 Tagen',
      '2. Stream',
    ]);
    expect(await badgesIn('es', 2)).toEqual([
      'Vuelve al chat',
      'Vuelve tras 30 días',
      '2.º directo',
    ]);
    expect(await badgesIn('fr', 2)).toEqual([
      'Chatteur de retour',
      'De retour après 30 jours',
      '2e stream',
    ]);
  });

  it('shows nothing for a chatter new to the streamer', async () => {
    await i18n.loadNamespaces('badges');
    const { container } = renderWithApp(<ChatterBadges chatter={chatterFixture('erin')} />);
    await act(async () => {});
    expect(container.querySelector('.chatter-badge')).toBeNull();
  });
});
