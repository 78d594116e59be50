import { randomBytes, randomUUID } from 'node:crypto';
import { expect, it } from '@jest/globals';
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
import { startGateway, type RunningGateway } from '../src/gateway-app.js';
import {
  ACTORS,
  freshName,
  type Actor,
  type Expected,
  type Effect,
  type MadeInvite,
  type Person,
  type Refusal,
  type Route,
} from './permission-table.js';
import { everythingStored } from './stored-rows.js';

/**
 * The stack behind the permission tables of the sessions routes over real HTTP: the gateway
 * (with its own session-cookie resolution and access guard) in this process, the built sessions
 * service as its own program, both on NATS. Sign-in itself is stood in for by an auth responder
 * that resolves test cookies to users, so the tables swap to real sign-in by seeding real login
 * sessions instead. Test code only: the spec files beside it start one stack each.
 */
export * from './permission-table.js';

/** An auth responder that resolves the test cookies in `users` to their users. */
function authStandIn(users: Map<string, UserDto>) {
  @Controller()
  class TestLoginSessions {
    @OnRequest(AUTH_REQUESTS.resolveSession)
    resolve(@Payload() request: SessionRequest): { user: UserDto | null } {
      return { user: users.get(request.sessionId) ?? null };
    }
  }

  @Module({ controllers: [TestLoginSessions] })
  class TestAuthModule {}
  return TestAuthModule;
}

/**
 * One stack for one spec file: call `start` from `beforeAll` and `stop` from `afterAll`. The
 * helpers may be handed to `table` rows at definition time; they reach the stack when run.
 */
export function sessionsRoutesStack() {
  const users = new Map<string, UserDto>();
  const cookies: Partial<Record<Actor, string>> = {};
  const people: Partial<Record<Actor, UserDto>> = {};
  /** Rows seeded before the bad-input table runs; that table needs their ids when it is defined. */
  const seeded = {
    othersIgnoredUser: randomUUID(),
    answeredInvite: randomUUID(),
    pendingInviteToOwner: randomUUID(),
    pendingInviteFromOwner: randomUUID(),
    invitedUsername: `invited_${randomBytes(3).toString('hex')}`,
    uninvitedUsername: `uninvited_${randomBytes(3).toString('hex')}`,
  };
  let nats: PrivateNatsServer | undefined;
  let database: TestDatabase | undefined;
  let sessions: RunningProgram | undefined;
  let auth: INestMicroservice | undefined;
  let gateway: RunningGateway | undefined;
  const replicas: RunningGateway[] = [];
  let transport: TransportRuntime;
  let db: pg.Pool;
  let sessionId: string;
  let chatterId: string;

  const gatewayUrl = () => gateway!.url;
  /** A call to the gateway at `url` with the actor's cookie. */
  const callAt = async (
    url: string,
    actor: Actor,
    method: string,
    path: string,
    body?: unknown,
  ) => {
    const response = await fetch(`${url}${path}`, {
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
  const call = (actor: Actor, method: string, path: string, body?: unknown) =>
    callAt(gatewayUrl(), actor, method, path, body);

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

  /** A gateway on the stack's NATS; more than one make a cluster, as in production. */
  const startGatewayReplica = () =>
    startGateway({
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
  /** Another gateway next to the first; its url. Stopped with the stack. */
  const addGateway = async () => {
    const replica = await startGatewayReplica();
    replicas.push(replica);
    return replica.url;
  };

  const start = async () => {
    database = await createTestDatabase('greetboard_sessions_http');
    nats = await startPrivateNatsServer();
    transport = { kind: 'nats', url: nats.url, prefix: `t-${randomBytes(4).toString('hex')}` };
    sessions = startProgram('services/sessions/dist/main.js', {
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      NATS_URL: nats.url,
      INSTALLATION_PREFIX: transport.prefix!,
      DATABASE_URL: database.url,
    });
    auth = await startServiceApp('auth', { module: authStandIn(users) }, transport, 'warn');
    gateway = await startGatewayReplica();
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    const migrated = async () =>
      (await firstRow<{ t: string | null }>(`SELECT to_regclass('sessions.users') AS t`, []))?.t;
    await waitFor(migrated, {
      timeoutMs: 20_000,
      what: 'the sessions service to migrate its schema',
    });
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
    await db.query(
      `INSERT INTO sessions.global_editor_invites (id, sender_id, receiver_id) VALUES ($1, $2, $3)`,
      [seeded.pendingInviteFromOwner, people.owner!.id, (await addUser(seeded.invitedUsername)).id],
    );
    await addUser(seeded.uninvitedUsername);
    await db.query(
      `INSERT INTO sessions.global_editor_invites (id, sender_id, receiver_id, status, answered_at)
       VALUES ($1, $3, $4, 'declined', now()), ($2, $3, $4, 'pending', NULL)`,
      [seeded.answeredInvite, seeded.pendingInviteToOwner, people.approved!.id, people.owner!.id],
    );
    await db.query(
      `INSERT INTO sessions.ignored_users (id, owner_id, username) VALUES ($1, $2, 'their_troll')`,
      [seeded.othersIgnoredUser, people.editor!.id],
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
  };

  const stop = async () => {
    for (const replica of replicas) await replica.close();
    await gateway?.close();
    await auth?.close();
    await sessions?.stop();
    await db?.end();
    await database?.drop();
    await nats?.dispose();
  };

  /** One test per actor: the route it calls gets exactly the expected status and body. */
  const table = (
    name: string,
    request: (actor: Actor) => Promise<Route> | Route,
    expected: Expected,
    effect?: Effect,
  ) =>
    it.each(ACTORS)(`${name} as %s`, async (actor) => {
      const [method, path, body] = await request(actor);
      const answer = await call(actor, method, path, body);
      const [status, expectedBody] = expected[actor];
      expect(answer).toEqual({
        status,
        body: typeof expectedBody === 'function' ? await expectedBody(actor) : expectedBody,
      });
      await effect?.(actor, status < 300, answer.body);
    });

  /** One test per bad request: refused with its status and code, and nothing stored changed. */
  const refusals = (rows: Refusal[]) =>
    it.each(rows)(
      'refuses %s with a 4xx and a code, changing nothing',
      async (_label, method, path, body, status, code) => {
        const before = await everythingStored(db);
        const answer = await call('owner', method, typeof path === 'string' ? path : path(), body);
        expect(answer.status).toBe(status);
        expect(answer.body).toMatchObject({ code });
        expect(await everythingStored(db)).toEqual(before);
      },
    );

  return {
    start,
    stop,
    call,
    callAt,
    addGateway,
    table,
    refusals,
    cookies,
    people,
    seeded,
    subjectOf,
    addUser,
    addInvite,
    addEditorLink,
    addIgnoredUser,
    exists,
    isEditorOf,
    pendingInvites,
    inviteStatus,
    get db() {
      return db;
    },
    /** The stack's NATS, for tests that publish what another service would. */
    get transport() {
      return transport;
    },
    get gatewayUrl() {
      return gatewayUrl();
    },
    get sessionId() {
      return sessionId;
    },
    get chatterId() {
      return chatterId;
    },
  };
}
