import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebSocket } from 'ws';
import type { UserDto } from '@greetboard/contracts';
import { startAuthStack, type AuthStack } from './auth-stack.js';
import { Browser, signedInBrowser } from './sign-in-client.js';

/** What /api/app-info answers everyone outside demo mode: emote images from Twitch's CDN. */
const APP_INFO = {
  version: '1.0.0',
  commit: '',
  demoMode: false,
  emoteUrlTemplate: 'https://static-cdn.jtvnw.net/emoticons/v2/{id}/default/{theme}/1.0',
};

type Role = 'visitor' | 'pending' | 'approved' | 'admin';
const ROLES: Role[] = ['visitor', 'pending', 'approved', 'admin'];

interface Answer {
  status: number;
  body: unknown;
}

const UNAUTHENTICATED: Answer = {
  status: 401,
  body: { error: 'You are not authorized to perform this action.', code: 'UNAUTHENTICATED' },
};
const ADMIN_REQUIRED: Answer = {
  status: 403,
  body: { error: 'Admin access required', code: 'ADMIN_REQUIRED' },
};
const NOT_APPROVED: Answer = {
  status: 403,
  body: { error: 'Account not approved', code: 'ACCOUNT_NOT_APPROVED' },
};
const DEFAULT_SETTINGS = {
  soundNotifications: false,
  autoStartSessions: false,
  obsMode: false,
  announceSessionStatus: false,
  theme: 'dark',
  defaultKeywords: '[]',
  language: 'en',
  autoStartGraceMinutes: 10,
};
const UUID = expect.stringMatching(/^[0-9a-f-]{36}$/);

function userShape(username: string, flags: { isApproved: boolean; isAdmin: boolean }) {
  return {
    id: UUID,
    username,
    displayName: username,
    profileImage: expect.stringContaining(`/emulator/avatars/${username}.svg`),
    twitchId: expect.stringMatching(/^\d+$/),
    ...flags,
  };
}

interface Context {
  stack: AuthStack;
  me: Record<Role, UserDto | undefined>;
  browsers: Record<Role, Browser>;
  /** A user to act on, per role and action, so the rows do not depend on each other. */
  target(role: Role, action: string): Promise<UserDto>;
}

interface Row {
  method: string;
  path: (ctx: Context, role: Role) => Promise<string> | string;
  body?: unknown;
  /** A browser of its own for the role (for routes that end the caller's session). */
  ownBrowser?: boolean;
  expected: Record<Role, (ctx: Context, role: Role) => Answer>;
}

const only = (answer: Answer) => () => answer;
const signedIn = (answer: (ctx: Context, role: Role) => Answer) => ({
  visitor: only(UNAUTHENTICATED),
  pending: answer,
  approved: answer,
  admin: answer,
});
const adminOnly = (answer: (ctx: Context, role: Role) => Answer) => ({
  visitor: only(UNAUTHENTICATED),
  pending: only(ADMIN_REQUIRED),
  approved: only(ADMIN_REQUIRED),
  admin: answer,
});
const adminAction = (action: string, flags: { isApproved: boolean; isAdmin: boolean }): Row => ({
  method: 'POST',
  path: async (ctx, role) => `/api/admin/users/${(await ctx.target(role, action)).id}/${action}`,
  expected: adminOnly(() => ({
    status: 200,
    body: { success: true, user: userShape('target_admin_' + action.replace('-', '_'), flags) },
  })),
});

const ROUTES: Record<string, Row> = {
  'GET /auth/me': {
    method: 'GET',
    path: () => '/auth/me',
    expected: signedIn((ctx, role) => ({ status: 200, body: ctx.me[role] })),
  },
  'POST /auth/logout': {
    method: 'POST',
    path: () => '/auth/logout',
    ownBrowser: true,
    expected: {
      visitor: only({ status: 200, body: { success: true } }),
      pending: only({ status: 200, body: { success: true } }),
      approved: only({ status: 200, body: { success: true } }),
      admin: only({ status: 200, body: { success: true } }),
    },
  },
  'POST /auth/logout-everywhere': {
    method: 'POST',
    path: () => '/auth/logout-everywhere',
    ownBrowser: true,
    expected: signedIn(() => ({ status: 200, body: { success: true } })),
  },
  'GET /api/settings': {
    method: 'GET',
    path: () => '/api/settings',
    expected: signedIn(() => ({ status: 200, body: DEFAULT_SETTINGS })),
  },
  'PUT /api/settings': {
    method: 'PUT',
    path: () => '/api/settings',
    ownBrowser: true,
    body: { theme: 'light', defaultKeywords: '["hi", " hello ", "hi"]' },
    expected: signedIn(() => ({
      status: 200,
      body: { ...DEFAULT_SETTINGS, theme: 'light', defaultKeywords: '["hi","hello"]' },
    })),
  },
  'GET /api/overlay-links': {
    method: 'GET',
    path: () => '/api/overlay-links',
    expected: signedIn(() => ({ status: 200, body: [] })),
  },
  'POST /api/overlay-links': {
    method: 'POST',
    path: () => '/api/overlay-links',
    ownBrowser: true,
    body: { access: 'read' },
    expected: {
      visitor: only(UNAUTHENTICATED),
      pending: only(NOT_APPROVED),
      approved: only({
        status: 201,
        body: {
          id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          access: 'read',
          createdAt: expect.any(String),
          look: 'dock',
          animate: false,
          token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        },
      }),
      admin: only({
        status: 201,
        body: {
          id: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
          access: 'read',
          createdAt: expect.any(String),
          look: 'dock',
          animate: false,
          token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        },
      }),
    },
  },
  'DELETE /api/overlay-links/{id} (not theirs)': {
    method: 'DELETE',
    path: () => `/api/overlay-links/${'A'.repeat(43)}`,
    expected: signedIn(() => ({
      status: 404,
      body: { error: 'Overlay link not found.', code: 'OVERLAY_LINK_NOT_FOUND' },
    })),
  },
  'PATCH /api/overlay-links/{id} (not theirs)': {
    method: 'PATCH',
    path: () => `/api/overlay-links/${'A'.repeat(43)}`,
    body: { look: 'minimal' },
    expected: signedIn(() => ({
      status: 404,
      body: { error: 'Overlay link not found.', code: 'OVERLAY_LINK_NOT_FOUND' },
    })),
  },
  'PATCH /api/overlay-links/{id} (a look that is none)': {
    method: 'PATCH',
    path: () => `/api/overlay-links/${'A'.repeat(43)}`,
    body: { look: 'sparkly' },
    expected: signedIn(() => ({
      status: 400,
      body: {
        error: 'Invalid request.',
        code: 'VALIDATION_FAILED',
        details: [{ field: 'look', problems: ['look must be one of: transparent, minimal, dock'] }],
      },
    })),
  },
  'GET /api/login-sessions': {
    method: 'GET',
    path: () => '/api/login-sessions',
    expected: signedIn(() => ({
      status: 200,
      body: expect.arrayContaining([expect.objectContaining({ current: true })]),
    })),
  },
  'DELETE /api/login-sessions/{id} (not theirs)': {
    method: 'DELETE',
    path: () => '/api/login-sessions/00000000-0000-4000-8000-000000000000',
    expected: signedIn(() => ({
      status: 404,
      body: { error: 'Login session not found.', code: 'LOGIN_SESSION_NOT_FOUND' },
    })),
  },
  'GET /api/twitch/search-user': {
    method: 'GET',
    path: () => '/api/twitch/search-user?username=Table_Pending',
    expected: signedIn((ctx) => ({
      status: 200,
      body: {
        found: true,
        inDatabase: true,
        user: ctx.me.pending,
        twitchUser: {
          twitchId: ctx.me.pending?.twitchId,
          username: 'table_pending',
          displayName: 'table_pending',
          profileImage: ctx.me.pending?.profileImage,
          isApproved: false,
        },
      },
    })),
  },
  'POST /api/twitch/import-user': {
    method: 'POST',
    path: () => '/api/twitch/import-user',
    body: { username: 'table_approved' },
    expected: {
      visitor: only(UNAUTHENTICATED),
      pending: only(NOT_APPROVED),
      approved: (ctx) => ({
        status: 409,
        body: {
          error: 'User already exists in database',
          code: 'USER_ALREADY_EXISTS',
          user: ctx.me.approved,
        },
      }),
      admin: (ctx) => ({
        status: 409,
        body: {
          error: 'User already exists in database',
          code: 'USER_ALREADY_EXISTS',
          user: ctx.me.approved,
        },
      }),
    },
  },
  'DELETE /api/account': {
    method: 'DELETE',
    path: () => '/api/account',
    ownBrowser: true,
    expected: signedIn(() => ({
      status: 200,
      body: { success: true, deletedData: { sessions: 0, chatters: 0 } },
    })),
  },
  'GET /api/app-info': {
    method: 'GET',
    path: () => '/api/app-info',
    expected: {
      visitor: only({ status: 200, body: APP_INFO }),
      pending: only({ status: 200, body: APP_INFO }),
      approved: only({ status: 200, body: APP_INFO }),
      admin: only({ status: 200, body: APP_INFO }),
    },
  },
  'GET /api/admin/users': {
    method: 'GET',
    path: () => '/api/admin/users',
    expected: adminOnly(() => ({
      status: 200,
      body: expect.arrayContaining([
        {
          ...userShape('table_admin', { isApproved: true, isAdmin: true }),
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          _count: { sessions: 0, chatters: 0 },
        },
      ]),
    })),
  },
  'GET /api/admin/overview': {
    method: 'GET',
    path: () => '/api/admin/overview',
    expected: adminOnly(() => ({
      status: 200,
      // The sessions stand-in holds no sessions and no chat-ingest runs in this stack.
      body: {
        totalUsers: expect.any(Number),
        pendingUsers: expect.any(Number),
        activeSessions: 0,
        totalChatters: 0,
        activeTmiConnections: 0,
      },
    })),
  },
  'GET /api/admin/system-status': {
    method: 'GET',
    path: () => '/api/admin/system-status',
    expected: adminOnly(() => ({
      status: 200,
      body: expect.objectContaining({
        websocketConnections: 0,
        activeTmiConnections: 0,
        activeMonitors: [],
        replicas: expect.arrayContaining([
          expect.objectContaining({ service: 'auth', status: 'up' }),
          expect.objectContaining({ service: 'gateway', status: 'up' }),
        ]),
      }),
    })),
  },
  'POST /api/admin/users/:id/approve': adminAction('approve', { isApproved: true, isAdmin: false }),
  'POST /api/admin/users/:id/reject': adminAction('reject', { isApproved: false, isAdmin: false }),
  'POST /api/admin/users/:id/reject (an admin: rights end too)': {
    ...adminAction('reject', { isApproved: false, isAdmin: false }),
    path: async (ctx, role) =>
      `/api/admin/users/${(await ctx.target(role, 'reject-admin')).id}/reject`,
    expected: adminOnly(() => ({
      status: 200,
      body: {
        success: true,
        user: userShape('target_admin_reject_admin', { isApproved: false, isAdmin: false }),
      },
    })),
  },
  'POST /api/admin/users/:id/promote': adminAction('promote', { isApproved: true, isAdmin: true }),
  'POST /api/admin/users/:id/demote': adminAction('demote', { isApproved: true, isAdmin: false }),
  'POST /api/admin/users/:id/force-logout': adminAction('force-logout', {
    isApproved: false,
    isAdmin: false,
  }),
  'DELETE /api/admin/users/:id': {
    method: 'DELETE',
    path: async (ctx, role) => `/api/admin/users/${(await ctx.target(role, 'delete')).id}`,
    expected: adminOnly(() => ({
      status: 200,
      body: { success: true, deletedData: { sessions: 0, chatters: 0 } },
    })),
  },
};

describe('every route of sign-in, settings, account, user search and admin users, per role', () => {
  const ctx = { me: {}, browsers: {} } as Context;
  let counter = 0;

  async function browserFor(role: Role): Promise<Browser> {
    if (role === 'visitor') return new Browser();
    const login = `own_${role}_${++counter}`;
    const browser = await signedInBrowser(ctx.stack, login);
    const me = (await browser.api(ctx.stack.url, 'GET', '/auth/me')).body as UserDto;
    if (role !== 'pending') {
      const action = role === 'admin' ? 'promote' : 'approve';
      await ctx.browsers.admin.api(ctx.stack.url, 'POST', `/api/admin/users/${me.id}/${action}`);
    }
    return browser;
  }

  beforeAll(async () => {
    ctx.stack = await startAuthStack({ adminLogins: ['table_admin'] });
    ctx.browsers.visitor = new Browser();
    ctx.browsers.admin = await signedInBrowser(ctx.stack, 'table_admin');
    ctx.browsers.pending = await signedInBrowser(ctx.stack, 'table_pending');
    ctx.browsers.approved = await signedInBrowser(ctx.stack, 'table_approved');
    for (const role of ROLES) {
      const answer = await ctx.browsers[role].api(ctx.stack.url, 'GET', '/auth/me');
      ctx.me[role] = answer.status === 200 ? (answer.body as UserDto) : undefined;
    }
    const approvedId = ctx.me.approved?.id ?? '';
    await ctx.browsers.admin.api(ctx.stack.url, 'POST', `/api/admin/users/${approvedId}/approve`);
    ctx.me.approved = { ...(ctx.me.approved as UserDto), isApproved: true };
    const targets = new Map<string, UserDto>();
    ctx.target = async (role, action) => {
      // One sign-in for every refused row: each sign-in is a login session of table_pending,
      // and past LOGIN_SESSIONS_PER_USER they would end the pending browser's own.
      const key = role === 'admin' ? `admin:${action}` : 'refused';
      const known = targets.get(key);
      if (known) return known;
      // Admin rows act on a user of their own; other rows on any user (they are refused).
      const login = role === 'admin' ? `target_admin_${action.replace('-', '_')}` : 'table_pending';
      const browser = await signedInBrowser(ctx.stack, login);
      const user = (await browser.api(ctx.stack.url, 'GET', '/auth/me')).body as UserDto;
      if (role === 'admin' && (action === 'demote' || action === 'reject-admin')) {
        await ctx.browsers.admin.api(ctx.stack.url, 'POST', `/api/admin/users/${user.id}/promote`);
      }
      targets.set(key, user);
      return user;
    };
  });

  afterAll(async () => {
    await ctx.stack.close();
  });

  const cases = Object.entries(ROUTES).flatMap(([name, row]) =>
    ROLES.map((role) => [name, role, row] as const),
  );

  it.each(cases)('%s as %s', async (_name, role, row) => {
    const browser = row.ownBrowser ? await browserFor(role) : ctx.browsers[role];
    const path = await row.path(ctx, role);
    const answer = await browser.api(ctx.stack.url, row.method, path, row.body);
    expect(answer).toEqual(row.expected[role](ctx, role));
  });

  /**
   * Where each credential may travel (ADR 0046): a browser's login session only in its
   * cookie; an overlay link as a bearer header or the live socket's `?token=`.
   */
  describe('credentials per carrier', () => {
    type Credential = 'login session' | 'overlay link';
    type Carrier = 'cookie' | 'bearer' | '?token=';
    let tokens: Record<Credential, string>;

    beforeAll(async () => {
      const browser = await browserFor('approved');
      const created = await browser.api(ctx.stack.url, 'POST', '/api/overlay-links', {
        access: 'read',
      });
      tokens = {
        'login session': browser.cookies.get('greetboard_session') ?? '',
        'overlay link': (created.body as { token: string }).token,
      };
      expect(tokens['login session']).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    const headersFor = (credential: Credential, carrier: Carrier): Record<string, string> =>
      carrier === 'cookie'
        ? { Cookie: `greetboard_session=${tokens[credential]}` }
        : carrier === 'bearer'
          ? { Authorization: `Bearer ${tokens[credential]}` }
          : {};

    /** The HTTP status of a live socket's upgrade: 101 when it opened. */
    const upgrade = (credential: Credential, carrier: Carrier): Promise<number> =>
      new Promise((resolve, reject) => {
        const query = carrier === '?token=' ? `?token=${tokens[credential]}` : '';
        const socket = new WebSocket(`${ctx.stack.url.replace('http', 'ws')}/ws${query}`, {
          headers: { Origin: ctx.stack.url, ...headersFor(credential, carrier) },
        });
        socket.once('open', () => {
          socket.close();
          resolve(101);
        });
        socket.once('unexpected-response', (_request, response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        socket.once('error', reject);
      });

    const SETTINGS: Answer = { status: 200, body: DEFAULT_SETTINGS };
    it.each([
      ['login session', 'cookie', SETTINGS],
      ['login session', 'bearer', UNAUTHENTICATED],
      ['overlay link', 'bearer', SETTINGS],
    ] as const)('GET /api/settings, %s sent as %s', async (credential, carrier, expected) => {
      const response = await fetch(`${ctx.stack.url}/api/settings`, {
        headers: { Origin: ctx.stack.url, ...headersFor(credential, carrier) },
      });
      expect({ status: response.status, body: await response.json() }).toEqual(expected);
    });

    it.each([
      ['login session', 'cookie', 101],
      ['login session', '?token=', 401],
      ['overlay link', '?token=', 101],
    ] as const)('GET /ws, %s sent as %s', async (credential, carrier, status) => {
      expect(await upgrade(credential, carrier)).toBe(status);
    });
  });
});
