import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  FORBIDDEN,
  NOT_APPROVED,
  NOT_OWNER,
  UNAUTHENTICATED,
  adminsOnly,
  everyoneSignedIn,
  ownerAndEditors,
  sessionsRoutesStack,
  type Route,
} from '../../test/sessions-routes.fixture.js';

/**
 * The permission table of the sessions, chatters and admin routes over real HTTP (the stack is
 * described in the fixture); the global-editor, invite and ignore-list routes have their own
 * table in editors-routes.int-spec.ts.
 */
describe('sessions routes: who may do what, over HTTP', () => {
  const stack = sessionsRoutesStack();
  const { call, table, refusals } = stack;
  beforeAll(() => stack.start(), 60_000);
  afterAll(() => stack.stop());

  table('GET /api/sessions', (): Route => ['GET', '/api/sessions'], everyoneSignedIn(200));
  table('POST /api/sessions', (): Route => ['POST', '/api/sessions', { name: 'New' }], {
    ...everyoneSignedIn(201),
    pending: [403, NOT_APPROVED],
  });
  table(
    'PUT /api/sessions/{id} (start)',
    (): Route => ['PUT', `/api/sessions/${stack.sessionId}`, { isActive: true }],
    {
      visitor: [401, UNAUTHENTICATED],
      pending: [403, NOT_OWNER],
      approved: [403, NOT_OWNER],
      owner: [200],
      editor: [403, NOT_OWNER],
      former: [403, NOT_OWNER],
      admin: [403, NOT_OWNER],
    },
  );
  table(
    'GET /api/sessions/{id}/chatters',
    (): Route => ['GET', `/api/sessions/${stack.sessionId}/chatters`],
    ownerAndEditors(200),
  );
  table(
    'PUT /api/chatters/{id}/greet',
    (): Route => ['PUT', `/api/chatters/${stack.chatterId}/greet`, { isGreeted: true }],
    ownerAndEditors(200),
  );
  table(
    'DELETE /api/sessions/{id}',
    async () => {
      const fresh = await call('owner', 'POST', '/api/sessions', { name: 'To delete' });
      return ['DELETE', `/api/sessions/${(fresh.body as { id: string }).id}`];
    },
    {
      visitor: [401, UNAUTHENTICATED],
      pending: [403, FORBIDDEN],
      approved: [403, FORBIDDEN],
      owner: [200, { sessionName: 'To delete', deletedChatters: 0 }],
      editor: [403, FORBIDDEN],
      former: [403, FORBIDDEN],
      admin: [200, { sessionName: 'To delete', deletedChatters: 0 }],
    },
  );
  table('GET /api/admin/sessions', (): Route => ['GET', '/api/admin/sessions'], adminsOnly);
  table(
    'POST /api/admin/sessions/{id}/force-stop',
    (): Route => ['POST', `/api/admin/sessions/${stack.sessionId}/force-stop`],
    adminsOnly,
  );

  it('answers the chatter list as the spec shape, gzipped when accepted, 304 when unchanged', async () => {
    const plain = await call('owner', 'GET', `/api/sessions/${stack.sessionId}/chatters`);
    expect(plain.body).toEqual([
      expect.objectContaining({ id: stack.chatterId, username: 'viewer', isGreeted: true }),
    ]);
    const response = await fetch(`${stack.gatewayUrl}/api/sessions/${stack.sessionId}/chatters`, {
      headers: { cookie: `greetboard_session=${stack.cookies.editor}`, 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.json()).toEqual(plain.body);
    const etag = response.headers.get('etag')!;
    const again = await fetch(`${stack.gatewayUrl}/api/sessions/${stack.sessionId}/chatters`, {
      headers: { cookie: `greetboard_session=${stack.cookies.owner}`, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  refusals([
    [
      'an unknown session',
      'PUT',
      '/api/sessions/00000000-0000-4000-8000-000000000000',
      { name: 'x' },
      404,
      'SESSION_NOT_FOUND',
    ],
    [
      'an unknown chatter',
      'PUT',
      '/api/chatters/00000000-0000-4000-8000-000000000000/greet',
      { isGreeted: true },
      404,
      'CHATTER_NOT_FOUND',
    ],
    ['a malformed id', 'DELETE', '/api/sessions/not-a-uuid', undefined, 400, 'VALIDATION_FAILED'],
    [
      'a wrong type',
      'PUT',
      '/api/chatters/00000000-0000-4000-8000-000000000000/greet',
      { isGreeted: 'yes' },
      400,
      'VALIDATION_FAILED',
    ],
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
  ]);
});
