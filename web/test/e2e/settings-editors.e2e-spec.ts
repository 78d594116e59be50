import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SessionDto } from '@greetboard/contracts/wire';
import { waitFor } from '@greetboard/testing';
import {
  allowConsoleMessagesInFile,
  api,
  collectPageErrors,
  launchChromium,
  listSessions,
  newContext,
  screenshot,
  seedSession,
  signInByConsent,
  signInQuickly,
  Standalone,
  settledValue,
} from './harness.js';
import { expectToast, openSettings, readChat, searchUser, section } from './settings-helpers.js';

const EDITOR = 'e2e_editor';

/**
 * Two signed-in users in two browser contexts: the streamer invites an editor, who answers,
 * greets in the streamer's session and loses it the moment they are removed. Then the
 * streamer's language follows them to a new browser and into their chat.
 */
describe('global editors, language and announcements across users', () => {
  let app: Standalone;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let editorContext: BrowserContext;
  let owner: Page;
  let editor: Page;
  let session: SessionDto;
  const errors: string[] = [];

  const editorsOf = (page: Page) => section(page, 'Global Editors');
  const invite = async (username: string) => {
    const area = editorsOf(owner);
    await area.getByLabel('Username', { exact: true }).fill(username);
    await area.getByRole('button', { name: 'Invite', exact: true }).click();
  };
  /** Two settings tabs of the editor, both showing the pending invite. */
  const twoEditorTabs = async () => {
    const second = await editorContext.newPage();
    collectPageErrors(second, errors);
    for (const page of [editor, second]) {
      await openSettings(page, app);
      await editorsOf(page)
        .getByRole('list', { name: 'Invites Received' })
        .getByText('demo_streamer')
        .first()
        .waitFor();
    }
    return second;
  };

  beforeAll(async () => {
    // The failure paths below make the server refuse for real; Chromium logs each refusal.
    allowConsoleMessagesInFile(/the server responded with a status of (40[349]|50[23])/);
    app = await Standalone.start();
    browser = await launchChromium();
    ownerContext = await newContext(browser);
    owner = await ownerContext.newPage();
    collectPageErrors(owner, errors);
    await signInQuickly(owner, app, 'demo_streamer');
    editorContext = await newContext(browser, { theme: 'light' });
    editor = await editorContext.newPage();
    collectPageErrors(editor, errors);
    await signInByConsent(editor, app, EDITOR);
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('invites by search, refuses a second pending invite and an unknown user', async () => {
    await openSettings(owner, app);
    const area = editorsOf(owner);
    const results = await searchUser(area, 'Search users to invite', EDITOR);
    await results.getByText('Pending Approval').waitFor();
    await results.getByRole('button', { name: 'Choose' }).click();
    expect(await settledValue(area.getByLabel('Username', { exact: true }), EDITOR)).toBe(EDITOR);
    await area.getByRole('button', { name: 'Invite', exact: true }).click();
    await expectToast(owner, 'Global editor invite sent successfully');
    const sent = area.getByRole('list', { name: 'Invites Sent' });
    await sent.getByText(EDITOR, { exact: false }).first().waitFor();
    await sent.getByText('Pending', { exact: true }).waitFor();
    await sent.getByText('Waiting for response').waitFor();

    await invite(EDITOR);
    await expectToast(owner, 'An invite to this user is already pending.');
    await invite('nobody_at_all');
    await expectToast(owner, 'No Greetboard user is named "nobody_at_all".');
  }, 60_000);

  it('declines in one tab; the other tab, answering late, is refused', async () => {
    const second = await twoEditorTabs();
    await screenshot(editor, 'settings-invite-received-light');
    await editorsOf(second)
      .getByRole('button', { name: 'Decline the invite from demo_streamer' })
      .click();
    await expectToast(second, 'Invite declined successfully');
    await editorsOf(second).getByText('No invites received.').waitFor();
    await editorsOf(editor)
      .getByRole('button', { name: 'Decline the invite from demo_streamer' })
      .click();
    await expectToast(editor, 'Failed to decline invite');
    await second.close();
  }, 60_000);

  it('accepts a new invite in one tab; the other tab, answering late, is refused', async () => {
    await openSettings(owner, app);
    await invite(EDITOR);
    await expectToast(owner, 'Global editor invite sent successfully');
    const second = await twoEditorTabs();
    await editorsOf(second)
      .getByRole('button', { name: 'Accept the invite from demo_streamer' })
      .click();
    await expectToast(second, 'Invite accepted successfully');
    await editorsOf(editor)
      .getByRole('button', { name: 'Accept the invite from demo_streamer' })
      .click();
    await expectToast(editor, 'Failed to accept invite');
    await second.close();

    await openSettings(owner, app);
    const current = editorsOf(owner).getByRole('list', { name: 'Current Global Editors' });
    await current.getByText(EDITOR, { exact: false }).first().waitFor();
    await editorsOf(owner).getByText('No invites sent.').waitFor();
    await screenshot(owner, 'settings-with-editor-dark');
  }, 60_000);

  it('lets the editor greet in the owner session, live on the owner dashboard', async () => {
    ({ session } = await seedSession(owner, app, {
      name: 'Owner Stream',
      keyword: 'kiwi9',
      viewers: ['v_one', 'v_two'],
      repeat: 1,
      greet: 0,
    }));
    await owner.goto(`${app.origin}/dashboard`);
    await owner.getByRole('button', { name: 'Mark v_one as greeted' }).waitFor();

    await editor.goto(`${app.origin}/dashboard`);
    const row = editor.locator('.session-row').filter({ hasText: 'Owner Stream' });
    await row.getByText("demo_streamer's session", { exact: false }).waitFor();
    // The server refuses editors a start and a stop: neither is offered. Delete shows on every
    // row, as the spec has it; the server's refusal then gives its toast (ADR 0052).
    await expect(row.getByRole('button').count()).resolves.toBe(2);
    await row.getByRole('button', { name: /delete/i }).waitFor();
    await editor.getByRole('button', { name: 'Mark v_one as greeted' }).click();
    await owner.getByRole('button', { name: 'Mark v_one as not greeted' }).waitFor();
    await screenshot(editor, 'dashboard-as-editor-light');

    const sessionPage = await editorContext.newPage();
    await sessionPage.goto(`${app.origin}/session/${session.id}`);
    await sessionPage.getByText("demo_streamer's session", { exact: false }).waitFor();
    await sessionPage.close();
  }, 90_000);

  it('removes the editor: a late second removal fails, and the editor loses the session at once', async () => {
    const second = await ownerContext.newPage();
    await openSettings(owner, app);
    await openSettings(second, app);
    const removeButton = `Remove ${EDITOR} as global editor`;
    await editorsOf(second).getByRole('button', { name: removeButton }).click();
    await expectToast(second, 'Global editor removed successfully');
    await editorsOf(second).getByText('No global editors yet.').waitFor();
    await second.close();

    // The editor's dashboard, still open, drops the session without a reload.
    await editor.getByRole('link', { name: 'Owner Stream' }).waitFor({ state: 'detached' });
    await expect(api<SessionDto[]>(editor, 'GET', '/api/sessions')).resolves.toEqual([]);

    await editorsOf(owner).getByRole('button', { name: removeButton }).click();
    await expectToast(owner, 'Failed to remove global editor');
  }, 60_000);

  it('refuses an import to an account that is not approved yet', async () => {
    await app.control('/control/users', { login: 'e2e_fresh', displayName: 'E2E_Fresh' });
    await openSettings(editor, app);
    const results = await searchUser(
      section(editor, 'Ignored Users'),
      'Search users to ignore',
      'e2e_fresh',
    );
    await results.getByText('Not in Database').waitFor();
    await results.getByRole('button', { name: 'Import' }).click();
    await expectToast(editor, 'Failed to import user');
    await results.getByText('Not in Database').waitFor();
  }, 60_000);

  it('takes the language to the next sign-in on another browser, and into the chat', async () => {
    await openSettings(owner, app);
    await owner.getByLabel('Language').selectOption('de');
    await owner.getByRole('heading', { name: 'Einstellungen', level: 1 }).waitFor();
    await expectToast(owner, 'Einstellungen erfolgreich gespeichert');
    await expect(owner.evaluate(() => localStorage.getItem('language'))).resolves.toBe('de');
    await owner.getByRole('switch', { name: 'Sitzungsstatus ankündigen' }).click();
    await waitFor(
      async () =>
        (
          await api<{ announceSessionStatus: boolean; language: string }>(
            owner,
            'GET',
            '/api/settings',
          )
        ).announceSessionStatus,
      { what: 'the announce setting on the server' },
    );

    // Another browser, English in its storage: signing in brings the account's German.
    const elsewhere = await newContext(browser, { language: 'en' });
    const page = await elsewhere.newPage();
    collectPageErrors(page, errors);
    await signInQuickly(page, app, 'demo_streamer');
    await page
      .getByText('Verwalte deine Begrüßungssitzungen und begrüße die Menschen in deinem Chat.')
      .waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('de');
    await elsewhere.close();

    const chat = await readChat(app, 'demo_streamer');
    try {
      const running = (await listSessions(owner)).filter(
        (session) => session.isActive && session.user.username === 'demo_streamer',
      );
      await api(owner, 'POST', '/api/sessions', { name: 'Abendstream', keywords: '[]' });
      // One session per channel: the new one stops the running one, and both are announced.
      const announcements = [
        ...running.map(
          (session) =>
            `Greetboard: Begrüßungssitzung "${session.name}" beendet. Danke fürs Chatten!`,
        ),
        'Greetboard: Begrüßungssitzung "Abendstream" gestartet — sag hallo!',
      ];
      const announced = () => chat.messages.filter((m) => m.startsWith('Greetboard:')).sort();
      await waitFor(() => announced().length >= announcements.length, {
        what: 'the German announcements in chat',
        timeoutMs: 20_000,
      });
      expect(announced()).toEqual(announcements.sort());
    } finally {
      chat.close();
    }
    expect(errors).toEqual([]);
  }, 90_000);
});
