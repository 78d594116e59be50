import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SessionDto } from '@greetboard/contracts/wire';
import {
  api,
  collectPageErrors,
  launchChromium,
  me,
  newContext,
  signInByConsent,
  signInQuickly,
  Standalone,
} from './harness.js';

/** A heading or text only the screen at `path` shows, to know it rendered (not just the URL). */
const SIGNED_OUT_PAGES: [string, string][] = [
  ['/', 'Never miss a chatter again'],
  ['/login', 'Sign in to Greetboard'],
  ['/privacy', 'Privacy Policy'],
  ['/terms', 'Terms of Service'],
  ['/imprint', 'Imprint'],
];

describe('the route table, sign-in errors and the pending account', () => {
  let app: Standalone;
  let browser: Browser;
  let visitor: BrowserContext;
  let admin: BrowserContext;
  let adminPage: Page;
  let session: SessionDto;
  const errors: string[] = [];

  const open = async (context: BrowserContext, path: string) => {
    const page = await context.newPage();
    collectPageErrors(page, errors);
    await page.goto(`${app.origin}${path}`);
    return page;
  };
  const expectPath = async (page: Page, path: string) => {
    await page.waitForURL((url) => url.pathname === path);
    expect(new URL(page.url()).pathname).toBe(path);
  };

  beforeAll(async () => {
    app = await Standalone.start();
    browser = await launchChromium();
    visitor = await newContext(browser);
    admin = await newContext(browser);
    adminPage = await admin.newPage();
    collectPageErrors(adminPage, errors);
    await signInQuickly(adminPage, app, 'demo_streamer');
    session = await api<SessionDto>(adminPage, 'POST', '/api/sessions', {
      name: 'Route Stream',
      keywords: '[]',
    });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('shows the public pages to visitors, each legal page with a way back home', async () => {
    for (const [path, text] of SIGNED_OUT_PAGES) {
      const page = await open(visitor, path);
      await page.getByRole('heading', { name: text }).or(page.getByText(text)).first().waitFor();
      await expectPath(page, path);
      if (['/privacy', '/terms', '/imprint'].includes(path)) {
        await page.getByRole('link', { name: 'Back to home' }).click();
        await expectPath(page, '/');
      }
      await page.close();
    }
  }, 60_000);

  it('sends visitors from signed-in routes to /, from the overlay to /login, and unknown paths to /', async () => {
    const cases: [string, string][] = [
      ['/dashboard', '/'],
      [`/session/${session.id}`, '/'],
      ['/statistics', '/'],
      ['/settings', '/'],
      ['/admin', '/'],
      ['/obs', '/login'],
      [`/obs/${session.id}`, '/login'],
      ['/no/such/page', '/'],
    ];
    for (const [from, to] of cases) {
      const page = await open(visitor, from);
      await expectPath(page, to);
      await page
        .getByRole('button', { name: 'Login with Twitch' })
        .or(page.getByRole('link', { name: 'Login with Twitch' }))
        .first()
        .waitFor();
      await page.close();
    }
  }, 60_000);

  it('shows a spinner while the sign-in check runs', async () => {
    const page = await visitor.newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/auth/me?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.origin}/dashboard`);
    await page.locator('.spinner-page[role="status"]').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    release();
    await expectPath(page, '/');
    await page.close();
  });

  it('sends signed-in users from / and /login to the dashboard and keeps them on their routes', async () => {
    const cases: [string, string, string][] = [
      ['/', '/dashboard', 'Dashboard'],
      ['/login', '/dashboard', 'Dashboard'],
      ['/no/such/page', '/dashboard', 'Dashboard'],
      [`/session/${session.id}`, `/session/${session.id}`, 'Route Stream'],
      ['/statistics', '/statistics', 'Statistics'],
      ['/settings', '/settings', 'Settings'],
      ['/admin', '/admin', 'Admin Panel'],
      ['/privacy', '/privacy', 'Privacy Policy'],
    ];
    for (const [from, to, heading] of cases) {
      const page = await open(admin, from);
      await expectPath(page, to);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await page.close();
    }
    const overlay = await open(admin, `/obs/${session.id}`);
    await overlay.getByRole('heading', { name: /^People To Greet \(\d+\)$/ }).waitFor();
    await expectPath(overlay, `/obs/${session.id}`);
    await expect(
      overlay.getByRole('navigation', { name: 'Main navigation' }).count(),
    ).resolves.toBe(0);
    await overlay.close();

    // The top bar: the Dashboard link stays highlighted on a session page; Admin shows for admins.
    const page = await open(admin, `/session/${session.id}`);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(
      nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'),
    ).resolves.toBe('page');
    await nav.getByRole('link', { name: 'Admin' }).waitFor();
    await page.close();
  }, 60_000);

  it('shows why a sign-in failed on the login page (cancelled on the consent page)', async () => {
    const page = await open(visitor, '/login');
    await page.getByRole('button', { name: 'Login with Twitch' }).click();
    await page.waitForURL((url) => url.pathname === '/oauth2/authorize');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectPath(page, '/login');
    const alert = page.getByRole('alert');
    await alert.getByText('Sign-in failed').waitFor();
    await alert.getByText('Sign-in was cancelled on Twitch.').waitFor();
    await page.close();
  }, 30_000);

  it('shows a pending account its banner and a disabled New Session button until an admin approves it', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    collectPageErrors(page, errors);
    await signInByConsent(page, app, 'e2e_pending');
    const user = await me(page);
    expect(user).toMatchObject({ username: 'e2e_pending', isApproved: false, isAdmin: false });

    const banner = page.getByRole('status').filter({ hasText: 'Account Pending Approval' });
    await banner.waitFor();
    const newSession = page.getByRole('button', { name: 'New Session' });
    await expect(newSession.isDisabled()).resolves.toBe(true);
    await newSession.hover();
    await page
      .getByRole('tooltip')
      .getByText('Account needs approval to create sessions')
      .waitFor();
    await expect(
      page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Admin' })
        .count(),
    ).resolves.toBe(0);

    // The server refuses too, and /admin tells a non-admin why.
    await expect(
      api(page, 'POST', '/api/sessions', { name: 'Nope', keywords: '[]' }),
    ).rejects.toThrow(/403|Account not approved/);
    await page.goto(`${app.origin}/admin`);
    await page.getByText('Access Denied: Admin access required').waitFor();
    await page.goto(`${app.origin}/dashboard`);
    await banner.waitFor();

    // Approval arrives live: a toast, a reload, and the button works.
    await api(adminPage, 'POST', `/api/admin/users/${user.id}/approve`);
    await page
      .getByText('Your account has been approved! You can now start sessions.')
      .first()
      .waitFor();
    await banner.waitFor({ state: 'detached', timeout: 10_000 });
    await page.getByRole('button', { name: 'New Session' }).click();
    await page.getByLabel('Session name').waitFor();
    await context.close();
  }, 60_000);

  it('raised no uncaught errors in any page', () => {
    expect(errors).toEqual([]);
  });
});
