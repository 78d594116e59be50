import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import pg from 'pg';
import { AUTH_REQUESTS, SessionRequest, type UserDto } from '@greetboard/contracts';
import { MemoryKeyValueStore } from '@greetboard/kv';
import { startServiceApp } from '@greetboard/service-kit';
import {
  createTestDatabase,
  startPrivateNatsServer,
  startProgram,
  waitFor,
  type PrivateNatsServer,
  type RunningProgram,
  type TestDatabase,
} from '@greetboard/testing';
import { OnRequest, type TransportRuntime } from '@greetboard/transport';
import { startGateway, type RunningGateway } from '../gateway-app.js';

/**
 * The permission table of the sessions routes over real HTTP: the gateway (with its own
 * session-cookie resolution and access guard) in this process, the built sessions service
 * as its own program, both on NATS. Sign-in itself is stood in for by an auth responder that
 * resolves test cookies to users, so the table swaps to real sign-in by seeding real login
 * sessions instead.
 */
type Actor = 'visitor' | 'pending' | 'approved' | 'owner' | 'editor' | 'former' | 'admin';
const ACTORS: Actor[] = ['visitor', 'pending', 'approved', 'owner', 'editor', 'former', 'admin'];

const users = new Map<string, UserDto>();
const cookies: Partial<Record<Actor, string>> = {};
const people: Partial<Record<Actor, UserDto>> = {};

@Controller()
class TestLoginSessions {
  @OnRequest(AUTH_REQUESTS.resolveSession)
  resolve(@Payload() request: SessionRequest): { user: UserDto | null } {
    return { user: users.get(request.sessionId) ?? null };
  }
}

@Module({ controllers: [TestLoginSessions] })
class TestAuthModule {}

const UNAUTHENTICATED = {
  error: 'You are not authorized to perform this action.',
  code: 'UNAUTHENTICATED',
};
const FORBIDDEN = { error: 'You are not authorized to perform this action.', code: 'FORBIDDEN' };
const NOT_OWNER = { error: 'Only session owners can start sessions', code: 'NOT_SESSION_OWNER' };
const ADMIN = { error: 'Admin access required', code: 'ADMIN_REQUIRED' };
const NOT_APPROVED = { error: 'Account not approved', code: 'ACCOUNT_NOT_APPROVED' };

describe('sessions routes: who may do what, over HTTP', () => {
  let nats: PrivateNatsServer;
  let database: TestDatabase;
  let sessions: RunningProgram;
  let auth: INestMicroservice;
  let gateway: RunningGateway;
  let db: pg.Pool;
  let sessionId: string;
  let chatterId: string;

  const call = async (actor: Actor, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${gateway.url}${path}`, {
      method,
      headers: {
        ...(cookies[actor] ? { cookie: `greetboard_session=${cookies[actor]}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  };

  beforeAll(async () => {
    database = await createTestDatabase('greetboard_sessions_http');
    nats = await startPrivateNatsServer();
    const transport: TransportRuntime = { kind: 'nats', url: nats.url };
    sessions = startProgram('services/sessions/dist/main.js', {
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      NATS_URL: nats.url,
      DATABASE_URL: database.url,
    });
    auth = await startServiceApp('auth', { module: TestAuthModule }, transport, 'warn');
    gateway = await startGateway({
      config: {
        HOST: '127.0.0.1',
        PORT: 0,
        SHUTDOWN_GRACE_MS: 1_000,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_API_PER_MINUTE: 100_000,
      },
      transport,
      kv: new MemoryKeyValueStore(),
    });
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    await waitFor(
      async () =>
        (
          (await db.query(`SELECT to_regclass('sessions.users') AS t`)).rows[0] as {
            t: string | null;
          }
        ).t,
      { timeoutMs: 20_000, what: 'the sessions service to migrate its schema' },
    );
    for (const actor of ACTORS.filter((a) => a !== 'visitor')) {
      const user: UserDto = {
        id: randomUUID(),
        username: `${actor}_${randomBytes(3).toString('hex')}`,
        displayName: actor,
        profileImage: null,
        twitchId: randomBytes(4).toString('hex'),
        isApproved: actor !== 'pending',
        isAdmin: actor === 'admin',
      };
      const cookie = randomBytes(32).toString('base64url');
      users.set(cookie, user);
      cookies[actor] = cookie;
      people[actor] = user;
      await db.query(`INSERT INTO sessions.users VALUES ($1, $2, $3, NULL, $4, $5, $6, now())`, [
        user.id,
        user.username,
        user.displayName,
        user.twitchId,
        user.isApproved,
        user.isAdmin,
      ]);
    }
    await db.query(
      `INSERT INTO sessions.global_editors (owner_id, editor_id) VALUES ($1, $2), ($1, $3)`,
      [people.owner!.id, people.editor!.id, people.former!.id],
    );
    await db.query(`DELETE FROM sessions.global_editors WHERE editor_id = $1`, [people.former!.id]);
    const created = await waitFor(
      async () => {
        const answer = await call('owner', 'POST', '/api/sessions', { name: 'Main' });
        return answer.status === 201 ? answer : undefined;
      },
      { timeoutMs: 20_000, what: 'the sessions service to answer' },
    );
    sessionId = (created.body as { id: string }).id;
    const [chatter] = (
      await db.query(
        `INSERT INTO sessions.chatters (session_id, twitch_id, username, display_name,
           first_message, message_count, first_seen_at, last_seen_at)
         VALUES ($1, 't1', 'viewer', 'Viewer', 'hi', 1, now(), now()) RETURNING id`,
        [sessionId],
      )
    ).rows as { id: string }[];
    chatterId = chatter.id;
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
    await sessions?.stop();
    await db?.end();
    await database?.drop();
    await nats?.dispose();
  });

  type Expectation = [status: number, body?: unknown];
  type Route = [method: string, path: string, body?: unknown];
  const table = (
    name: string,
    request: (actor: Actor) => Promise<Route> | Route,
    expected: Record<Actor, Expectation>,
  ) =>
    it.each(ACTORS)(`${name} as %s`, async (actor) => {
      const [method, path, body] = await request(actor);
      const answer = await call(actor, method, path, body);
      const [status, expectedBody] = expected[actor];
      expect({
        status: answer.status,
        body: expectedBody === undefined ? 'any' : answer.body,
      }).toEqual({
        status,
        body: expectedBody ?? 'any',
      });
    });

  const ownerAndEditors = (ok: number): Record<Actor, Expectation> => ({
    visitor: [401, UNAUTHENTICATED],
    pending: [403, FORBIDDEN],
    approved: [403, FORBIDDEN],
    owner: [ok],
    editor: [ok],
    former: [403, FORBIDDEN],
    admin: [403, FORBIDDEN],
  });
  const everyoneSignedIn = (ok: number): Record<Actor, Expectation> => ({
    visitor: [401, UNAUTHENTICATED],
    pending: [ok],
    approved: [ok],
    owner: [ok],
    editor: [ok],
    former: [ok],
    admin: [ok],
  });
  const adminsOnly: Record<Actor, Expectation> = {
    visitor: [401, UNAUTHENTICATED],
    pending: [403, ADMIN],
    approved: [403, ADMIN],
    owner: [403, ADMIN],
    editor: [403, ADMIN],
    former: [403, ADMIN],
    admin: [200],
  };

  table('GET /api/sessions', (): Route => ['GET', '/api/sessions'], everyoneSignedIn(200));
  table('POST /api/sessions', (): Route => ['POST', '/api/sessions', { name: 'New' }], {
    ...everyoneSignedIn(201),
    pending: [403, NOT_APPROVED],
  });
  table(
    'PUT /api/sessions/{id} (start)',
    (): Route => ['PUT', `/api/sessions/${sessionId}`, { isActive: true }],
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
    (): Route => ['GET', `/api/sessions/${sessionId}/chatters`],
    ownerAndEditors(200),
  );
  table(
    'PUT /api/chatters/{id}/greet',
    (): Route => ['PUT', `/api/chatters/${chatterId}/greet`, { isGreeted: true }],
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
    (): Route => ['POST', `/api/admin/sessions/${sessionId}/force-stop`],
    adminsOnly,
  );
  table(
    'GET /api/ignored-users',
    (): Route => ['GET', '/api/ignored-users'],
    everyoneSignedIn(200),
  );
  table(
    'POST /api/ignored-users',
    (): Route => ['POST', '/api/ignored-users', { username: 'some_troll' }],
    everyoneSignedIn(201),
  );
  table(
    'GET /api/global-editors',
    (): Route => ['GET', '/api/global-editors'],
    everyoneSignedIn(200),
  );
  table(
    'GET /api/global-editor-invites',
    (): Route => ['GET', '/api/global-editor-invites'],
    everyoneSignedIn(200),
  );

  it('answers the chatter list as the spec shape, gzipped when accepted, 304 when unchanged', async () => {
    const plain = await call('owner', 'GET', `/api/sessions/${sessionId}/chatters`);
    expect(plain.body).toEqual([
      expect.objectContaining({ id: chatterId, username: 'viewer', isGreeted: true }),
    ]);
    const response = await fetch(`${gateway.url}/api/sessions/${sessionId}/chatters`, {
      headers: { cookie: `greetboard_session=${cookies.editor}`, 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.json()).toEqual(plain.body);
    const etag = response.headers.get('etag')!;
    const again = await fetch(`${gateway.url}/api/sessions/${sessionId}/chatters`, {
      headers: { cookie: `greetboard_session=${cookies.owner}`, 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it.each([
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
    [
      'a self-invite',
      'POST',
      '/api/global-editors/invite',
      { username: 'x', role: 'admin' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an unknown username',
      'POST',
      '/api/global-editors/invite',
      { username: 'nobody_at_all', role: 'editor' },
      404,
      'USER_NOT_FOUND',
    ],
  ])(
    'refuses %s with a 4xx and a code, changing nothing',
    async (_label, method, path, body, status, code) => {
      const before: unknown = (await db.query(`SELECT count(*)::int AS n FROM sessions.sessions`))
        .rows[0];
      const answer = await call('owner', method, path, body);
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ code });
      expect((await db.query(`SELECT count(*)::int AS n FROM sessions.sessions`)).rows[0]).toEqual(
        before,
      );
    },
  );
});
