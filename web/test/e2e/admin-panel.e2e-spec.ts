import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { AdminUserDto, ChatterDto, SessionDto } from '@greetboard/contracts/wire';
import { waitFor } from '@greetboard/testing';
import {
  allowConsoleMessages,
  allowConsoleMessagesInFile,
  api,
  collectPageErrors,
  launchChromium,
  me,
  newContext,
  screenshot,
  signInByConsent,
  signInQuickly,
  Standalone,
} from './harness.js';

/**
 * The admin panel in real Chromium against the standalone runtime: every user
 * action and force stop with its toast, the live reactions on the affected users' pages, and
 * each failure toast produced by a real failure (a second admin demoted meanwhile, the last
 * admin, a session deleted by its owner first).
 */
describe('the admin panel', () => {
  let app: Standalone;
  let browser: Browser;
  let admin: Page;
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];

  const signedIn = async (login: string, consent = false): Promise<Page> => {
    const context = await newContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    collectPageErrors(page, errors);
    if (consent) {
      await signInByConsent(page, app, login);
    } else {
      // A Twitch account of that login first (409 when it already exists).
      await app.control('/control/users', { login }).catch(() => undefined);
      await signInQuickly(page, app, login);
    }
    return page;
  };
  const users = () => api<AdminUserDto[]>(admin, 'GET', '/api/admin/users');
  const userNamed = async (login: string) =>
    (await users()).find((user) => user.username === login) as AdminUserDto;
  const row = (page: Page, login: string) => page.locator(`tr[data-username="${login}"]`);
  const openTab = async (page: Page, name: string) => {
    await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  };
  const openAdmin = async (page: Page, tab: string) => {
    await page.goto(`${app.origin}/admin`);
    await page.getByRole('heading', { name: 'Admin Panel' }).waitFor();
    await openTab(page, tab);
  };
  /**
   * A page whose login session an admin ends (reject, force logout, delete) may have a request
   * under way, or start one before the socket's close reaches it: the server refuses it with 401
   * (Chromium logs the refusal) and the page signs out, which the tests check. The refusal of a
   * request sent from the dashboard can arrive after the page moved to / (Chromium names the
   * page's address when it logs), so each such test closes the page before it ends: a refusal
   * logged later would fail the next test.
   */
  const SIGNED_OUT_PAGE_REFUSED = /on http:\/\/[^ /]+\/(dashboard)?: .*status of 401/;
  const closeSignedOut = (page: Page) => page.context().close();
  const toast = (page: Page, text: string) =>
    page.getByText(text, { exact: true }).first().waitFor();
  const confirmIn = (page: Page, label: string) =>
    page.getByRole('dialog').getByRole('button', { name: label }).click();

  beforeAll(async () => {
    // The failure paths below make the server refuse for real; Chromium logs each refusal.
    allowConsoleMessagesInFile(/the server responded with a status of 40[349]/);
    app = await Standalone.start();
    browser = await launchChromium();
    admin = await signedIn('demo_streamer');
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows a first sign-in to the open admin page live; approving reaches the user live', async () => {
    await openAdmin(admin, 'Users');
    await row(admin, 'demo_streamer').waitFor();
    const waiting = await signedIn('e2e_waiting', true);
    await waiting.getByText('Account Pending Approval').first().waitFor();

    // No reload on the admin page: the count and the row arrive over the live channel.
    await admin.getByTestId('admin-nav-pending').filter({ hasText: '1' }).waitFor();
    await admin.getByTestId('users-tab-pending').filter({ hasText: '1 waiting' }).waitFor();
    await toast(admin, 'e2e_waiting signed in and is waiting for approval');
    const waitingRow = row(admin, 'e2e_waiting');
    await waitingRow.getByText('Pending').waitFor();

    await waitingRow.getByRole('button', { name: 'Approve' }).click();
    await toast(admin, 'User "e2e_waiting" approved successfully');
    await toast(waiting, 'Your account has been approved! You can now start sessions.');
    await waitingRow.getByText('Approved').waitFor();
    await admin.getByTestId('admin-nav-pending').waitFor({ state: 'detached' });
    expect(await userNamed('e2e_waiting')).toMatchObject({ isApproved: true, isAdmin: false });
  }, 90_000);

  it('rejects, promotes and demotes, each with its toast', async () => {
    const rejected = await signedIn('e2e_rejected');
    allowConsoleMessages(SIGNED_OUT_PAGE_REFUSED);
    const id = (await me(rejected)).id;
    await api(admin, 'POST', `/api/admin/users/${id}/approve`);
    // An approval reloads the user's page: reject once it has (a pending user sees a banner).
    await rejected.getByText('Account Pending Approval').waitFor({ state: 'detached' });
    await openAdmin(admin, 'Users');

    await row(admin, 'e2e_rejected').getByRole('button', { name: 'Reject' }).click();
    await toast(admin, 'User "e2e_rejected" rejected successfully');
    // The rejected user reads the spec's toast for its 4 s, then is signed out to /.
    await toast(rejected, 'Your account has been rejected.');
    const toastShown = Date.now();
    await screenshot(rejected, 'admin-rejected-user-toast', false);
    await rejected.waitForTimeout(Math.max(0, 3000 - (Date.now() - toastShown)));
    await expect(
      rejected.getByText('Your account has been rejected.', { exact: true }).isVisible(),
    ).resolves.toBe(true);
    await rejected.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await rejected.getByRole('link', { name: 'Login with Twitch' }).first().waitFor();
    expect(await userNamed('e2e_rejected')).toMatchObject({ isApproved: false });

    const target = row(admin, 'e2e_waiting');
    await target.getByRole('button', { name: 'Promote' }).click();
    await toast(admin, 'User "e2e_waiting" promoted to admin successfully');
    await target.getByRole('button', { name: 'Demote' }).waitFor();
    expect(await userNamed('e2e_waiting')).toMatchObject({ isAdmin: true });
    await target.getByRole('button', { name: 'Demote' }).click();
    await toast(admin, 'User "e2e_waiting" demoted from admin successfully');
    await target.getByRole('button', { name: 'Promote' }).waitFor();
    expect(await userNamed('e2e_waiting')).toMatchObject({ isAdmin: false });
    await closeSignedOut(rejected);
  }, 90_000);

  it('forces a logout after confirmation: the open page is signed out and its socket closed', async () => {
    const target = await signedIn('e2e_logout');
    allowConsoleMessages(SIGNED_OUT_PAGE_REFUSED);
    const closed: number[] = [];
    target.on('websocket', (socket) => socket.on('close', () => closed.push(Date.now())));
    await target.reload();
    await target.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await waitFor(() => target.evaluate(() => document.readyState === 'complete'));
    await openAdmin(admin, 'Users');

    await row(admin, 'e2e_logout').getByRole('button', { name: 'Force logout' }).click();
    await admin.getByRole('dialog').getByText('Sign e2e_logout out everywhere?').waitFor();
    await confirmIn(admin, 'Force logout');
    await toast(admin, 'User "e2e_logout" logged out successfully');

    await target.waitForURL(`${app.origin}/`);
    await waitFor(() => closed.length > 0, { what: 'the live socket to close' });
    const answer = await target.request.get(`${app.origin}/auth/me`);
    expect(answer.status()).toBe(401);
    await closeSignedOut(target);
  }, 90_000);

  it('deletes a user after confirmation, with their sessions and chatters', async () => {
    const doomed = await signedIn('e2e_deleted');
    allowConsoleMessages(SIGNED_OUT_PAGE_REFUSED);
    const id = (await me(doomed)).id;
    await api(admin, 'POST', `/api/admin/users/${id}/approve`);
    const session = await api<SessionDto>(doomed, 'POST', '/api/sessions', {
      name: 'Doomed Stream',
      keywords: '[]',
    });
    await waitFor(
      async () => {
        const response = await fetch(`${app.emulatorUrl}/control/clients`);
        const clients = (await response.json()) as { data: { channels: string[] }[] };
        return clients.data.some((client) => client.channels.includes('e2e_deleted'));
      },
      { timeoutMs: 20_000, what: 'chat-ingest to join #e2e_deleted' },
    );
    await app.control('/control/channels/e2e_deleted/messages', {
      messages: [
        { login: 'viewer_one', text: 'hello there' },
        { login: 'viewer_two', text: 'hi all' },
      ],
    });
    await waitFor(
      async () =>
        (await api<ChatterDto[]>(doomed, 'GET', `/api/sessions/${session.id}/chatters`)).length >=
        2,
      { timeoutMs: 20_000, what: 'the chatters of the doomed session' },
    );
    await openAdmin(admin, 'Users');

    await row(admin, 'e2e_deleted').getByRole('button', { name: 'Delete' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByText('1 session', { exact: true }).waitFor();
    await dialog.getByText(/^\d+ chatters$/).waitFor();
    await confirmIn(admin, 'Delete');
    await toast(admin, 'User "e2e_deleted" deleted successfully');
    await row(admin, 'e2e_deleted').waitFor({ state: 'detached' });

    expect(await userNamed('e2e_deleted')).toBeUndefined();
    // Deleting ends the account's login sessions: its open page is signed out.
    await doomed.waitForURL((url) => url.pathname === '/');
    await waitFor(
      async () => {
        const sessions = await api<SessionDto[]>(admin, 'GET', '/api/admin/sessions');
        return !sessions.some((s) => s.id === session.id);
      },
      { what: "the deleted user's session to be gone" },
    );
    const chatters = await admin.request.get(`${app.origin}/api/sessions/${session.id}/chatters`);
    expect(chatters.status()).toBe(404);
    await closeSignedOut(doomed);
  }, 90_000);

  it("force-stops a session another user's dashboard shows; a session deleted first fails", async () => {
    const streamer = await signedIn('e2e_streamer');
    await api(admin, 'POST', `/api/admin/users/${(await me(streamer)).id}/approve`);
    const watched = await api<SessionDto>(streamer, 'POST', '/api/sessions', {
      name: 'Watched Stream',
      keywords: '[]',
    });
    await streamer.goto(`${app.origin}/dashboard`);
    const panel = streamer.locator('[aria-labelledby="chatters-heading"]');
    await streamer.locator('#chatters-heading').filter({ hasText: 'Watched Stream' }).waitFor();
    await panel.getByText('Active', { exact: true }).waitFor();
    await openAdmin(admin, 'Sessions');

    const watchedRow = admin.locator(`tr[data-session-id="${watched.id}"]`);
    await watchedRow.getByRole('button', { name: 'Force stop' }).click();
    await admin
      .getByRole('dialog')
      .getByText(/Stop "Watched Stream" of e2e_streamer now\?/)
      .waitFor();
    await confirmIn(admin, 'Force stop');
    await toast(admin, 'Session "Watched Stream" force stopped successfully');
    // The owner's dashboard learns of it live.
    await panel.getByText('Inactive', { exact: true }).waitFor();
    await watchedRow.getByRole('button', { name: 'Force stop' }).waitFor({ state: 'detached' });

    // The owner deletes a session while the admin's table still shows it.
    const gone = await api<SessionDto>(streamer, 'POST', '/api/sessions', {
      name: 'Vanishing Stream',
      keywords: '[]',
    });
    await openAdmin(admin, 'Sessions');
    const goneRow = admin.locator(`tr[data-session-id="${gone.id}"]`);
    await goneRow.getByRole('button', { name: 'Force stop' }).waitFor();
    await api(streamer, 'DELETE', `/api/sessions/${gone.id}`);
    await goneRow.getByRole('button', { name: 'Force stop' }).click();
    await confirmIn(admin, 'Force stop');
    await toast(admin, 'Failed to force stop session: this session no longer exists.');
  }, 90_000);

  it("shows every user action's failure toast for a second admin demoted meanwhile", async () => {
    const second = await signedIn('e2e_second_admin');
    await api(admin, 'POST', `/api/admin/users/${(await me(second)).id}/promote`);
    await signedIn('e2e_late');
    await openAdmin(second, 'Users');
    await row(second, 'e2e_late').waitFor();
    await api(admin, 'POST', `/api/admin/users/${(await me(second)).id}/demote`);

    const late = row(second, 'e2e_late');
    const failures: [() => Promise<void>, string][] = [
      [() => late.getByRole('button', { name: 'Approve' }).click(), 'Failed to approve user'],
      [
        () => late.getByRole('button', { name: 'Promote' }).click(),
        'Failed to promote user to admin',
      ],
      [
        async () => {
          await late.getByRole('button', { name: 'Force logout' }).click();
          await confirmIn(second, 'Force logout');
        },
        'Failed to force logout user',
      ],
      [
        async () => {
          await late.getByRole('button', { name: 'Delete' }).click();
          await confirmIn(second, 'Delete');
        },
        'Failed to delete user',
      ],
      [
        () => row(second, 'demo_streamer').getByRole('button', { name: 'Reject' }).click(),
        'Failed to reject user',
      ],
      [
        () => row(second, 'demo_streamer').getByRole('button', { name: 'Demote' }).click(),
        'Failed to demote user from admin',
      ],
    ];
    for (const [act, failure] of failures) {
      await act();
      await toast(second, `${failure}: you are no longer an admin.`);
    }
    expect(await userNamed('e2e_late')).toMatchObject({ isApproved: false, isAdmin: false });
    expect(await userNamed('demo_streamer')).toMatchObject({ isApproved: true, isAdmin: true });
  }, 120_000);

  it('explains that the last admin cannot be demoted or deleted', async () => {
    await openAdmin(admin, 'Users');
    const own = row(admin, 'demo_streamer');
    await own.getByRole('button', { name: 'Demote' }).click();
    await toast(
      admin,
      'Failed to demote user from admin: the last admin cannot be demoted or deleted.',
    );
    await own.getByRole('button', { name: 'Delete' }).click();
    await confirmIn(admin, 'Delete');
    await toast(admin, 'Failed to delete user: the last admin cannot be demoted or deleted.');
    expect(await me(admin)).toMatchObject({ isAdmin: true });
    expect(errors).toEqual([]);
  }, 60_000);
});
