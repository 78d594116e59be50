import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { SessionDto } from '@greetboard/contracts';
import {
  ISO_TIME,
  adminsOnly,
  ownerAndEditors,
  SESSION_NOT_FOUND,
  CHATTER_NOT_FOUND,
  sessionsRoutesStack,
  type Actor,
  type Route,
} from './sessions-routes.fixture.js';

/**
 * The permission table of the chatter and admin session routes over real HTTP (the stack is
 * described in the fixture): every body exact, every change checked through the API. The
 * describe name is shared with sessions-routes.int-spec.ts so the tests keep their full names.
 */
describe('sessions routes: who may do what, over HTTP', () => {
  const stack = sessionsRoutesStack();
  const { call, table, refusals, people } = stack;
  /** A chatter of Main seen before the fixture's "viewer" and greeted by the editor. */
  let earlyBird: string;
  const chattersPath = () => `/api/sessions/${stack.sessionId}/chatters`;
  const greetPath = () => `/api/chatters/${stack.chatterId}/greet`;
  const chatter = () => stack.chatter(stack.chatterId);

  beforeAll(async () => {
    await stack.start();
    const now = Date.now();
    const minutesAgo = (minutes: number) => now - minutes * 60_000;
    earlyBird = (
      await stack.chatIn([
        {
          login: 'early_bird',
          userId: 't0',
          text: 'first!',
          sentAt: minutesAgo(5),
          firstMessage: true,
        },
        { login: 'early_bird', userId: 't0', text: 'still here', sentAt: minutesAgo(3) },
        { login: 'early_bird', userId: 't0', text: 'and here', sentAt: minutesAgo(1) },
      ])
    ).id;
    const path = `/api/chatters/${earlyBird}/greet`;
    expect((await call('editor', 'PUT', path, { isGreeted: true })).status).toBe(200);
  }, 90_000);
  afterAll(() => stack.stop());

  /** Every chatter of Main, oldest first, each as its greet answer and the list left it. */
  const mainChatters = () =>
    Promise.all([earlyBird, stack.chatterId].map((id) => stack.chatter(id)));
  it('shows the chatters as their chat lines and greets made them', async () => {
    const [early, viewer] = await mainChatters();
    expect(early).toMatchObject({
      username: 'early_bird',
      firstMessage: 'first!',
      messageCount: 3,
      isFirstTimeChatter: true,
      isReturningChatter: false,
      ...greetedBy('editor'),
    });
    expect(Date.parse(early.lastSeenAt) - Date.parse(early.firstSeenAt)).toBe(4 * 60_000);
    expect(viewer).toMatchObject({ username: 'viewer', messageCount: 1, isGreeted: false });
  });
  table(
    'GET /api/sessions/{id}/chatters',
    (): Route => ['GET', chattersPath()],
    ownerAndEditors(200, mainChatters, SESSION_NOT_FOUND),
  );

  /**
   * An overlay link reaches its owner's own sessions only (ADR 0046): an editor's link gets
   * what a stranger gets for the owner's sessions, and its greet changes nothing.
   */
  describe('through an overlay link', () => {
    const ownSessions = async (actor: 'owner' | 'editor') =>
      (await stack.allSessions()).filter((session) => session.userId === people[actor]!.id);
    it.each([
      [
        "the owner's read link",
        'GET /api/sessions',
        'owner',
        'read',
        200,
        () => ownSessions('owner'),
      ],
      [
        "an editor's read link",
        'GET /api/sessions',
        'editor',
        'read',
        200,
        () => ownSessions('editor'),
      ],
      [
        "the owner's read link",
        'GET /api/sessions/{id}/chatters',
        'owner',
        'read',
        200,
        mainChatters,
      ],
      [
        "an editor's read link",
        'GET /api/sessions/{id}/chatters',
        'editor',
        'read',
        404,
        () => SESSION_NOT_FOUND,
      ],
      [
        "an editor's greet link",
        'GET /api/sessions/{id}/chatters',
        'editor',
        'greet',
        404,
        () => SESSION_NOT_FOUND,
      ],
      [
        "an editor's greet link",
        'PUT /api/chatters/{id}/greet',
        'editor',
        'greet',
        404,
        () => CHATTER_NOT_FOUND,
      ],
    ] as const)('%s: %s', async (_label, route, actor, access, status, body) => {
      const greetedBefore = (await chatter()).isGreeted;
      const answer =
        route === 'PUT /api/chatters/{id}/greet'
          ? await stack.callThroughOverlay(actor, access, 'PUT', greetPath(), {
              isGreeted: !greetedBefore,
            })
          : await stack.callThroughOverlay(
              actor,
              access,
              'GET',
              route === 'GET /api/sessions' ? '/api/sessions' : chattersPath(),
            );
      expect(answer).toEqual({ status, body: await body() });
      expect((await chatter()).isGreeted).toBe(greetedBefore);
    });
  });

  /** A chatter's card (ADR 0055): the row, the latest line's badges, the account's age. */
  const cardPath = () => `/api/sessions/${stack.sessionId}/chatters/${stack.chatterId}`;
  const card = async () => ({ chatter: await chatter(), badges: {}, accountCreatedAt: null });
  table(
    'GET /api/sessions/{id}/chatters/{chatterId}',
    (): Route => ['GET', cardPath()],
    ownerAndEditors(200, card, SESSION_NOT_FOUND),
  );
  it("refuses the card through an overlay link, even the owner's", async () => {
    for (const access of ['read', 'greet'] as const) {
      expect(await stack.callThroughOverlay('owner', access, 'GET', cardPath())).toEqual({
        status: 403,
        body: { error: 'An overlay link cannot do this.', code: 'OVERLAY_LINK_REFUSED' },
      });
    }
  });
  it('answers 400 for a chatter id that is not a UUID, and 404 for one of another session', async () => {
    const bad = await call('owner', 'GET', `/api/sessions/${stack.sessionId}/chatters/nope`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    const other = await call(
      'owner',
      'GET',
      `/api/sessions/${stack.sessionId}/chatters/00000000-0000-4000-8000-000000000000`,
    );
    expect(other).toEqual({ status: 404, body: CHATTER_NOT_FOUND });
  });

  type Stored = Awaited<ReturnType<typeof chatter>>;
  let before: Stored;
  /** Sets the greet state through the API (so every cache hears of it), then notes it. */
  const chatterWhen = async (greetedBy: Actor | undefined) => {
    expect((await call('owner', 'PUT', greetPath(), { isGreeted: false })).status).toBe(200);
    if (greetedBy) {
      expect((await call(greetedBy, 'PUT', greetPath(), { isGreeted: true })).status).toBe(200);
    }
    before = await chatter();
  };
  const greetedBy = (actor: Actor) => ({
    isGreeted: true,
    greetedAt: ISO_TIME,
    greetedBy: people[actor]!.id,
    greetedByUser: { displayName: people[actor]!.displayName, profileImage: null },
  });

  table(
    'PUT /api/chatters/{id}/greet (greet)',
    async (): Promise<Route> => {
      await chatterWhen(undefined);
      return ['PUT', greetPath(), { isGreeted: true }];
    },
    ownerAndEditors(200, chatter, CHATTER_NOT_FOUND),
    async (actor, succeeded) => {
      const after = await chatter();
      expect(after).toEqual(succeeded ? { ...before, ...greetedBy(actor) } : before);
      if (succeeded)
        expect(Math.abs(Date.parse(after.greetedAt!) - Date.now())).toBeLessThan(60_000);
    },
  );
  table(
    'PUT /api/chatters/{id}/greet (greet again: the first greeter stays)',
    async (): Promise<Route> => {
      await chatterWhen('owner');
      return ['PUT', greetPath(), { isGreeted: true }];
    },
    ownerAndEditors(200, chatter, CHATTER_NOT_FOUND),
    async () => {
      expect(await chatter()).toEqual(before);
    },
  );
  table(
    'PUT /api/chatters/{id}/greet (un-greet)',
    async (): Promise<Route> => {
      await chatterWhen('editor');
      return ['PUT', greetPath(), { isGreeted: false }];
    },
    ownerAndEditors(200, chatter, CHATTER_NOT_FOUND),
    async (_actor, succeeded) => {
      expect(await chatter()).toEqual(
        succeeded
          ? { ...before, isGreeted: false, greetedAt: null, greetedBy: null, greetedByUser: null }
          : before,
      );
    },
  );

  table(
    'GET /api/admin/sessions (every session, newest first)',
    (): Route => ['GET', '/api/admin/sessions'],
    adminsOnly(async () => {
      // Every user's own sessions, each as its owner's list shows it, newest first.
      const everyone = [...new Set((await stack.allSessions()).map((session) => session.userId))];
      const own = await Promise.all(
        everyone.map(async (userId) => {
          const answer = await stack.callAs(userId, 'GET', '/api/sessions');
          return (answer.body as SessionDto[]).filter((session) => session.userId === userId);
        }),
      );
      const sessions = own.flat();
      expect(sessions.map((session) => session.id)).toContain(stack.sessionId);
      return sessions.sort(
        (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? -1 : 1),
      );
    }),
  );

  let sessionBefore: SessionDto;
  table(
    'POST /api/admin/sessions/{id}/force-stop',
    async (): Promise<Route> => {
      sessionBefore = await stack.session(stack.sessionId);
      if (!sessionBefore.isActive) {
        const path = `/api/sessions/${stack.sessionId}`;
        expect((await call('owner', 'PUT', path, { isActive: true })).status).toBe(200);
        sessionBefore = await stack.session(stack.sessionId);
      }
      return ['POST', `/api/admin/sessions/${stack.sessionId}/force-stop`];
    },
    adminsOnly(() => stack.session(stack.sessionId)),
    async (_actor, succeeded) => {
      expect(await stack.session(stack.sessionId)).toEqual(
        succeeded ? { ...sessionBefore, isActive: false, endedAt: ISO_TIME } : sessionBefore,
      );
    },
  );

  it('answers the chatter list as the spec shape, gzipped when accepted, 304 when unchanged', async () => {
    const plain = await call('owner', 'GET', chattersPath());
    expect(plain.body).toEqual(await mainChatters());
    const response = await fetch(`${stack.gatewayUrl}${chattersPath()}`, {
      headers: { cookie: `greetboard_session=${stack.cookies.editor}`, 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.json()).toEqual(plain.body);
    const etag = response.headers.get('etag')!;
    const again = await fetch(`${stack.gatewayUrl}${chattersPath()}`, {
      headers: { cookie: `greetboard_session=${stack.cookies.owner}`, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
  refusals([
    [
      'an unknown chatter',
      'PUT',
      `/api/chatters/${UNKNOWN_ID}/greet`,
      { isGreeted: true },
      404,
      'CHATTER_NOT_FOUND',
    ],
    [
      'a wrong type',
      'PUT',
      `/api/chatters/${UNKNOWN_ID}/greet`,
      { isGreeted: 'yes' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an un-greet that is not a boolean',
      'PUT',
      greetPath,
      { isGreeted: 'false' },
      400,
      'VALIDATION_FAILED',
    ],
    ['an un-greet of 0', 'PUT', greetPath, { isGreeted: 0 }, 400, 'VALIDATION_FAILED'],
    ['a greet without isGreeted', 'PUT', greetPath, {}, 400, 'VALIDATION_FAILED'],
    [
      'a greet naming its greeter',
      'PUT',
      greetPath,
      { isGreeted: false, greetedBy: UNKNOWN_ID },
      400,
      'VALIDATION_FAILED',
    ],
    ['a malformed JSON greet', 'PUT', greetPath, '{"isGreeted":', 400, 'VALIDATION_FAILED'],
    [
      'a malformed chatter id',
      'PUT',
      '/api/chatters/42/greet',
      { isGreeted: false },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a chatter list of a malformed id',
      'GET',
      '/api/sessions/nope/chatters',
      undefined,
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a chatter list of an unknown session',
      'GET',
      `/api/sessions/${UNKNOWN_ID}/chatters`,
      undefined,
      404,
      'SESSION_NOT_FOUND',
    ],
  ]);
});
