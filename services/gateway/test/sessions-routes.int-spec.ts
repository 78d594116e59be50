import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect } from '@jest/globals';
import {
  FORBIDDEN,
  SESSION_NOT_FOUND,
  ISO_TIME,
  NOT_APPROVED,
  NOT_OWNER,
  UNAUTHENTICATED,
  UUID,
  everyoneSignedIn,
  ownerOfSession,
  sessionsRoutesStack,
  type Actor,
  type Effect,
  type Route,
  type SessionsRoutesStack,
} from './sessions-routes.fixture.js';

/**
 * The permission table of the session routes over real HTTP (the stack is described in the
 * fixture): every body exact, every change checked through the API (the admin list shows
 * every session as stored). The chatter and admin
 * routes have theirs in chatters-routes.int-spec.ts, the global-editor, invite and ignore-list
 * routes in editors-routes.int-spec.ts.
 */
describe('sessions routes: who may do what, over HTTP', () => {
  /** Each signed-in actor's own stopped session, older than the owner's "Main". */
  const own: Partial<Record<Actor, string>> = {};
  /** Made before "Main", the owner's first: each actor's session is then newer than it. */
  const earlierStreams = async (stack: SessionsRoutesStack) => {
    for (const actor of ['owner', 'pending', 'approved', 'editor', 'former', 'admin'] as const) {
      const user = stack.people[actor]!;
      // A pending account may not create sessions; it had one before it was sent back to
      // pending, so for this it is approved a moment.
      user.isApproved = true;
      const created = await stack.call(actor, 'POST', '/api/sessions', {
        name: `${actor}'s earlier stream`,
      });
      expect(created.status).toBe(201);
      own[actor] = (created.body as { id: string }).id;
      const path = `/api/sessions/${own[actor]}`;
      expect((await stack.call(actor, 'PUT', path, { isActive: false })).status).toBe(200);
      user.isApproved = actor !== 'pending';
    }
  };
  const stack = sessionsRoutesStack({ beforeMain: earlierStreams });
  const { call, table, refusals, people, subjectOf } = stack;
  const main = () => stack.sessionId;
  const mainPath = () => `/api/sessions/${main()}`;
  const stored = (id: string) => stack.session(id);
  const storedSessions = (ids: string[]) => Promise.all(ids.map(stored));

  beforeAll(() => stack.start(), 90_000);
  afterAll(() => stack.stop());

  // Newest first: Main, then the actor's own, then the owner's earlier one.
  const visible: Record<Exclude<Actor, 'visitor'>, () => string[]> = {
    pending: () => [own.pending!],
    approved: () => [own.approved!],
    owner: () => [main(), own.owner!],
    editor: () => [main(), own.editor!, own.owner!],
    former: () => [own.former!],
    admin: () => [own.admin!],
  };
  table(
    'GET /api/sessions (own, and those of owners who made the actor an editor)',
    (): Route => ['GET', '/api/sessions'],
    everyoneSignedIn(200, (actor) => storedSessions(visible[actor as Exclude<Actor, 'visitor'>]())),
  );

  const sessionCount = async (userId: string) =>
    (await stack.allSessions()).filter((session) => session.userId === userId).length;
  let countBefore: number;
  table(
    'POST /api/sessions',
    async (actor): Promise<Route> => {
      countBefore = await sessionCount(subjectOf(actor).id);
      return ['POST', '/api/sessions', { name: '  New  ', keywords: '[" hi ", "Good morning"]' }];
    },
    {
      ...everyoneSignedIn(201, (actor) => ({
        id: UUID,
        name: 'New',
        keywords: '["hi","Good morning"]',
        isActive: true,
        createdAt: ISO_TIME,
        startedAt: ISO_TIME,
        endedAt: null,
        userId: people[actor]!.id,
        user: { username: people[actor]!.username },
        _count: { chatters: 0 },
        startedBy: 'manual',
        stream: null,
      })),
      pending: [403, NOT_APPROVED],
    },
    async (actor, succeeded, answer) => {
      expect(await sessionCount(subjectOf(actor).id)).toBe(countBefore + (succeeded ? 1 : 0));
      if (succeeded) expect(await stored((answer as { id: string }).id)).toEqual(answer);
    },
  );

  type Stored = Awaited<ReturnType<typeof stored>>;
  let before: Stored;
  /** Brings Main to `isActive` through the owner, then notes it as it is before the call. */
  const mainWhen = async (isActive: boolean) => {
    if ((await stored(main())).isActive !== isActive) {
      expect((await call('owner', 'PUT', mainPath(), { isActive })).status).toBe(200);
    }
    before = await stored(main());
  };
  /**
   * The effect on Main: the fields in `changed` (and `check` on the result) when the call
   * succeeded, nothing at all when it failed.
   */
  const mainBecomes =
    (changed: (actor: Actor) => object, check?: (after: Stored) => void): Effect =>
    async (actor, succeeded) => {
      const after = await stored(main());
      expect(after).toEqual(succeeded ? { ...before, ...changed(actor) } : before);
      if (succeeded) check?.(after);
    };
  const at = (time: string | null) => Date.parse(time!);

  table(
    'PUT /api/sessions/{id} (stop)',
    async (): Promise<Route> => {
      await mainWhen(true);
      return ['PUT', mainPath(), { isActive: false }];
    },
    ownerOfSession(() => stored(main()), NOT_OWNER),
    mainBecomes(
      () => ({ isActive: false, endedAt: ISO_TIME }),
      (after) => expect(at(after.endedAt)).toBeGreaterThanOrEqual(at(after.startedAt)),
    ),
  );
  table(
    'PUT /api/sessions/{id} (start)',
    async (): Promise<Route> => {
      await mainWhen(false);
      return ['PUT', mainPath(), { isActive: true }];
    },
    ownerOfSession(() => stored(main()), NOT_OWNER),
    mainBecomes(
      () => ({ isActive: true, startedAt: ISO_TIME, endedAt: null }),
      (after) => expect(at(after.startedAt)).toBeGreaterThanOrEqual(at(before.endedAt)),
    ),
  );
  table(
    'PUT /api/sessions/{id} (rename and new keywords)',
    async (actor): Promise<Route> => {
      await mainWhen(true);
      const keywords = JSON.stringify([` ${actor} `, 'good morning', 'GOOD MORNING']);
      return ['PUT', mainPath(), { name: `  Renamed by ${actor}  `, keywords }];
    },
    ownerOfSession(() => stored(main()), FORBIDDEN),
    mainBecomes((actor) => ({
      name: `Renamed by ${actor}`,
      keywords: `["${actor}","good morning"]`,
    })),
  );
  table(
    'PUT /api/sessions/{id} (no change at all)',
    async (): Promise<Route> => {
      await mainWhen(true);
      return ['PUT', mainPath(), {}];
    },
    ownerOfSession(() => stored(main()), FORBIDDEN),
    mainBecomes(() => ({})),
  );

  let target: string;
  let targetBefore: Stored;
  table(
    "PUT /api/sessions/{id} (start the actor's own stopped session)",
    async (actor): Promise<Route> => {
      target = own[actor === 'visitor' ? 'owner' : actor]!;
      targetBefore = await stored(target);
      expect(targetBefore.isActive).toBe(false);
      return ['PUT', `/api/sessions/${target}`, { isActive: true }];
    },
    {
      ...everyoneSignedIn(200, () => stored(target)),
      pending: [403, NOT_APPROVED],
    },
    async (_actor, succeeded) => {
      expect(await stored(target)).toEqual(
        succeeded
          ? { ...targetBefore, isActive: true, startedAt: ISO_TIME, endedAt: null }
          : targetBefore,
      );
    },
  );

  let doomed: Stored;
  let doomedChatters: unknown;
  let chattersBefore: number;
  table(
    'DELETE /api/sessions/{id}',
    async (): Promise<Route> => {
      const fresh = await call('owner', 'POST', '/api/sessions', { name: 'To delete' });
      const { id } = fresh.body as { id: string };
      // The newest running session of the owner's channel: the line counts for it.
      await stack.chatIn([{ login: 'doomed', userId: 't9', text: 'bye', sentAt: Date.now() }]);
      doomed = await stored(id);
      expect(doomed._count.chatters).toBe(1);
      doomedChatters = await stack.chattersOf(id);
      chattersBefore = await stack.totalChatters();
      return ['DELETE', `/api/sessions/${id}`];
    },
    {
      visitor: [401, UNAUTHENTICATED],
      pending: [404, SESSION_NOT_FOUND],
      approved: [404, SESSION_NOT_FOUND],
      owner: [200, { sessionName: 'To delete', deletedChatters: 1 }],
      editor: [403, FORBIDDEN],
      former: [404, SESSION_NOT_FOUND],
      admin: [200, { sessionName: 'To delete', deletedChatters: 1 }],
    },
    async (_actor, succeeded) => {
      expect(await stack.sessionExists(doomed.id)).toBe(!succeeded);
      // Its chatter goes with it: one fewer over every session.
      expect(await stack.totalChatters()).toBe(chattersBefore - (succeeded ? 1 : 0));
      if (!succeeded) {
        expect(await stored(doomed.id)).toEqual(doomed);
        expect(await stack.chattersOf(doomed.id)).toEqual(doomedChatters);
      }
    },
  );

  const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
  refusals([
    [
      'an unknown session',
      'PUT',
      `/api/sessions/${UNKNOWN_ID}`,
      { name: 'x' },
      404,
      'SESSION_NOT_FOUND',
    ],
    [
      'a delete of an unknown session',
      'DELETE',
      `/api/sessions/${UNKNOWN_ID}`,
      undefined,
      404,
      'SESSION_NOT_FOUND',
    ],
    ['a malformed id', 'DELETE', '/api/sessions/not-a-uuid', undefined, 400, 'VALIDATION_FAILED'],
    [
      'an oversized name',
      'POST',
      '/api/sessions',
      { name: 'x'.repeat(101) },
      400,
      'VALIDATION_FAILED',
    ],
    ['an empty name', 'POST', '/api/sessions', { name: '   ' }, 400, 'VALIDATION_FAILED'],
    [
      'too many keywords',
      'POST',
      '/api/sessions',
      { name: 'k', keywords: JSON.stringify(Array.from({ length: 51 }, (_, i) => `k${i}`)) },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an unknown field',
      'POST',
      '/api/sessions',
      { name: 'k', userId: randomUUID() },
      400,
      'VALIDATION_FAILED',
    ],
    ['malformed JSON', 'POST', '/api/sessions', '{"name":', 400, 'VALIDATION_FAILED'],
    [
      'a stop that is not a boolean',
      'PUT',
      mainPath,
      { isActive: 'false' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a stop with a blank name',
      'PUT',
      mainPath,
      { isActive: false, name: '  ' },
      400,
      'VALIDATION_FAILED',
    ],
    ['a rename to a blank name', 'PUT', mainPath, { name: ' ' }, 400, 'VALIDATION_FAILED'],
    ['an oversized rename', 'PUT', mainPath, { name: 'y'.repeat(101) }, 400, 'VALIDATION_FAILED'],
    [
      'a rename with a keyword over 100 characters',
      'PUT',
      mainPath,
      { name: 'Fine', keywords: JSON.stringify(['z'.repeat(101)]) },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a stop naming another owner',
      'PUT',
      mainPath,
      { isActive: false, userId: randomUUID() },
      400,
      'VALIDATION_FAILED',
    ],
    ['a malformed JSON update', 'PUT', mainPath, '{"isActive":', 400, 'VALIDATION_FAILED'],
  ]);
});
