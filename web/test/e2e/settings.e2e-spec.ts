import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ChatterDto, IgnoredUserDto, SessionDto } from '@greetboard/contracts/wire';
import { waitFor } from '@greetboard/testing';
import {
  allowConsoleMessagesInFile,
  api,
  collectPageErrors,
  launchChromium,
  newContext,
  screenshot,
  signInQuickly,
  Standalone,
  settledValue,
} from './harness.js';
import {
  blockingViolations,
  expectToast,
  openSettings,
  searchUser,
  section,
  dropNextRequest,
} from './settings-helpers.js';

/** Only lines with this keyword count, so the demo chat never adds chatters. */
const KEYWORD = 'okapi7';

interface Settings {
  soundNotifications: boolean;
  obsMode: boolean;
  theme: string;
  defaultKeywords: string;
}

/** The settings screen of one streamer: every form's success and refusal, in real Chromium. */
describe('settings page', () => {
  let app: Standalone;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const errors: string[] = [];

  const settings = () => api<Settings>(page, 'GET', '/api/settings');

  beforeAll(async () => {
    // The requests these tests cut off on purpose (dropNextRequest) are logged by Chromium.
    allowConsoleMessagesInFile(/net::ERR_CONNECTION_RESET/);
    // The user search failure is Twitch answering 5xx for real; Chromium logs the refusal.
    allowConsoleMessagesInFile(/the server responded with a status of (40[349]|50[23])/);
    app = await Standalone.start();
    browser = await launchChromium();
    context = await newContext(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
    page = await context.newPage();
    collectPageErrors(page, errors);
    await signInQuickly(page, app, 'demo_streamer');
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows every section once everything has loaded, with the empty states', async () => {
    await openSettings(page, app);
    for (const heading of [
      'Preferences',
      'Default Keywords',
      'Ignored Users',
      'Global Editors',
      'OBS Integration',
      'Danger Zone',
    ]) {
      await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
    }
    await page.getByText('No ignored users yet.').waitFor();
    await page.getByText('No global editors yet.').waitFor();
    await page.getByRole('link', { name: 'Settings' }).first().waitFor();
  }, 30_000);

  it('saves a preference with the spec toast, and puts it back when the server refuses', async () => {
    const sound = page.getByRole('switch', { name: 'Sound notifications' });
    await sound.click();
    await expectToast(page, 'Settings updated successfully');
    await expect(sound.getAttribute('aria-checked')).resolves.toBe('true');
    await expect(settings()).resolves.toMatchObject({ soundNotifications: true });
    // The sound plays once on demand (an AudioContext in Chromium; no error).
    await page.getByRole('button', { name: 'Play sound' }).click();

    await dropNextRequest(page, 'PUT', '/api/settings');
    const autoStart = page.getByRole('switch', { name: 'Auto-start sessions' });
    await autoStart.click();
    await expectToast(page, 'Failed to update settings');
    await waitFor(async () => (await autoStart.getAttribute('aria-checked')) === 'false', {
      what: 'the switch to go back',
    });
    await expect(settings()).resolves.toMatchObject({ autoStartSessions: false });
  }, 60_000);

  it('applies a theme at once and stores it in the browser and on the server', async () => {
    await page.getByLabel('Theme', { exact: true }).selectOption('light');
    await page.waitForFunction(() => document.documentElement.classList.contains('light'));
    await expectToast(page, 'Settings updated successfully');
    await expect(page.evaluate(() => localStorage.getItem('theme'))).resolves.toBe('light');
    await expect(settings()).resolves.toMatchObject({ theme: 'light' });
    await page.getByLabel('Theme', { exact: true }).selectOption('dark');
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await expectToast(page, 'Settings updated successfully');
  }, 30_000);

  it('keeps default keywords as chips that the new-session form starts with', async () => {
    const area = section(page, 'Default Keywords');
    await area.getByText('No default keywords: every chat line counts.').waitFor();
    const input = area.getByLabel('Keyword');
    await input.fill('  zebra  ');
    await input.press('Enter');
    await area.locator('.chip', { hasText: 'zebra' }).waitFor();
    await expectToast(page, 'Settings updated successfully');
    await input.fill('lion');
    await area.getByRole('button', { name: 'Add', exact: true }).click();
    await area.locator('.chip', { hasText: 'lion' }).waitFor();
    // Blank and duplicate keywords are not added.
    await input.fill('zebra');
    await input.press('Enter');
    await input.fill('   ');
    await area.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(area.locator('.chip').allTextContents()).resolves.toEqual(['zebra', 'lion']);
    await waitFor(async () => (await settings()).defaultKeywords === '["zebra","lion"]', {
      what: 'the keywords on the server',
    });

    await dropNextRequest(page, 'PUT', '/api/settings');
    await area.getByRole('button', { name: 'Remove lion' }).click();
    await expectToast(page, 'Failed to update settings');
    await area.locator('.chip', { hasText: 'lion' }).waitFor();

    await page.goto(`${app.origin}/dashboard`);
    await page.getByRole('button', { name: 'New Session' }).click();
    await page.locator('.new-session-form .chip', { hasText: 'lion' }).waitFor();
    await expect(page.locator('.new-session-form .chip').allTextContents()).resolves.toEqual([
      'zebra',
      'lion',
    ]);
    await page.getByRole('button', { name: 'Cancel' }).click();
  }, 60_000);

  it('searches users: Approved, Not in Database with import, and a Twitch failure', async () => {
    await app.control('/control/users', { login: 'e2e_bot', displayName: 'E2E_Bot' });
    await app.control('/control/users', { login: 'e2e_late', displayName: 'E2E_Late' });
    await openSettings(page, app);
    const area = section(page, 'Ignored Users');
    const label = 'Search users to ignore';

    let results = await searchUser(area, label, 'demo_streamer');
    await results.getByText('Approved', { exact: true }).waitFor();

    results = await searchUser(area, label, ' e2e_bot ');
    await results.getByText('Not in Database').waitFor();
    await results.getByRole('button', { name: 'Import' }).click();
    await expectToast(page, 'User imported successfully: E2E_Bot');
    await results.getByText('Pending Approval').waitFor();

    // Someone else adds the account between the search and the click.
    results = await searchUser(area, label, 'e2e_late');
    await results.getByText('Not in Database').waitFor();
    const other = await context.newPage();
    await other.goto(`${app.origin}/settings`);
    await api(other, 'POST', '/api/twitch/import-user', { username: 'e2e_late' });
    await other.close();
    await results.getByRole('button', { name: 'Import' }).click();
    await expectToast(page, 'User already exists in database');
    await results.getByText('Pending Approval').waitFor();

    // Twitch answers 5xx: the search fails with its toast and shows no result.
    await app.control('/control/faults', { kind: 'helix-5xx', durationMs: 20_000 });
    try {
      await area.getByLabel(label).fill('e2e_nobody_here');
      await expectToast(page, 'Failed to search for user');
      await expect(area.getByRole('region', { name: 'Search results' }).count()).resolves.toBe(0);
    } finally {
      await fetch(`${app.emulatorUrl}/control/faults`, { method: 'DELETE' });
    }
    // One character never searches; results hide after the box loses focus.
    await area.getByLabel(label).fill('e');
    await expect(area.getByRole('region', { name: 'Search results' }).count()).resolves.toBe(0);
  }, 60_000);

  it('ignores a chatting user: their next lines in the active session stop counting', async () => {
    const session = await api<SessionDto>(page, 'POST', '/api/sessions', {
      name: 'Ignore Test',
      keywords: JSON.stringify([KEYWORD]),
    });
    await app.waitForChannelJoined();
    const chatterOf = async (login: string) =>
      (await api<ChatterDto[]>(page, 'GET', `/api/sessions/${session.id}/chatters`)).find(
        (chatter) => chatter.username === login,
      );
    await app.chat([{ login: 'e2e_chatty', text: `hello ${KEYWORD}` }]);
    await waitFor(async () => (await chatterOf('e2e_chatty'))?.messageCount === 1, {
      what: 'e2e_chatty as a chatter',
    });

    const area = section(page, 'Ignored Users');
    const results = await searchUser(area, 'Search users to ignore', 'e2e_chatty');
    await results.getByRole('button', { name: 'Choose' }).click();
    expect(await settledValue(area.getByLabel('Chosen username'), 'e2e_chatty')).toBe('e2e_chatty');
    await expect(area.getByLabel('Chosen username').getAttribute('readonly')).resolves.toBe('');
    await area.getByLabel('Reason (optional)').fill('spams links');
    await area.getByRole('button', { name: 'Add to ignore list' }).click();
    await expectToast(page, 'User added to ignore list');
    await area.getByRole('list', { name: 'Ignored users' }).getByText('spams links').waitFor();

    await app.chat([{ login: 'e2e_chatty', text: `again ${KEYWORD}` }]);
    await app.chat([{ login: 'e2e_witness', text: `later ${KEYWORD}` }]);
    // The witness's line came after: once it counts, the ignored line has been seen.
    await waitFor(async () => (await chatterOf('e2e_witness')) !== undefined, {
      what: 'the line after the ignored one',
    });
    expect((await chatterOf('e2e_chatty'))?.messageCount).toBe(1);

    // The same user again: the server's own text.
    const again = await searchUser(area, 'Search users to ignore', 'e2e_chatty');
    await again.getByRole('button', { name: 'Choose' }).click();
    await area.getByRole('button', { name: 'Add to ignore list' }).click();
    await expectToast(page, 'This user is already on your ignore list.');
  }, 90_000);

  it('removes an ignored user, and fails when another tab removed it first', async () => {
    const [entry] = await api<[IgnoredUserDto]>(page, 'GET', '/api/ignored-users');
    const other = await context.newPage();
    await openSettings(other, app);
    const area = section(page, 'Ignored Users');
    const otherArea = section(other, 'Ignored Users');
    await otherArea
      .getByRole('button', { name: `Remove ${entry.username} from the ignore list` })
      .click();
    await expectToast(other, 'User removed from ignore list');
    await otherArea.getByText('No ignored users yet.').waitFor();
    await other.close();

    await area
      .getByRole('button', { name: `Remove ${entry.username} from the ignore list` })
      .click();
    await expectToast(page, 'Failed to remove user from ignore list');
  }, 60_000);

  it('copies the overlay URL and gives the OBS hints', async () => {
    await openSettings(page, app);
    const area = section(page, 'OBS Integration');
    expect(await settledValue(area.getByLabel('Overlay URL'), `${app.origin}/obs`)).toBe(
      `${app.origin}/obs`,
    );
    await area.getByRole('button', { name: 'Copy' }).click();
    await expectToast(page, 'URL copied to clipboard!');
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
      `${app.origin}/obs`,
    );
    await area.getByText('Recommended size: 400x600.').waitFor();
    await area.getByText('400x200', { exact: false }).waitFor();
    await area.getByText('2-3 seconds', { exact: false }).waitFor();
  }, 30_000);

  it('OBS mode makes the signed-in overlay transparent and keeps its controls', async () => {
    const overlay = await context.newPage();
    await overlay.setViewportSize({ width: 400, height: 600 });
    await overlay.goto(`${app.origin}/obs`);
    await overlay.getByRole('combobox', { name: 'Session' }).waitFor();

    await page.getByRole('switch', { name: 'OBS mode' }).click();
    await expectToast(page, 'Settings updated successfully');
    await overlay.reload();
    await overlay.locator('main.overlay-obs').waitFor();
    await overlay.getByText('People To Greet', { exact: false }).waitFor();
    // The dock a streamer clicks in stays one (ADR 0056): picker and controls remain.
    await expect(overlay.getByRole('combobox', { name: 'Session' }).isVisible()).resolves.toBe(
      true,
    );
    await expect(overlay.locator('.overlay button:visible').count()).resolves.toBeGreaterThan(0);
    const background = await overlay.evaluate(() => [
      document.documentElement.classList.contains('obs-mode'),
      getComputedStyle(document.body).backgroundColor,
    ]);
    expect(background).toEqual([true, 'rgba(0, 0, 0, 0)']);
    await screenshot(overlay, 'settings-obs-mode-overlay', false);
    await overlay.close();
    await page.getByRole('switch', { name: 'OBS mode' }).click();
    await expectToast(page, 'Settings updated successfully');
  }, 60_000);

  it('has every section in dark, light and German without serious axe findings', async () => {
    const cookies = await context.cookies();
    const found: string[] = [];
    for (const [theme, language] of [
      ['dark', 'en'],
      ['light', 'en'],
      ['dark', 'de'],
      ['light', 'de'],
    ] as const) {
      const view = await newContext(browser, { theme, language, cookies, bypassCSP: true });
      const shot = await view.newPage();
      collectPageErrors(shot, errors);
      // The account never chose a theme or language in this browser: the browser's stays.
      await openSettings(shot, app);
      await shot.waitForFunction(
        (mode) => document.documentElement.classList.contains(mode),
        theme,
      );
      await shot
        .getByRole('heading', {
          name: language === 'de' ? 'Einstellungen' : 'Settings',
          level: 1,
        })
        .waitFor();
      await screenshot(shot, `settings-${theme}-${language}`);
      found.push(...(await blockingViolations(shot, `settings ${theme} ${language}`)));
      if (language === 'en') {
        const results = await searchUser(
          section(shot, 'Ignored Users'),
          'Search users to ignore',
          'demo_streamer',
        );
        await results.getByText('Approved', { exact: true }).waitFor();
        found.push(...(await blockingViolations(shot, `settings search ${theme}`)));
        await results.scrollIntoViewIfNeeded();
        await screenshot(shot, `settings-search-${theme}`, false);
        await shot.getByRole('button', { name: 'Delete My Account' }).click();
        await shot.getByRole('dialog').waitFor();
        found.push(...(await blockingViolations(shot, `account dialog ${theme}`)));
        await screenshot(shot, `settings-delete-dialog-${theme}`, false);
      }
      await view.close();
    }
    expect(found).toEqual([]);
  }, 120_000);

  it('deletes the account with the spec dialog: counts, logout and the landing page', async () => {
    await openSettings(page, app);
    const sessions = await api<SessionDto[]>(page, 'GET', '/api/sessions');
    const chatters = sessions.reduce((sum, s) => sum + (s._count?.chatters ?? 0), 0);
    await page.getByRole('button', { name: 'Delete My Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete My Account' });
    for (const consequence of [
      'Your Twitch account stays unchanged.',
      'All your sessions and chat data are deleted.',
      'You are logged out immediately.',
      'You may reconnect later to create a new account.',
    ]) {
      await dialog.getByText(consequence).waitFor();
    }
    await dropNextRequest(page, 'DELETE', '/api/account');
    await dialog.getByRole('button', { name: 'Delete My Account' }).click();
    await expectToast(page, 'Failed to delete account');
    await openSettings(page, app);

    await page.getByRole('button', { name: 'Delete My Account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete My Account' }).click();
    const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    await expectToast(
      page,
      `Account deleted. Removed ${plural(sessions.length, 'session')} and ${plural(chatters, 'chatter')}.`,
    );
    await page.waitForURL(`${app.origin}/`);
    await page.getByRole('link', { name: 'Login with Twitch' }).first().waitFor();
    const me = await page.request.get(`${app.origin}/auth/me`);
    expect(me.status()).toBe(401);
    expect(errors).toEqual([]);
  }, 60_000);
});
