import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { UserDto } from '@greetboard/contracts';
import {
  DEEP_ARRAY,
  propertyParameters,
  requests,
  send,
  type PropertyRoute,
} from '@greetboard/testing';
import { startAuthStack, type AuthStack } from './auth-stack.js';
import { signedInBrowser, type Browser } from './sign-in-client.js';

const LAST_ADMIN = {
  status: 409,
  body: { error: 'An admin cannot demote, reject or delete the last admin.', code: 'LAST_ADMIN' },
};

async function meOf(stack: AuthStack, browser: Browser): Promise<UserDto> {
  return (await browser.api(stack.url, 'GET', '/auth/me')).body as UserDto;
}

/** What auth stores that a request could change: users, their roles and their settings. */
async function authRows(stack: AuthStack): Promise<unknown> {
  const { rows } = await stack.db.query(
    `SELECT
       (SELECT json_agg(json_build_array(id, username, is_approved, is_admin) ORDER BY id)
          FROM auth.users) AS users,
       (SELECT json_agg(s ORDER BY s.user_id) FROM auth.user_settings s) AS settings`,
  );
  return rows[0];
}

/** Rejection, the last admin, bad input and caching on the auth routes. */
describe('accounts: a rejected admin, the last admin, bad input, caching', () => {
  let stack: AuthStack;
  let admin: Browser;

  beforeAll(async () => {
    stack = await startAuthStack({ adminLogins: ['only_admin'] });
    admin = await signedInBrowser(stack, 'only_admin');
  });

  afterAll(async () => {
    await stack.close();
  });

  it('rejecting an admin ends their admin rights: they cannot approve themselves', async () => {
    const browser = await signedInBrowser(stack, 'promoted_then_rejected');
    const me = await meOf(stack, browser);
    await admin.api(stack.url, 'POST', `/api/admin/users/${me.id}/promote`);
    const rejected = await admin.api(stack.url, 'POST', `/api/admin/users/${me.id}/reject`);
    expect(rejected.body).toMatchObject({ user: { isApproved: false, isAdmin: false } });
    // Their login sessions ended; signed in again they are a pending user without rights.
    expect((await browser.api(stack.url, 'GET', '/auth/me')).status).toBe(401);
    const again = await signedInBrowser(stack, 'promoted_then_rejected');
    expect(await again.api(stack.url, 'POST', `/api/admin/users/${me.id}/approve`)).toEqual({
      status: 403,
      body: { error: 'Admin access required', code: 'ADMIN_REQUIRED' },
    });
    expect(await meOf(stack, again)).toMatchObject({ isApproved: false, isAdmin: false });
  });

  it('refuses bad settings with a 400 and changes nothing', async () => {
    const before = await authRows(stack);
    for (const field of [
      'soundNotifications',
      'autoStartSessions',
      'obsMode',
      'announceSessionStatus',
      'theme',
      'defaultKeywords',
      'language',
    ]) {
      const answer = await admin.api(stack.url, 'PUT', '/api/settings', { [field]: null });
      expect({ field, status: answer.status }).toEqual({ field, status: 400 });
    }
    const nul = await admin.api(stack.url, 'PUT', '/api/settings', {
      defaultKeywords: '["a\u0000"]',
    });
    expect(nul.status).toBe(400);
    for (const [method, path] of [
      ['PUT', '/api/settings'],
      ['POST', '/api/twitch/import-user'],
    ] as const) {
      const response = await admin.fetch(`${stack.url}${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Origin: stack.url },
        body: DEEP_ARRAY,
      });
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
    }
    expect(await authRows(stack)).toEqual(before);
  });

  it('marks user-specific answers not to be stored by any cache', async () => {
    for (const path of ['/auth/me', '/api/settings', '/api/admin/users', '/api/nothing-here']) {
      const response = await admin.fetch(`${stack.url}${path}`);
      expect({ path, cache: response.headers.get('cache-control') }).toEqual({
        path,
        cache: 'no-store',
      });
    }
  });

  it('the last admin cannot reject themselves, but may delete their own account', async () => {
    const me = await meOf(stack, admin);
    expect(await admin.api(stack.url, 'POST', `/api/admin/users/${me.id}/reject`)).toEqual(
      LAST_ADMIN,
    );
    expect(await meOf(stack, admin)).toMatchObject({ isApproved: true, isAdmin: true });
    const deleted = await admin.api(stack.url, 'DELETE', '/api/account');
    expect(deleted.status).toBe(200);
    expect((await stack.db.query(`SELECT 1 FROM auth.users WHERE is_admin`)).rowCount).toBe(0);
    // ADMIN_TWITCH_LOGINS (or the promote-admin command) restores an admin.
    admin = await signedInBrowser(stack, 'only_admin');
    expect(await meOf(stack, admin)).toMatchObject({ isApproved: true, isAdmin: true });
  });

  it('answers generated requests to every auth route without a 5xx, changing nothing unless 2xx', async () => {
    const pending = await meOf(stack, await signedInBrowser(stack, 'fuzz_target'));
    const routes: PropertyRoute[] = [
      { method: 'GET', path: '/auth/me' },
      { method: 'GET', path: '/api/settings' },
      { method: 'PUT', path: '/api/settings' },
      { method: 'GET', path: '/api/twitch/search-user' },
      { method: 'POST', path: '/api/twitch/import-user' },
      { method: 'GET', path: '/api/app-info' },
      { method: 'GET', path: '/api/admin/users' },
      { method: 'POST', path: '/api/admin/users/:id/approve' },
      { method: 'POST', path: '/api/admin/users/:id/promote' },
      { method: 'POST', path: '/api/admin/users/:id/demote' },
      { method: 'POST', path: '/api/admin/users/:id/reject' },
      { method: 'GET', path: '/api/admin/users/:id' },
      { method: 'PATCH', path: '/api/settings' },
    ];
    const cookie = `greetboard_session=${admin.cookies.get('greetboard_session') ?? ''}`;
    await fc.assert(
      fc.asyncProperty(requests(routes, [pending.id]), async (request) => {
        const before = await authRows(stack);
        const status = await send(stack.url, request, { cookie, origin: stack.url });
        expect(status).toBeLessThan(500);
        if (status < 200 || status >= 300) expect(await authRows(stack)).toEqual(before);
      }),
      propertyParameters(),
    );
  }, 300_000);
});
