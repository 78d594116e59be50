import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  DOMAIN_EVENTS,
  STREAMS,
  type UserChanged,
  type UserDeleted,
  type UserDto,
} from '@greetboard/contracts';
import { waitFor } from '@greetboard/testing';
import { createDurableStreams, type StreamConsumer } from '@greetboard/transport';
import {
  endedSessions,
  liveEvents,
  startAuthStack,
  userDataCounts,
  type AuthStack,
} from './auth-stack.js';
import { signedInBrowser, type Browser } from './sign-in-client.js';

async function meOf(stack: AuthStack, browser: Browser): Promise<UserDto> {
  return (await browser.api(stack.url, 'GET', '/auth/me')).body as UserDto;
}

describe('approval, roles, account deletion and bad input', () => {
  let stack: AuthStack;
  let admin: Browser;
  let consumer: StreamConsumer;
  const domainEvents: { subject: string; data: UserChanged | UserDeleted }[] = [];

  beforeAll(async () => {
    stack = await startAuthStack({ adminLogins: ['only_admin'] });
    const streams = await createDurableStreams(stack.transport);
    consumer = await streams.consume<UserChanged | UserDeleted>(
      { stream: STREAMS.domainEvents.name, durable: 'account-lifecycle-test' },
      (batch) => {
        for (const message of batch) domainEvents.push(message);
        return Promise.resolve();
      },
    );
    admin = await signedInBrowser(stack, 'only_admin');
  });

  afterAll(async () => {
    await consumer.stop();
    await stack.close();
  });

  it('publishes a full UserChanged snapshot when a user signs in', async () => {
    const browser = await signedInBrowser(stack, 'snapshot_user');
    const me = await meOf(stack, browser);
    const event = await waitFor(() =>
      domainEvents.find(
        (e) => e.subject === DOMAIN_EVENTS.userChanged.subject && e.data.id === me.id,
      ),
    );
    expect(event.data).toEqual({ ...me, updatedAt: expect.stringMatching(/Z$/) });
  });

  it('approves a pending user and tells their open pages', async () => {
    const browser = await signedInBrowser(stack, 'waiting_user');
    const me = await meOf(stack, browser);
    expect(me.isApproved).toBe(false);
    await admin.api(stack.url, 'POST', `/api/admin/users/${me.id}/approve`);
    expect((await meOf(stack, browser)).isApproved).toBe(true);
    expect(liveEvents).toContainEqual({
      userIds: [me.id],
      type: 'user_approved',
      payload: { message: 'Your account has been approved! You can now start sessions.' },
    });
  });

  it('rejects a user: their pages are told and every session ends at once', async () => {
    const browser = await signedInBrowser(stack, 'rejected_user');
    const me = await meOf(stack, browser);
    await admin.api(stack.url, 'POST', `/api/admin/users/${me.id}/approve`);
    const answer = await admin.api(stack.url, 'POST', `/api/admin/users/${me.id}/reject`);
    expect(answer.status).toBe(200);
    expect((await browser.api(stack.url, 'GET', '/auth/me')).status).toBe(401);
    expect(liveEvents).toContainEqual({
      userIds: [me.id],
      type: 'user_rejected',
      payload: { message: 'Your account has been rejected.' },
    });
    await waitFor(() => endedSessions.some((e) => e.userId === me.id && e.reason === 'rejected'));
  });

  it('never demotes or deletes the last admin', async () => {
    const me = await meOf(stack, admin);
    const refused = {
      status: 409,
      body: {
        error: 'An admin cannot demote, reject or delete the last admin.',
        code: 'LAST_ADMIN',
      },
    };
    expect(await admin.api(stack.url, 'POST', `/api/admin/users/${me.id}/demote`)).toEqual(refused);
    expect(await admin.api(stack.url, 'DELETE', `/api/admin/users/${me.id}`)).toEqual(refused);
    expect((await meOf(stack, admin)).isAdmin).toBe(true);

    // With a second admin, demoting the first works.
    const second = await signedInBrowser(stack, 'second_admin');
    const secondMe = await meOf(stack, second);
    await admin.api(stack.url, 'POST', `/api/admin/users/${secondMe.id}/promote`);
    expect((await second.api(stack.url, 'POST', `/api/admin/users/${me.id}/demote`)).status).toBe(
      200,
    );
    expect((await admin.api(stack.url, 'GET', '/api/admin/users')).status).toBe(403);
    expect((await second.api(stack.url, 'POST', `/api/admin/users/${me.id}/promote`)).status).toBe(
      200,
    );
  });

  it('answers 404 for an admin action on an unknown user', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await admin.api(stack.url, 'POST', `/api/admin/users/${unknown}/approve`)).toEqual({
      status: 404,
      body: { error: 'User not found.', code: 'USER_NOT_FOUND' },
    });
  });

  it('lists users for admins with their session and chatter counts', async () => {
    const browser = await signedInBrowser(stack, 'counted_user');
    const me = await meOf(stack, browser);
    userDataCounts.set(me.id, { sessions: 2, chatters: 17 });
    const list = (await admin.api(stack.url, 'GET', '/api/admin/users')).body as {
      id: string;
      _count: unknown;
    }[];
    expect(list.find((user) => user.id === me.id)?._count).toEqual({ sessions: 2, chatters: 17 });
  });

  it('deletes an account with the real counts, logs the user out and tells the other services', async () => {
    const browser = await signedInBrowser(stack, 'leaving_user');
    const me = await meOf(stack, browser);
    await browser.api(stack.url, 'PUT', '/api/settings', { theme: 'light' });
    userDataCounts.set(me.id, { sessions: 3, chatters: 42 });
    const cookie = browser.cookieHeader();
    expect(await browser.api(stack.url, 'DELETE', '/api/account')).toEqual({
      status: 200,
      body: { success: true, deletedData: { sessions: 3, chatters: 42 } },
    });
    const replay = await fetch(`${stack.url}/auth/me`, { headers: { Cookie: cookie } });
    expect(replay.status).toBe(401);
    for (const table of ['users', 'user_settings', 'twitch_tokens']) {
      const column = table === 'users' ? 'id' : 'user_id';
      const rows = await stack.db.query(`SELECT 1 FROM auth.${table} WHERE ${column} = $1`, [
        me.id,
      ]);
      expect(rows.rowCount).toBe(0);
    }
    await waitFor(() =>
      domainEvents.some(
        (e) => e.subject === DOMAIN_EVENTS.userDeleted.subject && e.data.id === me.id,
      ),
    );
    await waitFor(() => endedSessions.some((e) => e.userId === me.id && e.reason === 'deleted'));
    // The Twitch token was revoked: it no longer validates.
    const [access] = stack.issuedTokens.slice(-2);
    const validate = await fetch(`${stack.emulator.httpUrl}/oauth2/validate`, {
      headers: { Authorization: `OAuth ${access}` },
    });
    expect(validate.status).toBe(401);
  });

  describe('bad input gets a 400 with a code and changes nothing', () => {
    let browser: Browser;
    let before: unknown;

    beforeAll(async () => {
      browser = await signedInBrowser(stack, 'careless_user');
      await browser.api(stack.url, 'PUT', '/api/settings', { language: 'de' });
      before = (await browser.api(stack.url, 'GET', '/api/settings')).body;
    });

    it.each([
      ['a wrong type', { soundNotifications: 'yes' }, 'soundNotifications'],
      ['an unknown field', { fontSize: 12 }, 'fontSize'],
      ['an unknown language', { language: 'it' }, 'language'],
      ['an unknown theme', { theme: 'sepia' }, 'theme'],
      ['an oversized string', { defaultKeywords: `["${'x'.repeat(7000)}"]` }, 'defaultKeywords'],
      ['keywords that are not a list', { defaultKeywords: '{"a":1}' }, 'defaultKeywords'],
      [
        'too long a keyword',
        { defaultKeywords: JSON.stringify(['k'.repeat(101)]) },
        'defaultKeywords',
      ],
    ])('PUT /api/settings with %s', async (_label, body, field) => {
      const answer = await browser.api(stack.url, 'PUT', '/api/settings', body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: expect.arrayContaining([expect.objectContaining({ field })]),
      });
      expect((await browser.api(stack.url, 'GET', '/api/settings')).body).toEqual(before);
    });

    it('names the allowed languages in the error', async () => {
      const answer = await browser.api(stack.url, 'PUT', '/api/settings', { language: 'xx' });
      expect(JSON.stringify(answer.body)).toContain('language must be one of: en, de, es, fr');
    });

    it('refuses malformed JSON', async () => {
      const response = await browser.fetch(`${stack.url}/api/settings`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Origin: stack.url },
        body: '{"theme":',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect((await browser.api(stack.url, 'GET', '/api/settings')).body).toEqual(before);
    });

    it('refuses an invalid UUID in an admin path', async () => {
      const answer = await admin.api(stack.url, 'POST', '/api/admin/users/not-a-uuid/approve');
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it.each([
      ['a login with spaces inside', 'bad login'],
      ['an oversized login', 'x'.repeat(26)],
      ['a missing login', undefined],
    ])('refuses a user search with %s', async (_label, username) => {
      const query = username === undefined ? '' : `?username=${encodeURIComponent(username)}`;
      const answer = await browser.api(stack.url, 'GET', `/api/twitch/search-user${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('refuses an import with extra fields and creates nothing', async () => {
      const answer = await admin.api(stack.url, 'POST', '/api/twitch/import-user', {
        username: 'never_imported',
        isAdmin: true,
      });
      expect(answer.status).toBe(400);
      const rows = await stack.db.query(
        `SELECT 1 FROM auth.users WHERE username = 'never_imported'`,
      );
      expect(rows.rowCount).toBe(0);
    });
  });

  describe('user search and import', () => {
    it('finds a Twitch user who is not in the database, and imports them as pending', async () => {
      const created = await fetch(`${stack.emulator.httpUrl}/control/users`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ login: 'only_on_twitch', displayName: 'Only_On_Twitch' }),
      });
      expect(created.status).toBe(201);
      const search = await admin.api(
        stack.url,
        'GET',
        '/api/twitch/search-user?username=only_on_twitch',
      );
      expect(search.body).toEqual({
        found: true,
        inDatabase: false,
        user: null,
        twitchUser: {
          twitchId: expect.stringMatching(/^\d+$/),
          username: 'only_on_twitch',
          displayName: 'Only_On_Twitch',
          profileImage: expect.stringContaining('only_on_twitch'),
          isApproved: false,
        },
      });
      const imported = await admin.api(stack.url, 'POST', '/api/twitch/import-user', {
        username: 'only_on_twitch',
      });
      expect(imported).toEqual({
        status: 201,
        body: {
          message: 'User imported successfully',
          user: expect.objectContaining({ username: 'only_on_twitch', isApproved: false }),
        },
      });
      const again = await admin.api(stack.url, 'POST', '/api/twitch/import-user', {
        username: 'only_on_twitch',
      });
      expect(again.status).toBe(409);
    });

    it('answers found: false for a login nobody has', async () => {
      const search = await admin.api(
        stack.url,
        'GET',
        '/api/twitch/search-user?username=nobody_here',
      );
      expect(search).toEqual({
        status: 200,
        body: { found: false, inDatabase: false, user: null, twitchUser: null },
      });
      const imported = await admin.api(stack.url, 'POST', '/api/twitch/import-user', {
        username: 'nobody_here',
      });
      expect(imported).toEqual({
        status: 404,
        body: { error: 'User not found on Twitch.', code: 'USER_NOT_FOUND' },
      });
    });

    it('imports an account created on Twitch right after a search found nothing', async () => {
      const before = await admin.api(
        stack.url,
        'GET',
        '/api/twitch/search-user?username=just_joined',
      );
      expect(before.body).toMatchObject({ found: false });
      stack.emulator.state.users.create({ login: 'just_joined' });
      const imported = await admin.api(stack.url, 'POST', '/api/twitch/import-user', {
        username: 'just_joined',
      });
      expect(imported).toEqual({
        status: 201,
        body: {
          message: 'User imported successfully',
          user: expect.objectContaining({ username: 'just_joined', isApproved: false }),
        },
      });
    });
  });
});
