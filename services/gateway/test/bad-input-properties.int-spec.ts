import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { createDurableStreams } from '@greetboard/transport';
import { DOMAIN_EVENTS, type UserChanged } from '@greetboard/contracts';
import {
  DEEP_ARRAY,
  propertyParameters,
  requests,
  send,
  waitFor,
  type PropertyRoute,
} from '@greetboard/testing';
import { sessionsRoutesStack } from './sessions-routes.fixture.js';

const ROUTES: PropertyRoute[] = [
  { method: 'GET', path: '/api/sessions' },
  { method: 'POST', path: '/api/sessions' },
  { method: 'PUT', path: '/api/sessions/:id' },
  { method: 'DELETE', path: '/api/sessions/:id' },
  { method: 'GET', path: '/api/sessions/:id/chatters' },
  { method: 'PUT', path: '/api/chatters/:id/greet' },
  { method: 'GET', path: '/api/ignored-users' },
  { method: 'POST', path: '/api/ignored-users' },
  { method: 'DELETE', path: '/api/ignored-users/:id' },
  { method: 'GET', path: '/api/global-editors' },
  { method: 'POST', path: '/api/global-editors/invite' },
  { method: 'DELETE', path: '/api/global-editors/:id' },
  { method: 'GET', path: '/api/global-editor-invites' },
  { method: 'PUT', path: '/api/global-editor-invites/:id' },
  { method: 'GET', path: '/api/admin/sessions' },
  { method: 'POST', path: '/api/admin/sessions/:id/force-stop' },
  { method: 'PATCH', path: '/api/sessions/:id' },
];

/** Bad input on the sessions routes: always a 4xx with a code, never a change. */
describe('sessions routes: bad input is a 400, never a 500', () => {
  const stack = sessionsRoutesStack();
  beforeAll(() => stack.start(), 90_000);
  afterAll(() => stack.stop());

  const refusedUnchanged = async (method: string, path: string, body: unknown) => {
    const before = await stack.everythingVisible();
    const answer = await stack.call('owner', method, path, body);
    expect({ path, body, answer }).toEqual({
      path,
      body,
      answer: { status: 400, body: expect.objectContaining({ code: 'VALIDATION_FAILED' }) },
    });
    expect(await stack.everythingVisible()).toEqual(before);
  };

  it('refuses null fields, NUL characters and deep nesting on every body route', async () => {
    const session = `/api/sessions/${stack.sessionId}`;
    await refusedUnchanged('PUT', session, { isActive: null });
    await refusedUnchanged('PUT', session, { name: null });
    await refusedUnchanged('PUT', session, { keywords: null });
    await refusedUnchanged('PUT', session, { name: 'a\u0000b' });
    await refusedUnchanged('POST', '/api/sessions', { name: 'Stream\u0000' });
    await refusedUnchanged('POST', '/api/sessions', { name: null });
    await refusedUnchanged('POST', '/api/ignored-users', { username: 'troll', reason: 'x\u0000' });
    await refusedUnchanged('POST', '/api/ignored-users', { username: 'troll', reason: null });
    await refusedUnchanged('PUT', `/api/chatters/${stack.chatterId}/greet`, { isGreeted: null });
    for (const [method, path] of [
      ['POST', '/api/sessions'],
      ['PUT', session],
      ['PUT', `/api/chatters/${stack.chatterId}/greet`],
      ['POST', '/api/ignored-users'],
      ['POST', '/api/global-editors/invite'],
      ['PUT', `/api/global-editor-invites/${stack.seeded.pendingInviteToOwner}`],
    ] as const) {
      await refusedUnchanged(method, path, DEEP_ARRAY);
    }
  });

  it('answers generated requests to every route without a 5xx, changing nothing unless 2xx', async () => {
    const known = [
      stack.sessionId,
      stack.chatterId,
      stack.seeded.othersIgnoredUser,
      stack.seeded.pendingInviteToOwner,
      stack.seeded.answeredInvite,
    ];
    await fc.assert(
      fc.asyncProperty(
        requests(ROUTES, known),
        fc.constantFrom('owner', 'editor', 'approved'),
        async (request, actor) => {
          const before = await stack.everythingVisible();
          const status = await send(stack.gatewayUrl, request, {
            cookie: `greetboard_session=${stack.cookies[actor as 'owner']}`,
          });
          expect(status).toBeLessThan(500);
          if (status < 200 || status >= 300) {
            expect(await stack.everythingVisible()).toEqual(before);
          }
        },
      ),
      propertyParameters(),
    );
  }, 300_000);

  it("stops a rejected owner's running sessions, so their chat is no longer read", async () => {
    const created = await stack.call('owner', 'POST', '/api/sessions', {
      name: 'Before rejection',
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const owner = stack.people.owner!;
    const streams = await createDurableStreams(stack.transport);
    try {
      const rejected: UserChanged = {
        ...owner,
        isApproved: false,
        isAdmin: false,
        updatedAt: new Date(Date.now() + 1_000).toISOString(),
      };
      await streams.publish(DOMAIN_EVENTS.userChanged.subject, rejected, { msgId: randomUUID() });
    } finally {
      await streams.close();
    }
    const ownSessions = async () =>
      (await stack.allSessions()).filter((session) => session.userId === owner.id);
    await waitFor(async () => (await ownSessions()).every((session) => !session.isActive), {
      timeoutMs: 20_000,
      what: "the rejected owner's sessions to stop",
    });
    const stopped = (await ownSessions()).find((session) => session.id === id);
    expect(stopped?.isActive).toBe(false);
    expect(Date.parse(stopped!.endedAt!)).toBeGreaterThanOrEqual(Date.parse(stopped!.startedAt!));
  });

  it('runs one session per channel and caps sessions created a minute (default 30)', async () => {
    const create = (name: string) => stack.call('former', 'POST', '/api/sessions', { name });
    const ids: string[] = [];
    for (let index = 0; index < 30; index++) {
      const answer = await create(`Stream ${index}`);
      expect(answer.status).toBe(201);
      ids.push((answer.body as { id: string }).id);
    }
    // Each start stopped the one before: only the newest runs.
    const own = (await stack.allSessions()).filter((session) => ids.includes(session.id));
    expect(own.filter((session) => session.isActive).map((session) => session.id)).toEqual([
      ids.at(-1),
    ]);
    expect(await create('Too fast')).toEqual({
      status: 429,
      body: {
        error: 'Too many sessions created. Please wait a minute.',
        code: 'SESSION_CREATION_RATE_LIMITED',
      },
    });
    // Refused without a change: the newest still runs.
    const after = (await stack.allSessions()).filter((session) => session.isActive);
    expect(after.map((session) => session.id)).toContain(ids.at(-1));
  });
});
