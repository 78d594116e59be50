import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SessionDto } from '@greetboard/contracts/wire';
import { waitFor } from '@greetboard/testing';
import {
  collectPageErrors,
  launchChromium,
  listSessions,
  newContext,
  signInByConsent,
  Standalone,
  type ChatLine,
  settledValue,
} from './harness.js';

/** Only lines with this keyword count, so the demo chat never adds chatters to the session. */
const KEYWORD = 'zebra42';
const line = (login: string, text = 'hi') => ({ login, text: `${text} ${KEYWORD}` });

describe('streamer flow: sign in, a live session, greeting across dashboard, session page and overlay', () => {
  let app: Standalone;
  let browser: Browser;
  let context: BrowserContext;
  let dashboard: Page;
  let sessionPage: Page;
  let overlay: Page;
  let session: SessionDto;
  const errors: string[] = [];

  const chatterRow = (page: Page, name: string) =>
    page.locator('.chatter-row, .overlay-row').filter({ hasText: name });
  const greetButton = (page: Page, name: string) =>
    page.getByRole('button', { name: `Mark ${name} as greeted` });
  const ungreetButton = (page: Page, name: string) =>
    page.getByRole('button', { name: `Mark ${name} as not greeted` });
  /**
   * Toasts sit at the bottom right, over the dashboard's pagination, and pause while the
   * pointer rests on them: move the pointer away and wait until they are gone.
   */
  const clearToasts = async (page: Page) => {
    await page.mouse.move(0, 0);
    await page.locator('[data-rht-toaster] .toast').first().waitFor({ state: 'detached' });
  };
  const chat = async (lines: ChatLine[]) => {
    await app.chat(lines);
  };

  beforeAll(async () => {
    app = await Standalone.start();
    browser = await launchChromium();
    context = await newContext(browser);
    dashboard = await context.newPage();
    collectPageErrors(dashboard, errors);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('signs in through the consent page and shows the empty dashboard', async () => {
    await signInByConsent(dashboard, app, 'demo_streamer');
    await dashboard.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await dashboard
      .getByText('No sessions yet. Create your first session to start greeting!')
      .waitFor();
    await dashboard.getByText('Select a session to view chatters').waitFor();
    await dashboard.getByText('Click the eye icon next to a session').waitFor();
  }, 60_000);

  it('creates a session with a keyword and lists injected chatters live', async () => {
    await dashboard.getByRole('button', { name: 'New Session' }).click();
    const name = dashboard.getByLabel('Session name');
    expect(await settledValue(name, 'demo_streamer Stream')).toBe('demo_streamer Stream');
    await name.fill('E2E Stream');
    const keyword = dashboard.getByLabel('Keywords');
    await keyword.fill(KEYWORD);
    await keyword.press('Enter');
    await keyword.fill(KEYWORD);
    await dashboard.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dashboard.locator('.new-session-form .chip').count()).resolves.toBe(1);
    await dashboard.getByRole('button', { name: 'Create' }).click();
    await dashboard
      .getByText("Session created and started! Monitoring demo_streamer's chat")
      .waitFor();
    // Active and still empty: the dashboard waits for chat rather than asking for a start.
    await dashboard
      .getByText('No chatters yet. Waiting for people to chat in your stream...')
      .waitFor();
    [session] = await listSessions(dashboard);
    expect(session).toMatchObject({ name: 'E2E Stream', isActive: true });
    expect(JSON.parse(session.keywords)).toEqual([KEYWORD]);

    await app.waitForChannelJoined();
    await chat([line('e2e_alice', 'hello'), line('e2e_bob', 'hey there')]);
    await chatterRow(dashboard, 'e2e_alice').waitFor();
    await chatterRow(dashboard, 'e2e_bob').waitFor();
    await dashboard.getByText(/^New chatter: e2e_(alice|bob)$/).waitFor();
    // A second line raises the count; a line without the keyword is not counted.
    await chat([line('e2e_alice', 'again'), { login: 'e2e_offtopic', text: 'no keyword' }]);
    await chatterRow(dashboard, 'e2e_alice').getByText('Messages: 2').waitFor();
    await expect(chatterRow(dashboard, 'e2e_offtopic').count()).resolves.toBe(0);
    await dashboard.getByText('Showing 1-2 of 2 chatters').waitFor();
  }, 60_000);

  it('greets on the overlay and shows it on the dashboard and the session page within a second', async () => {
    sessionPage = await context.newPage();
    collectPageErrors(sessionPage, errors);
    await sessionPage.goto(`${app.origin}/session/${session.id}`);
    await sessionPage.getByRole('heading', { name: 'E2E Stream', level: 1 }).waitFor();
    await sessionPage.getByText('People To Greet (2)').waitFor();
    await sessionPage
      .getByText('"hello zebra42"')
      .or(sessionPage.getByText('hello zebra42'))
      .first()
      .waitFor();

    overlay = await context.newPage();
    collectPageErrors(overlay, errors);
    await overlay.setViewportSize({ width: 400, height: 600 });
    await overlay.goto(`${app.origin}/obs`);
    await greetButton(overlay, 'e2e_alice').waitFor();
    expect(await settledValue(overlay.getByRole('combobox', { name: 'Session' }), session.id)).toBe(
      session.id,
    );

    const started = Date.now();
    await greetButton(overlay, 'e2e_alice').click();
    await ungreetButton(dashboard, 'e2e_alice').waitFor({ timeout: 1000 });
    const dashboardMs = Date.now() - started;
    await ungreetButton(sessionPage, 'e2e_alice').waitFor({ timeout: 1000 });
    expect(dashboardMs).toBeLessThan(1000);
    await chatterRow(sessionPage, 'e2e_alice')
      .getByText(/Greeted .* by/)
      .waitFor();
    // Greeted on another screen (the overlay): the row says so a moment, as well as for good.
    await chatterRow(sessionPage, 'e2e_alice')
      .getByText('demo_streamer', { exact: true })
      .waitFor();
    await sessionPage.getByText('People To Greet (1)').waitFor();
    await overlay.getByText('50%').waitFor();
    await chatterRow(overlay, 'e2e_alice').getByText('by demo_streamer').waitFor();

    // And back: ungreet on the dashboard, pending on the overlay.
    await ungreetButton(dashboard, 'e2e_alice').click();
    await greetButton(overlay, 'e2e_alice').waitFor({ timeout: 1000 });
    await greetButton(overlay, 'e2e_alice').click();
    await ungreetButton(dashboard, 'e2e_alice').waitFor({ timeout: 1000 });
  }, 60_000);

  it('pages the chatters on the dashboard and the session page', async () => {
    const logins = Array.from(
      { length: 23 },
      (_, i) => `e2e_page_${String(i + 1).padStart(2, '0')}`,
    );
    await chat(logins.map((login) => line(login)));
    await dashboard.getByText('Showing 1-10 of 25 chatters').waitFor();
    await clearToasts(dashboard);
    const pages = dashboard.getByRole('navigation', { name: 'Pagination' });
    await expect(pages.getByRole('button', { name: /^Page / }).allInnerTexts()).resolves.toEqual([
      '1',
      '2',
      '3',
    ]);
    await pages.getByRole('button', { name: 'Next' }).click();
    await dashboard.getByText('Showing 11-20 of 25 chatters').waitFor();
    await expect(
      pages.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    await pages.getByRole('button', { name: 'Page 3' }).click();
    await dashboard.getByText('Showing 21-25 of 25 chatters').waitFor();
    await expect(pages.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true);
    await expect(dashboard.locator('.chatter-row').count()).resolves.toBe(5);

    await dashboard.getByRole('combobox', { name: 'Per page' }).click();
    await dashboard.getByRole('option', { name: '20' }).click();
    await dashboard.getByText('Showing 1-20 of 25 chatters').waitFor();
    await dashboard.getByRole('combobox', { name: 'Per page' }).click();
    await expect(dashboard.getByRole('option').allInnerTexts()).resolves.toEqual([
      '10',
      '20',
      '30',
      '40',
      '50',
      '100',
    ]);
    await dashboard.keyboard.press('Escape');

    // The session page shows a window of two pages around the current one.
    await chat(
      Array.from({ length: 45 }, (_, i) => line(`e2e_more_${String(i + 1).padStart(2, '0')}`)),
    );
    await sessionPage.getByText('Showing 1-10 of 70 chatters').waitFor();
    const sessionPages = sessionPage.getByRole('navigation', { name: 'Pagination' });
    const pageNumbers = () => sessionPages.getByRole('button', { name: /^Page / }).allInnerTexts();
    await expect(pageNumbers()).resolves.toEqual(['1', '2', '3', '7']);
    await sessionPages.getByRole('button', { name: 'Next' }).click();
    await sessionPage.getByText('Showing 11-20 of 70 chatters').waitFor();
    await expect(pageNumbers()).resolves.toEqual(['1', '2', '3', '4', '7']);
    await sessionPages.getByRole('button', { name: 'Page 7' }).click();
    await sessionPage.getByText('Showing 61-70 of 70 chatters').waitFor();
    await expect(pageNumbers()).resolves.toEqual(['1', '5', '6', '7']);
    await sessionPages.getByRole('button', { name: 'Page 1' }).click();
    await sessionPage.getByText('Showing 1-10 of 70 chatters').waitFor();
    await expect(sessionPages.locator('.page-ellipsis').count()).resolves.toBe(1);
  }, 90_000);

  it('hides greeted chatters on the session page, keeping a just-greeted one for a moment', async () => {
    const hide = sessionPage.getByRole('switch', { name: 'Hide greeted' });
    await expect(hide.getAttribute('aria-checked')).resolves.toBe('false');
    // By first seen, oldest first (the default): Alice, greeted on the overlay, is on page 1.
    await sessionPage.getByText('Showing 1-10 of 70 chatters').waitFor();
    await chatterRow(sessionPage, 'e2e_alice').waitFor();
    await hide.click();
    await expect(sessionPage.evaluate(() => localStorage.getItem('hideGreeted'))).resolves.toBe(
      'true',
    );
    await chatterRow(sessionPage, 'e2e_alice').waitFor({ state: 'detached' });
    await sessionPage.getByText('Showing 1-10 of 69 chatters').waitFor();

    await greetButton(sessionPage, 'e2e_bob').click();
    const greetedAt = Date.now();
    await ungreetButton(sessionPage, 'e2e_bob').waitFor();
    // The list holds still while the pointer rests on it (ADR 0052): move it off the list.
    await sessionPage.mouse.move(0, 0);
    await chatterRow(sessionPage, 'e2e_bob').waitFor({ state: 'detached', timeout: 5000 });
    expect(Date.now() - greetedAt).toBeGreaterThanOrEqual(1500);

    await sessionPage.reload();
    await expect(
      sessionPage.getByRole('switch', { name: 'Hide greeted' }).getAttribute('aria-checked'),
    ).resolves.toBe('true');
    await sessionPage.getByText('Showing 1-10 of 68 chatters').waitFor();
    await sessionPage.getByRole('switch', { name: 'Hide greeted' }).click();
    await chatterRow(sessionPage, 'e2e_bob').waitFor();
  }, 60_000);

  it('shows the session page empty states and an unknown session', async () => {
    // A second session: empty while active and stopped, then one chatter, greeted and hidden.
    await dashboard.getByRole('button', { name: 'New Session' }).click();
    await dashboard.getByLabel('Session name').fill('Quiet Stream');
    // A keyword nobody types keeps the demo chat out of this session.
    await dashboard.getByLabel('Keywords').fill('nobody-says-this');
    await dashboard.getByLabel('Keywords').press('Enter');
    await dashboard.getByRole('button', { name: 'Create' }).click();
    await dashboard.getByRole('link', { name: 'Quiet Stream' }).waitFor();
    const quiet = (await listSessions(dashboard)).find((s) => s.name === 'Quiet Stream')!;
    await sessionPage.goto(`${app.origin}/session/${quiet.id}`);
    await sessionPage.getByText('No chatters yet', { exact: true }).waitFor();
    await sessionPage.getByText('Waiting for people to chat in your stream...').waitFor();
    await sessionPage.getByRole('button', { name: 'Stop Session' }).click();
    await sessionPage.getByText('Session stopped!').waitFor();
    await sessionPage.getByText('Start the session to begin monitoring your chat!').waitFor();
    await sessionPage.getByText('Inactive', { exact: true }).waitFor();
    await sessionPage.getByRole('button', { name: 'Start Session' }).click();
    await sessionPage.getByText("Session started! Monitoring demo_streamer's chat").waitFor();

    // Chat-ingest takes up the restarted session a moment after the start's answer: a line
    // sent before then is not the session's, so send it again until it counts.
    await waitFor(
      async () => {
        await chat([{ login: 'e2e_solo', text: 'nobody-says-this, right?' }]);
        return greetButton(sessionPage, 'e2e_solo')
          .waitFor({ timeout: 3000 })
          .then(
            () => true,
            () => null,
          );
      },
      { what: 'e2e_solo counted in the restarted session', timeoutMs: 30_000 },
    );
    await greetButton(sessionPage, 'e2e_solo').click();
    await sessionPage.getByRole('switch', { name: 'Hide greeted' }).click();
    await sessionPage.getByText('No chatters to show').waitFor();
    await sessionPage.getByText('Toggle Hide greeted').waitFor();
    await sessionPage.getByRole('switch', { name: 'Hide greeted' }).click();
    await chatterRow(sessionPage, 'e2e_solo').waitFor();

    await sessionPage.goto(`${app.origin}/session/00000000-0000-4000-8000-000000000000`);
    await sessionPage.getByRole('heading', { name: 'Session Not Found' }).waitFor();
    await sessionPage.getByRole('link', { name: 'Back to dashboard' }).click();
    await sessionPage.waitForURL(`${app.origin}/dashboard`);
  }, 60_000);

  it('deletes a session after confirming, and clears the selection', async () => {
    await dashboard.reload();
    await dashboard.getByRole('button', { name: 'Select session E2E Stream' }).click();
    await dashboard.getByText('Chatters: E2E Stream').waitFor();
    await dashboard.getByRole('button', { name: 'Delete session E2E Stream' }).click();
    const dialog = dashboard.getByRole('dialog', { name: 'Delete Session' });
    await dialog.getByText('Its chatters: 70').waitFor();
    await dialog.getByText('All chat history and greet status').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect(dashboard.getByRole('link', { name: 'E2E Stream' }).isVisible()).resolves.toBe(
      true,
    );

    await dashboard.getByRole('button', { name: 'Delete session E2E Stream' }).click();
    await dialog.getByRole('button', { name: 'Delete Session' }).click();
    await dashboard
      .getByText('Session "E2E Stream" deleted successfully. Removed 70 chatters.')
      .waitFor();
    await dashboard.getByRole('link', { name: 'E2E Stream' }).waitFor({ state: 'detached' });
    // Nothing selected: the dashboard picks the remaining active session...
    await dashboard.getByText('Chatters: Quiet Stream').waitFor();
    expect((await listSessions(dashboard)).map((s) => s.name)).toEqual(['Quiet Stream']);
    // ...and once it is stopped there is nothing to pick.
    await dashboard.getByRole('button', { name: 'Stop session Quiet Stream' }).click();
    await dashboard.getByText('Session stopped!').waitFor();
    await dashboard.getByText('Select a session to view chatters').waitFor();
    await dashboard.getByRole('button', { name: 'Start session Quiet Stream' }).waitFor();
    // The overlay follows: the deleted session is gone from its picker.
    await overlay.getByRole('option', { name: 'E2E Stream' }).waitFor({ state: 'detached' });
  }, 60_000);

  it('raised no uncaught errors in any page', () => {
    expect(errors).toEqual([]);
  });
});
