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
const IGNORED_USER_NOT_FOUND = {
  error: 'This user is not on your ignore list.',
  code: 'IGNORED_USER_NOT_FOUND',
};
const EDITOR_NOT_FOUND = { error: 'Global editor not found.', code: 'GLOBAL_EDITOR_NOT_FOUND' };
const INVITE_NOT_FOUND = { error: 'Invite not found.', code: 'INVITE_NOT_FOUND' };
const SELF_INVITE = {
  error: 'You cannot invite yourself as a global editor.',
  code: 'CANNOT_INVITE_SELF',
};
const ALREADY_EDITOR = {
  error: 'This user is already one of your global editors.',
  code: 'ALREADY_GLOBAL_EDITOR',
};

const UUID = expect.stringMatching(
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
);
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** Rows seeded before the bad-input table runs; that table needs their ids when it is defined. */
const SEEDED = {
  othersIgnoredUser: randomUUID(),
  answeredInvite: randomUUID(),
  pendingInviteToOwner: randomUUID(),
  invitedUsername: `invited_${randomBytes(3).toString('hex')}`,
  uninvitedUsername: `uninvited_${randomBytes(3).toString('hex')}`,
};

/** A user as an editor link or an invite shows them. */
interface Person {
  id: string;
  username: string;
  displayName: string;
  profileImage: string | null;
}
const summaryOf = ({ username, displayName, profileImage }: Person) => ({
  username,
  displayName,
  profileImage,
});
interface MadeInvite {
  id: string;
  createdAt: string;
}
const freshName = (role: string) => `${role}_${randomBytes(4).toString('hex')}`;

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

  /** Whose things a row sets up: the actor's own, or the owner's when a visitor (nobody) asks. */
  const subjectOf = (actor: Actor): UserDto => people[actor] ?? people.owner!;
  /** A user the sessions service knows from auth's projection, who never signs in here. */
  const addUser = async (username: string): Promise<Person> => {
    const person: Person = {
      id: randomUUID(),
      username,
      displayName: username.toUpperCase(),
      profileImage: `https://images.example/${username}.png`,
    };
    await db.query(`INSERT INTO sessions.users VALUES ($1, $2, $3, $4, $5, true, false, now())`, [
      person.id,
      person.username,
      person.displayName,
      person.profileImage,
      randomBytes(4).toString('hex'),
    ]);
    return person;
  };
  const firstRow = async <Row>(sql: string, params: unknown[]) =>
    (await db.query(sql, params)).rows[0] as Row | undefined;
  const addInvite = async (senderId: string, receiverId: string): Promise<MadeInvite> => {
    const row = await firstRow<{ id: string; created_at: Date }>(
      `INSERT INTO sessions.global_editor_invites (sender_id, receiver_id) VALUES ($1, $2)
       RETURNING id, created_at`,
      [senderId, receiverId],
    );
    return { id: row!.id, createdAt: row!.created_at.toISOString() };
  };
  const addEditorLink = async (ownerId: string, editorId: string) =>
    (await firstRow<{ id: string }>(
      `INSERT INTO sessions.global_editors (owner_id, editor_id) VALUES ($1, $2) RETURNING id`,
      [ownerId, editorId],
    ))!.id;
  const addIgnoredUser = async (ownerId: string) =>
    (await firstRow<{ id: string }>(
      `INSERT INTO sessions.ignored_users (owner_id, username) VALUES ($1, $2) RETURNING id`,
      [ownerId, freshName('troll')],
    ))!.id;
  const exists = async (table: 'ignored_users' | 'global_editors', id: string) =>
    (await firstRow(`SELECT 1 FROM sessions.${table} WHERE id = $1`, [id])) !== undefined;
  const isEditorOf = async (ownerId: string, editorId: string) =>
    (await firstRow(
      `SELECT 1 FROM sessions.global_editors WHERE owner_id = $1 AND editor_id = $2`,
      [ownerId, editorId],
    )) !== undefined;
  const pendingInvites = async (senderId: string, receiverId: string) =>
    (await firstRow<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions.global_editor_invites
        WHERE sender_id = $1 AND receiver_id = $2 AND status = 'pending'`,
      [senderId, receiverId],
    ))!.n;
  const inviteStatus = async (id: string) =>
    (await firstRow<{ status: string }>(
      `SELECT status FROM sessions.global_editor_invites WHERE id = $1`,
      [id],
    ))!.status;

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
    await addInvite(people.owner!.id, (await addUser(SEEDED.invitedUsername)).id);
    await addUser(SEEDED.uninvitedUsername);
    await db.query(
      `INSERT INTO sessions.global_editor_invites (id, sender_id, receiver_id, status, answered_at)
       VALUES ($1, $3, $4, 'declined', now()), ($2, $3, $4, 'pending', NULL)`,
      [SEEDED.answeredInvite, SEEDED.pendingInviteToOwner, people.approved!.id, people.owner!.id],
    );
    await db.query(
      `INSERT INTO sessions.ignored_users (id, owner_id, username) VALUES ($1, $2, 'their_troll')`,
      [SEEDED.othersIgnoredUser, people.editor!.id],
    );
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

  /** A body, or a function of the actor giving it from what the row set up. */
  type Expectation = [status: number, body?: Record<string, unknown> | ((actor: Actor) => object)];
  type Route = [method: string, path: string, body?: unknown];
  /** Checks what the call changed (or, when it failed, that it changed nothing). */
  type Effect = (actor: Actor, succeeded: boolean) => Promise<void>;
  const table = (
    name: string,
    request: (actor: Actor) => Promise<Route> | Route,
    expected: Record<Actor, Expectation>,
    effect?: Effect,
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
        body: (typeof expectedBody === 'function' ? expectedBody(actor) : expectedBody) ?? 'any',
      });
      await effect?.(actor, status < 300);
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
  const everyoneSignedIn = (ok: number, body?: Expectation[1]): Record<Actor, Expectation> => ({
    visitor: [401, UNAUTHENTICATED],
    pending: [ok, body],
    approved: [ok, body],
    owner: [ok, body],
    editor: [ok, body],
    former: [ok, body],
    admin: [ok, body],
  });
  /** Only the owner may, on the owner's own things; to everyone else they do not exist. */
  const ownerOnly = (
    ok: number,
    body: Expectation[1],
    notFound: Expectation[1],
  ): Record<Actor, Expectation> => ({
    visitor: [401, UNAUTHENTICATED],
    pending: [404, notFound],
    approved: [404, notFound],
    owner: [ok, body],
    editor: [404, notFound],
    former: [404, notFound],
    admin: [404, notFound],
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

  /** An invite as the settings screen shows it, sent by the actor (spec section 3). */
  const inviteFrom = (actor: Actor, receiver: Person) => ({
    id: UUID,
    status: 'pending',
    senderId: people[actor]!.id,
    receiverId: receiver.id,
    sender: summaryOf(people[actor]!),
    receiver: summaryOf(receiver),
    createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  });
  let invitee: Person;
  table(
    'POST /api/global-editors/invite (a new user)',
    async (): Promise<Route> => {
      invitee = await addUser(freshName('invitee'));
      return ['POST', '/api/global-editors/invite', { username: invitee.username, role: 'editor' }];
    },
    everyoneSignedIn(201, (actor) => inviteFrom(actor, invitee)),
    async (actor, succeeded) => {
      expect(await pendingInvites(subjectOf(actor).id, invitee.id)).toBe(succeeded ? 1 : 0);
    },
  );
  table(
    "POST /api/global-editors/invite (the owner's editor)",
    async (actor): Promise<Route> => {
      await db.query(
        `DELETE FROM sessions.global_editor_invites WHERE sender_id = $1 AND receiver_id = $2`,
        [subjectOf(actor).id, people.editor!.id],
      );
      return [
        'POST',
        '/api/global-editors/invite',
        { username: people.editor!.username, role: 'editor' },
      ];
    },
    {
      ...everyoneSignedIn(201, (actor) => inviteFrom(actor, people.editor!)),
      owner: [409, ALREADY_EDITOR],
      editor: [400, SELF_INVITE],
    },
    async (actor, succeeded) => {
      expect(await pendingInvites(subjectOf(actor).id, people.editor!.id)).toBe(succeeded ? 1 : 0);
      expect(await isEditorOf(people.owner!.id, people.editor!.id)).toBe(true);
    },
  );

  let received: MadeInvite & { sender: Person };
  table(
    'PUT /api/global-editor-invites/{id} (accept one sent to the actor)',
    async (actor): Promise<Route> => {
      const sender = await addUser(freshName('inviter'));
      received = { ...(await addInvite(sender.id, subjectOf(actor).id)), sender };
      return ['PUT', `/api/global-editor-invites/${received.id}`, { status: 'accepted' }];
    },
    everyoneSignedIn(200, (actor) => ({
      id: received.id,
      status: 'accepted',
      senderId: received.sender.id,
      receiverId: people[actor]!.id,
      sender: summaryOf(received.sender),
      receiver: summaryOf(people[actor]!),
      createdAt: received.createdAt,
    })),
    async (actor, succeeded) => {
      expect(await inviteStatus(received.id)).toBe(succeeded ? 'accepted' : 'pending');
      expect(await isEditorOf(received.sender.id, subjectOf(actor).id)).toBe(succeeded);
    },
  );
  let ownersInvite: MadeInvite;
  table(
    "PUT /api/global-editor-invites/{id} (decline the owner's invite to the approved user)",
    async (): Promise<Route> => {
      await db.query(
        `DELETE FROM sessions.global_editor_invites WHERE sender_id = $1 AND receiver_id = $2`,
        [people.owner!.id, people.approved!.id],
      );
      ownersInvite = await addInvite(people.owner!.id, people.approved!.id);
      return ['PUT', `/api/global-editor-invites/${ownersInvite.id}`, { status: 'declined' }];
    },
    // Only the receiver answers (spec section 4): the sender is refused, others see no invite.
    {
      visitor: [401, UNAUTHENTICATED],
      pending: [404, INVITE_NOT_FOUND],
      approved: [
        200,
        () => ({
          id: ownersInvite.id,
          status: 'declined',
          senderId: people.owner!.id,
          receiverId: people.approved!.id,
          sender: summaryOf(people.owner!),
          receiver: summaryOf(people.approved!),
          createdAt: ownersInvite.createdAt,
        }),
      ],
      owner: [403, FORBIDDEN],
      editor: [404, INVITE_NOT_FOUND],
      former: [404, INVITE_NOT_FOUND],
      admin: [404, INVITE_NOT_FOUND],
    },
    async (_actor, succeeded) => {
      expect(await inviteStatus(ownersInvite.id)).toBe(succeeded ? 'declined' : 'pending');
      expect(await isEditorOf(people.owner!.id, people.approved!.id)).toBe(false);
    },
  );

  let link: string;
  table(
    "DELETE /api/global-editors/{id} (one of the actor's own editors)",
    async (actor): Promise<Route> => {
      link = await addEditorLink(subjectOf(actor).id, (await addUser(freshName('helper'))).id);
      return ['DELETE', `/api/global-editors/${link}`];
    },
    everyoneSignedIn(200, () => ({ id: link })),
    async (_actor, succeeded) => {
      expect(await exists('global_editors', link)).toBe(!succeeded);
    },
  );
  table(
    "DELETE /api/global-editors/{id} (one of the owner's editors)",
    async (): Promise<Route> => {
      link = await addEditorLink(people.owner!.id, (await addUser(freshName('helper'))).id);
      return ['DELETE', `/api/global-editors/${link}`];
    },
    ownerOnly(200, () => ({ id: link }), EDITOR_NOT_FOUND),
    async (_actor, succeeded) => {
      expect(await exists('global_editors', link)).toBe(!succeeded);
    },
  );

  let ignored: string;
  table(
    "DELETE /api/ignored-users/{id} (one of the actor's own)",
    async (actor): Promise<Route> => {
      ignored = await addIgnoredUser(subjectOf(actor).id);
      return ['DELETE', `/api/ignored-users/${ignored}`];
    },
    everyoneSignedIn(200, () => ({ id: ignored })),
    async (_actor, succeeded) => {
      expect(await exists('ignored_users', ignored)).toBe(!succeeded);
    },
  );
  table(
    "DELETE /api/ignored-users/{id} (one of the owner's)",
    async (): Promise<Route> => {
      ignored = await addIgnoredUser(people.owner!.id);
      return ['DELETE', `/api/ignored-users/${ignored}`];
    },
    ownerOnly(200, () => ({ id: ignored }), IGNORED_USER_NOT_FOUND),
    async (_actor, succeeded) => {
      expect(await exists('ignored_users', ignored)).toBe(!succeeded);
    },
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
      'a role other than editor',
      'POST',
      '/api/global-editors/invite',
      { username: SEEDED.uninvitedUsername, role: 'admin' },
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
    [
      'an oversized username',
      'POST',
      '/api/global-editors/invite',
      { username: 'a'.repeat(26), role: 'editor' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a blank username',
      'POST',
      '/api/global-editors/invite',
      { username: '   ', role: 'editor' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a username that is not a string',
      'POST',
      '/api/global-editors/invite',
      { username: 42, role: 'editor' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a second pending invite to the same user',
      'POST',
      '/api/global-editors/invite',
      { username: ` ${SEEDED.invitedUsername.toUpperCase()} `, role: 'editor' },
      409,
      'INVITE_ALREADY_PENDING',
    ],
    [
      'a malformed invite id',
      'PUT',
      '/api/global-editor-invites/not-a-uuid',
      { status: 'accepted' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an unknown invite',
      'PUT',
      `/api/global-editor-invites/${UNKNOWN_ID}`,
      { status: 'accepted' },
      404,
      'INVITE_NOT_FOUND',
    ],
    [
      'an invite answered before',
      'PUT',
      `/api/global-editor-invites/${SEEDED.answeredInvite}`,
      { status: 'accepted' },
      409,
      'INVITE_ALREADY_ANSWERED',
    ],
    [
      'an answer of pending',
      'PUT',
      `/api/global-editor-invites/${SEEDED.pendingInviteToOwner}`,
      { status: 'pending' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an answer that is not a string',
      'PUT',
      `/api/global-editor-invites/${SEEDED.pendingInviteToOwner}`,
      { status: true },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an answer without a status',
      'PUT',
      `/api/global-editor-invites/${SEEDED.pendingInviteToOwner}`,
      {},
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a malformed editor id',
      'DELETE',
      '/api/global-editors/12345',
      undefined,
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an unknown editor',
      'DELETE',
      `/api/global-editors/${UNKNOWN_ID}`,
      undefined,
      404,
      'GLOBAL_EDITOR_NOT_FOUND',
    ],
    [
      'a malformed ignored-user id',
      'DELETE',
      '/api/ignored-users/not-a-uuid',
      undefined,
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an unknown ignored user',
      'DELETE',
      `/api/ignored-users/${UNKNOWN_ID}`,
      undefined,
      404,
      'IGNORED_USER_NOT_FOUND',
    ],
    [
      "another user's ignored user",
      'DELETE',
      `/api/ignored-users/${SEEDED.othersIgnoredUser}`,
      undefined,
      404,
      'IGNORED_USER_NOT_FOUND',
    ],
  ])(
    'refuses %s with a 4xx and a code, changing nothing',
    async (_label, method, path, body, status, code) => {
      const state = async () =>
        (
          await db.query(
            `SELECT (SELECT count(*) FROM sessions.sessions)::int AS sessions,
                    (SELECT count(*) FROM sessions.ignored_users)::int AS ignored_users,
                    (SELECT count(*) FROM sessions.global_editors)::int AS editors,
                    (SELECT string_agg(id || ':' || status, ',' ORDER BY id)
                       FROM sessions.global_editor_invites) AS invites`,
          )
        ).rows[0] as unknown;
      const before = await state();
      const answer = await call('owner', method, path, body);
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ code });
      expect(await state()).toEqual(before);
    },
  );
});
