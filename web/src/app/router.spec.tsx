/** @jest-environment ./web/test/jsdom-environment.js */
import type { UserDto } from '@greetboard/contracts/wire';
import { afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { cleanup, screen } from '@testing-library/react';
import { renderWithApp, setUpI18n } from '../../test/unit/test-utils';
import { AppRoutes } from './router';

const streamer: UserDto = {
  id: 'u1',
  username: 'streamer',
  displayName: 'Streamer',
  profileImage: null,
  twitchId: 't1',
  isApproved: true,
  isAdmin: false,
};

const defaultFetch = globalThis.fetch;

/** The API as far as routing needs it: /auth/me answers the user or 401. */
function serveMe(user: UserDto | null) {
  globalThis.fetch = (input: RequestInfo | URL) => {
    const url = (input instanceof Request ? input.url : String(input)).split('?')[0];
    const body = url.endsWith('/auth/me') && user ? user : { message: 'Unauthorized' };
    const status = url.endsWith('/auth/me') && user ? 200 : url.endsWith('/auth/me') ? 401 : 404;
    return Promise.resolve(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  };
}

describe('routes', () => {
  beforeAll(setUpI18n);
  afterEach(() => {
    cleanup();
    globalThis.fetch = defaultFetch;
  });

  it('sends a signed-out visitor from a signed-in route to the landing page', async () => {
    serveMe(null);
    renderWithApp(<AppRoutes />, { route: '/dashboard' });
    expect(
      await screen.findAllByText('Screenshot Coming Soon', {}, { timeout: 3000 }),
    ).toHaveLength(2);
    expect(
      screen.getAllByRole('link', { name: 'Login with Twitch' })[0]?.getAttribute('href'),
    ).toBe('/login');
  });

  it('sends an unknown path to /', async () => {
    serveMe(null);
    renderWithApp(<AppRoutes />, { route: '/no/such/page' });
    expect(
      await screen.findAllByText('Screenshot Coming Soon', {}, { timeout: 3000 }),
    ).toHaveLength(2);
  });

  it('denies /admin to a signed-in non-admin', async () => {
    serveMe(streamer);
    renderWithApp(<AppRoutes />, { route: '/admin' });
    expect(
      await screen.findByText('Access Denied: Admin access required', {}, { timeout: 3000 }),
    ).toBeTruthy();
  });

  it('sends a signed-in user from /login to the dashboard', async () => {
    serveMe(streamer);
    renderWithApp(<AppRoutes />, { route: '/login' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 3000 }),
    ).toBeTruthy();
  });
});
