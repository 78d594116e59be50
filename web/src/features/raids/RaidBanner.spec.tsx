/** @jest-environment ./web/test/jsdom-environment.js */
import type { RaidDto } from '@greetboard/contracts/wire';
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { chatterFixture, fakeApi, renderWithApp, setUpI18n } from '../../../test/unit/test-utils';
import { badgesWithRaider, RaidBanner } from './RaidBanner';
import { i18n } from '../i18n/i18n';

const raid: RaidDto = {
  id: 'raid-1',
  sessionId: 'session-1',
  raiderTwitchId: '7001',
  raiderLogin: 'raid_boss',
  raiderDisplayName: 'Raid_Boss',
  viewerCount: 150,
  raidedAt: '2025-01-01T10:00:00Z',
  windowSeconds: 90,
  raiderCount: 3,
  greetedCount: 1,
};
const chatters = [
  chatterFixture('amy', { raidId: 'raid-1' }),
  chatterFixture('ben', { raidId: 'raid-1' }),
  chatterFixture('cat', { raidId: 'raid-1', isGreeted: true }),
  chatterFixture('dan'),
];
const greetedNow = ['amy', 'ben'].map((id) =>
  chatterFixture(id, { raidId: 'raid-1', isGreeted: true }),
);
const RAID_PATH = '/api/sessions/session-1/raids/raid-1';

const press = (key: string, shiftKey = false) =>
  act(() => {
    fireEvent.keyDown(document.body, { key, shiftKey });
  });

describe('RaidBanner', () => {
  beforeAll(async () => {
    await setUpI18n();
    await i18n.loadNamespaces(['raids', 'badges']);
  });
  afterEach(cleanup);

  it('shows nothing before the first raid', async () => {
    const api = fakeApi({ 'GET /api/sessions/session-1/raids': { body: [] } });
    try {
      const { container } = renderWithApp(<RaidBanner sessionId="session-1" />);
      await waitFor(() => expect(api.calls).toContain('GET /api/sessions/session-1/raids'));
      expect(container.textContent).toBe('');
    } finally {
      api.restore();
    }
  });

  it('shows the raiders r will greet, greets those, and takes them back with Shift+R', async () => {
    const api = fakeApi({
      'GET /api/sessions/session-1/raids': { body: [raid] },
      [`GET ${RAID_PATH}/raiders`]: { body: chatters.slice(0, 2) },
      [`POST ${RAID_PATH}/greet`]: { body: { raidId: 'raid-1', chatters: greetedNow } },
      [`POST ${RAID_PATH}/ungreet`]: { body: { raidId: 'raid-1', chatters: chatters.slice(0, 2) } },
    });
    const bodies: unknown[] = [];
    const fakeFetch = globalThis.fetch;
    globalThis.fetch = async (input: RequestInfo | URL) => {
      const request = input as Request;
      if (request.method === 'POST') bodies.push(await request.clone().text());
      return fakeFetch(input);
    };
    try {
      renderWithApp(<RaidBanner sessionId="session-1" />);
      await screen.findByText('Raid_Boss is raiding with 150 viewers');
      expect(screen.getByRole('region', { name: 'Raid' })).toBeTruthy();
      // Two of the three raiders are still to greet, as the raid counts them.
      await screen.findByRole('button', { name: 'Greet all raiders (2)' });

      // r shows whom it will greet and greets nobody yet.
      press('r');
      const dialog = await screen.findByRole('dialog', { name: 'Greet 2 raiders?' });
      expect(dialog.textContent).toContain('within 90 seconds of the raid by Raid_Boss');
      const list = screen.getByRole('list', { name: 'Raiders to greet' });
      expect(
        [...list.querySelectorAll('li')].map(
          (item) => item.querySelector('.raid-greet-name')?.textContent,
        ),
      ).toEqual([chatters[0].displayName, chatters[1].displayName]);
      expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);

      fireEvent.click(screen.getByRole('button', { name: 'Greet 2 raiders' }));
      await screen.findByText('Greeted 2 raiders.');
      expect(bodies.at(-1)).toBe(JSON.stringify({ chatterIds: ['amy', 'ben'] }));
      expect(screen.queryByRole('dialog')).toBeNull();
      // The greet's answer counts into the raid at once.
      await screen.findByRole('button', { name: 'Greet all raiders (0)' });

      press('R', true);
      await screen.findByText('Un-greeted 2 raiders again.');
      expect(api.calls).toContain(`POST ${RAID_PATH}/ungreet`);
      expect(bodies.at(-1)).toBe(JSON.stringify({ chatterIds: ['amy', 'ben'] }));
      expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
      await screen.findByRole('button', { name: 'Greet all raiders (2)' });
    } finally {
      api.restore();
    }
  });

  it('greets nobody when the list is cancelled', async () => {
    const api = fakeApi({
      'GET /api/sessions/session-1/raids': { body: [raid] },
      [`GET ${RAID_PATH}/raiders`]: { body: chatters.slice(0, 2) },
    });
    try {
      renderWithApp(<RaidBanner sessionId="session-1" />);
      fireEvent.click(await screen.findByRole('button', { name: 'Greet all raiders (2)' }));
      await screen.findByRole('dialog', { name: 'Greet 2 raiders?' });
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
    } finally {
      api.restore();
    }
  });

  it('leaves the keys alone while typing in a field', async () => {
    const api = fakeApi({ 'GET /api/sessions/session-1/raids': { body: [raid] } });
    try {
      renderWithApp(
        <>
          <input aria-label="Search" />
          <RaidBanner sessionId="session-1" />
        </>,
      );
      await screen.findByText('Raid_Boss is raiding with 150 viewers');
      const search = screen.getByRole('textbox', { name: 'Search' });
      act(() => {
        fireEvent.keyDown(search, { key: 'r' });
      });
      expect(api.calls.filter((call) => call.startsWith('POST'))).toEqual([]);
    } finally {
      api.restore();
    }
  });

  it('marks a raider with a word, not a colour alone', () => {
    renderWithApp(<>{badgesWithRaider(chatters[0])}</>);
    expect(screen.getByText('Raider').className).toContain('badge-raider');
    cleanup();
    renderWithApp(<>{badgesWithRaider(chatters[3])}</>);
    expect(screen.queryByText('Raider')).toBeNull();
  });
});
