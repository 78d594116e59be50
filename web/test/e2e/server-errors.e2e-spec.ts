import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import type { IgnoredUserDto } from '@greetboard/contracts/wire';
import {
  allowConsoleMessagesInFile,
  api,
  collectPageErrors,
  launchChromium,
  newContext,
  screenshot,
  signInQuickly,
  Standalone,
} from './harness.js';
import { expectToast, openSettings, section } from './settings-helpers.js';

/** A refusal by the server reads in the user's language, chosen by its error code. */
describe('server errors in the reader language', () => {
  let app: Standalone;
  let browser: Browser;
  let german: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    // The refusal under test is a 409, which Chromium logs.
    allowConsoleMessagesInFile(/the server responded with a status of 409/);
    app = await Standalone.start();
    browser = await launchChromium();
    const english = await (await newContext(browser)).newPage();
    await signInQuickly(english, app, 'demo_streamer');
    await app.control('/control/users', { login: 'e2e_spammer', displayName: 'E2E_Spammer' });
    await api<IgnoredUserDto>(english, 'POST', '/api/ignored-users', { username: 'e2e_spammer' });
    const cookies = await english.context().cookies();
    german = await (await newContext(browser, { language: 'de', cookies })).newPage();
    collectPageErrors(german, errors);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('says in German that the user is already on the ignore list', async () => {
    await openSettings(german, app);
    await german.getByRole('heading', { name: 'Einstellungen', level: 1 }).waitFor();
    const area = section(german, 'Ignorierte Benutzer');
    await area.getByLabel('Benutzer zum Ignorieren suchen').fill('e2e_spammer');
    const results = area.getByRole('region', { name: 'Suchergebnisse' });
    await results.getByRole('button', { name: 'Wählen' }).click();
    await area.getByRole('button', { name: 'Zur Ignorierliste hinzufügen' }).click();

    await expectToast(german, 'Dieser Benutzer steht bereits auf deiner Ignorierliste.');
    const english = german.locator('[data-rht-toaster]').getByText('on your ignore list');
    await expect(english.count()).resolves.toBe(0);
    await screenshot(german, 'server-error-de-ignored-user', false);
    expect(errors).toEqual([]);
  }, 60_000);
});
