import { randomBytes, randomUUID } from 'node:crypto';
import { expect, it } from '@jest/globals';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  ADMIN_REQUESTS,
  AUTH_REQUESTS,
  chatLineSubject,
  DOMAIN_EVENTS,
  SessionRequest,
  STREAMS,
  type AuthAdminTotals,
  type ChatLineReceived,
  type ChatterDto,
  type GlobalEditorDto,
  type GlobalEditorInviteDto,
  type IgnoredUserDto,
  type LoginAccess,
  type SessionDto,
  type UserChanged,
  type UserDto,
} from '@greetboard/contracts';
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
import {
  createDurableStreams,
  OnRequest,
  type DurableStreams,
  type TransportRuntime,
} from '@greetboard/transport';
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

/**
 * The stack behind the permission tables of the sessions routes over real HTTP: the gateway
 * (with its own session-cookie resolution and access guard) in this process, the built sessions
 * service as its own program, both on NATS. Sign-in itself is stood in for by an auth responder
 * that resolves test cookies to users; what auth tells the sessions service about users goes
 * the real way, as UserChanged events on the domain-events stream, and chat lines as chat-ingest
 * stores them. Everything else is set up and checked through the HTTP API alone: the tests
 * never read the sessions service's tables. Test code only: the spec files beside it start one
 * stack each.
 */
export * from './permission-table.js';

/**
 * An auth responder that resolves the test cookies in `users` to their users, and the overlay
 * link tokens in `overlayLinks` to their owners with the link's access.
 */
function authStandIn(
  users: Map<string, UserDto>,
  overlayLinks: Map<string, { user: UserDto; access: LoginAccess }>,
) {
  @Controller()
  class TestLoginSessions {
    @OnRequest(AUTH_REQUESTS.resolveSession)
    resolve(@Payload() request: SessionRequest): { user: UserDto | null; access?: LoginAccess } {
      return overlayLinks.get(request.sessionId) ?? { user: users.get(request.sessionId) ?? null };
    }

    /** The admin overview's user counts; the tests read only its session counts. */
    @OnRequest(ADMIN_REQUESTS.authTotals)
    totals(): AuthAdminTotals {
      return { totalUsers: users.size, pendingUsers: 0 };
    }
  }

  @Module({ controllers: [TestLoginSessions] })
  class TestAuthModule {}
  return TestAuthModule;
}

export interface SessionsRoutesOptions {
  /** Runs after the users and links are set up, before the owner's "Main" is created. */
  beforeMain?: (stack: SessionsRoutesStack) => Promise<void>;
}

export type SessionsRoutesStack = ReturnType<typeof sessionsRoutesStack>;

/** What a signed-in client sees of everything: the state a refused request must leave alone. */
export interface EverythingVisible {
  sessions: SessionDto[];
  chatters: Record<string, ChatterDto[]>;
  ignoredUsers: Record<string, IgnoredUserDto[]>;
  editors: Record<string, GlobalEditorDto[]>;
  invites: Record<string, GlobalEditorInviteDto[]>;
}

/**
 * One stack for one spec file: call `start` from `beforeAll` and `stop` from `afterAll`. The
 * helpers may be handed to `table` rows at definition time; they reach the stack when run.
 */
export function sessionsRoutesStack(options: SessionsRoutesOptions = {}) {
  /** Every signed-in user by cookie, for the auth stand-in. */
  const users = new Map<string, UserDto>();
  /** Overlay links by token (ADR 0029), made on first use by `callThroughOverlay`. */
  const overlayLinks = new Map<string, { user: UserDto; access: LoginAccess }>();
  const cookies: Partial<Record<Actor, string>> = {};
  const people: Partial<Record<Actor, UserDto>> = {};
  /** The cookie of every user who can sign in: the actors and every user added later. */
  const cookieOf = new Map<string, string>();
  /**
   * Things set up before the tables run, by id (filled by `start`; refusal rows read them
   * through path functions).
   */
  const seeded = {
    othersIgnoredUser: '',
    answeredInvite: '',
    pendingInviteToOwner: '',
    pendingInviteFromOwner: '',
    /** The user the owner's pending invite went to. */
    invitedId: '',
    invitedUsername: `invited_${randomBytes(3).toString('hex')}`,
    uninvitedUsername: `uninvited_${randomBytes(3).toString('hex')}`,
  };
  let nats: PrivateNatsServer | undefined;
  let database: TestDatabase | undefined;
  let sessions: RunningProgram | undefined;
  let auth: INestMicroservice | undefined;
  let gateway: RunningGateway | undefined;
  let streams: DurableStreams | undefined;
  const replicas: RunningGateway[] = [];
  let transport: TransportRuntime;
  let sessionId: string;
  let chatterId: string;
  /** The user whose renames tell when the sessions service applied every earlier user event. */
  let probe: UserDto;
  let lastUpdate = 0;

  const gatewayUrl = () => gateway!.url;
  /** A call to the gateway at `url` with a cookie. */
  const callWith = async (
    url: string,
    cookie: string | undefined,
    method: string,
    path: string,
    body?: unknown,
    bearer?: string,
  ) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(cookie ? { cookie: `greetboard_session=${cookie}` } : {}),
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: typeof body === 'string' ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
  };
  /** A call to the gateway at `url` with the actor's cookie. */
  const callAt = (url: string, actor: Actor, method: string, path: string, body?: unknown) =>
    callWith(url, cookies[actor], method, path, body);
  const call = (actor: Actor, method: string, path: string, body?: unknown) =>
    callAt(gatewayUrl(), actor, method, path, body);
  /** A call through an overlay link of the actor's, of that access, as OBS makes it. */
  const callThroughOverlay = (
    actor: Exclude<Actor, 'visitor'>,
    access: 'read' | 'greet',
    method: string,
    path: string,
    body?: unknown,
  ) => {
    const user = people[actor]!;
    const kind: LoginAccess = `overlay-${access}`;
    let token = [...overlayLinks].find(
      ([, link]) => link.user.id === user.id && link.access === kind,
    )?.[0];
    if (!token) {
      token = randomBytes(32).toString('base64url');
      overlayLinks.set(token, { user, access: kind });
    }
    return callWith(gatewayUrl(), undefined, method, path, body, token);
  };
  /** A call as the user with this id (an actor or a user added later). */
  const callAs = (userId: string, method: string, path: string, body?: unknown) =>
    callWith(gatewayUrl(), cookieOf.get(userId), method, path, body);
  /** A call that must succeed with `status`; its body. */
  const ok = async <T>(
    userId: string,
    status: number,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> => {
    const answer = await callAs(userId, method, path, body);
    if (answer.status !== status) {
      throw new Error(
        `${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
      );
    }
    return answer.body as T;
  };

  /** Whose things a row sets up: the actor's own, or the owner's when a visitor (nobody) asks. */
  const subjectOf = (actor: Actor): UserDto => people[actor] ?? people.owner!;

  /** A user who can sign in here, not yet known to the sessions service. */
  const signInable = (username: string, fields: Partial<UserDto> = {}): UserDto => {
    const user: UserDto = {
      id: randomUUID(),
      username,
      displayName: username.toUpperCase(),
      profileImage: `https://images.example/${username}.png`,
      twitchId: randomBytes(4).toString('hex'),
      isApproved: true,
      isAdmin: false,
      ...fields,
    };
    const cookie = randomBytes(32).toString('base64url');
    users.set(cookie, user);
    cookieOf.set(user.id, cookie);
    return user;
  };
  /** Tells the sessions service about the user as auth does: a UserChanged event. */
  const publishUser = async (user: UserDto) => {
    lastUpdate = Math.max(Date.now(), lastUpdate + 1);
    const event: UserChanged = {
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      profileImage: user.profileImage,
      twitchId: user.twitchId,
      isApproved: user.isApproved,
      isAdmin: user.isAdmin,
      updatedAt: new Date(lastUpdate).toISOString(),
    };
    await streams!.publish(DOMAIN_EVENTS.userChanged.subject, event, { msgId: randomUUID() });
  };
  /**
   * Waits until the sessions service applied every user event published so far: the probe is
   * renamed by one more event, which the service applies after all earlier ones (one durable
   * consumer, in stream order), and its session shows the new name.
   */
  const usersApplied = async () => {
    probe = { ...probe, username: freshName('probe') };
    await publishUser(probe);
    await waitFor(
      async () => {
        const [session] = await ok<SessionDto[]>(probe.id, 200, 'GET', '/api/sessions');
        return session?.user.username === probe.username;
      },
      { timeoutMs: 20_000, what: 'the sessions service to apply the user events' },
    );
  };
  /** A user the sessions service knows from auth's events; they may sign in, but no test does. */
  const addUser = async (username: string): Promise<Person> => {
    const user = signInable(username);
    await publishUser(user);
    await usersApplied();
    return {
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      profileImage: user.profileImage,
    };
  };

  const usernameOf = (userId: string) =>
    [...users.values()].find((user) => user.id === userId)!.username;
  /** An invitation from the sender to the receiver, sent through the API. */
  const addInvite = async (senderId: string, receiverId: string): Promise<MadeInvite> => {
    const invite = await ok<GlobalEditorInviteDto>(
      senderId,
      201,
      'POST',
      '/api/global-editors/invite',
      { username: usernameOf(receiverId), role: 'editor' },
    );
    return { id: invite.id, createdAt: invite.createdAt };
  };
  /** The pending invite from the sender to the receiver, made if there is none. */
  const pendingInvite = async (senderId: string, receiverId: string): Promise<MadeInvite> => {
    const pending = (await invitesOf(receiverId)).find(
      (invite) => invite.senderId === senderId && invite.receiverId === receiverId,
    );
    return pending
      ? { id: pending.id, createdAt: pending.createdAt }
      : addInvite(senderId, receiverId);
  };
  const answerInvite = (receiverId: string, id: string, status: 'accepted' | 'declined') =>
    ok<GlobalEditorInviteDto>(receiverId, 200, 'PUT', `/api/global-editor-invites/${id}`, {
      status,
    });
  const editorsOf = (ownerId: string) =>
    ok<GlobalEditorDto[]>(ownerId, 200, 'GET', '/api/global-editors');
  const invitesOf = (userId: string) =>
    ok<GlobalEditorInviteDto[]>(userId, 200, 'GET', '/api/global-editor-invites');
  const ignoredUsersOf = (ownerId: string) =>
    ok<IgnoredUserDto[]>(ownerId, 200, 'GET', '/api/ignored-users');
  /** An accepted invite: the editor link's id. */
  const addEditorLink = async (ownerId: string, editorId: string) => {
    await answerInvite(editorId, (await addInvite(ownerId, editorId)).id, 'accepted');
    return (await editorsOf(ownerId)).find((link) => link.editorId === editorId)!.id;
  };
  const addIgnoredUser = async (ownerId: string) =>
    (
      await ok<IgnoredUserDto>(ownerId, 201, 'POST', '/api/ignored-users', {
        username: freshName('troll'),
      })
    ).id;
  const hasEditorLink = async (ownerId: string, linkId: string) =>
    (await editorsOf(ownerId)).some((link) => link.id === linkId);
  const hasIgnoredUser = async (ownerId: string, id: string) =>
    (await ignoredUsersOf(ownerId)).some((entry) => entry.id === id);
  const isEditorOf = async (ownerId: string, editorId: string) =>
    (await editorsOf(ownerId)).some((link) => link.editorId === editorId);
  const pendingInvites = async (senderId: string, receiverId: string) =>
    (await invitesOf(senderId)).filter(
      (invite) =>
        invite.senderId === senderId &&
        invite.receiverId === receiverId &&
        invite.status === 'pending',
    ).length;
  /** Whether the receiver still sees the invite pending; answered ones leave every list. */
  const inviteState = async (receiverId: string, id: string) =>
    (await invitesOf(receiverId)).some((invite) => invite.id === id) ? 'pending' : 'answered';

  /** Every session, as the admin list shows it (newest first). */
  const allSessions = () => ok<SessionDto[]>(people.admin!.id, 200, 'GET', '/api/admin/sessions');
  /** The session as the admin list shows it. */
  const session = async (id: string): Promise<SessionDto> => {
    const found = (await allSessions()).find((candidate) => candidate.id === id);
    if (!found) throw new Error(`session ${id} is not in the admin list`);
    return found;
  };
  const sessionExists = async (id: string) =>
    (await allSessions()).some((candidate) => candidate.id === id);
  /** The session's chatters as its owner reads them (oldest first). */
  const chattersOf = async (id: string, ownerId?: string) =>
    ok<ChatterDto[]>(
      ownerId ?? (await session(id)).userId,
      200,
      'GET',
      `/api/sessions/${id}/chatters`,
    );
  const chatter = async (id: string, inSession = sessionId) => {
    const found = (await chattersOf(inSession)).find((candidate) => candidate.id === id);
    if (!found) throw new Error(`chatter ${id} is not in session ${inSession}`);
    return found;
  };
  /** Chatters stored over every session, from the admin overview. */
  const totalChatters = async () =>
    (await ok<{ totalChatters: number }>(people.admin!.id, 200, 'GET', '/api/admin/overview'))
      .totalChatters;

  /**
   * Lines in the owner's channel as chat-ingest stores them; they count for the owner's most
   * recently started running session. Answers the chatter of the first line's login once that
   * session's list shows it with every line counted.
   */
  const chatIn = async (
    lines: {
      login: string;
      userId: string;
      text: string;
      sentAt: number;
      firstMessage?: boolean;
    }[],
  ): Promise<ChatterDto> => {
    const owner = people.owner!;
    for (const line of lines) {
      const received: ChatLineReceived = {
        id: randomUUID(),
        channel: owner.username,
        channelId: owner.twitchId,
        userId: line.userId,
        login: line.login,
        displayName: line.login.replace(/^./, (first) => first.toUpperCase()),
        text: line.text,
        sentAt: line.sentAt,
        firstMessage: line.firstMessage ?? false,
        returningChatter: false,
      };
      await streams!.publish(chatLineSubject(owner.username), received, { msgId: received.id });
    }
    const [{ login }] = lines;
    const counted = lines.filter((line) => line.login === login).length;
    const running = (await allSessions())
      .filter((candidate) => candidate.userId === owner.id && candidate.isActive)
      .sort((a, b) => Date.parse(b.startedAt!) - Date.parse(a.startedAt!))[0];
    return waitFor(
      async () =>
        (await chattersOf(running.id, owner.id)).find(
          (candidate) => candidate.username === login && candidate.messageCount === counted,
        ),
      { timeoutMs: 20_000, what: `the chat lines of ${login} to be counted` },
    );
  };

  /** Everything every user sees; a refused request must leave it as it was. */
  const everythingVisible = async (): Promise<EverythingVisible> => {
    const everyone = [...cookieOf.keys()];
    const sessionsNow = await allSessions();
    const visible: EverythingVisible = {
      sessions: sessionsNow,
      chatters: {},
      ignoredUsers: {},
      editors: {},
      invites: {},
    };
    for (const { id, userId } of sessionsNow) {
      visible.chatters[id] = await chattersOf(id, userId);
    }
    for (const userId of everyone) {
      visible.ignoredUsers[userId] = await ignoredUsersOf(userId);
      visible.editors[userId] = await editorsOf(userId);
      visible.invites[userId] = await invitesOf(userId);
    }
    return visible;
  };

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
    streams = await createDurableStreams(transport);
    await streams.ensureStream({
      name: STREAMS.domainEvents.name,
      subjects: [...STREAMS.domainEvents.subjects],
    });
    await streams.ensureStream({ ...STREAMS.chatLines, subjects: [...STREAMS.chatLines.subjects] });
    sessions = startProgram('services/sessions/dist/main.js', {
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      NATS_URL: nats.url,
      INSTALLATION_PREFIX: transport.prefix!,
      DATABASE_URL: database.url,
    });
    auth = await startServiceApp(
      'auth',
      { module: authStandIn(users, overlayLinks) },
      transport,
      'warn',
    );
    gateway = await startGatewayReplica();

    probe = signInable(freshName('probe'));
    await waitFor(
      async () =>
        (await callAs(probe.id, 'POST', '/api/sessions', { name: 'Probe' })).status === 201,
      { timeoutMs: 20_000, what: 'the sessions service to answer' },
    );
    for (const actor of ACTORS.filter((a) => a !== 'visitor')) {
      const user = signInable(`${actor}_${randomBytes(3).toString('hex')}`, {
        displayName: actor,
        profileImage: null,
        isApproved: actor !== 'pending',
        isAdmin: actor === 'admin',
      });
      cookies[actor] = cookieOf.get(user.id);
      people[actor] = user;
      await publishUser(user);
    }
    await usersApplied();
    const { owner, editor, former, approved } = people as Record<Actor, UserDto>;
    await addEditorLink(owner.id, editor.id);
    const formerLink = await addEditorLink(owner.id, former.id);
    await ok(owner.id, 200, 'DELETE', `/api/global-editors/${formerLink}`);
    const invited = await addUser(seeded.invitedUsername);
    seeded.invitedId = invited.id;
    seeded.pendingInviteFromOwner = (await addInvite(owner.id, invited.id)).id;
    await addUser(seeded.uninvitedUsername);
    seeded.answeredInvite = (await addInvite(approved.id, owner.id)).id;
    await answerInvite(owner.id, seeded.answeredInvite, 'declined');
    seeded.pendingInviteToOwner = (await addInvite(approved.id, owner.id)).id;
    seeded.othersIgnoredUser = (
      await ok<IgnoredUserDto>(editor.id, 201, 'POST', '/api/ignored-users', {
        username: 'their_troll',
      })
    ).id;
    await options.beforeMain?.(stack);
    sessionId = (await ok<SessionDto>(owner.id, 201, 'POST', '/api/sessions', { name: 'Main' })).id;
    chatterId = (await chatIn([{ login: 'viewer', userId: 't1', text: 'hi', sentAt: Date.now() }]))
      .id;
  };

  const stop = async () => {
    for (const replica of replicas) await replica.close();
    await gateway?.close();
    await auth?.close();
    await sessions?.stop();
    await streams?.close();
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
        const before = await everythingVisible();
        const answer = await call('owner', method, typeof path === 'string' ? path : path(), body);
        expect(answer.status).toBe(status);
        expect(answer.body).toMatchObject({ code });
        expect(await everythingVisible()).toEqual(before);
      },
    );

  const stack = {
    start,
    stop,
    call,
    callAt,
    callAs,
    callThroughOverlay,
    addGateway,
    table,
    refusals,
    cookies,
    people,
    seeded,
    subjectOf,
    addUser,
    addInvite,
    pendingInvite,
    addEditorLink,
    addIgnoredUser,
    hasEditorLink,
    hasIgnoredUser,
    isEditorOf,
    pendingInvites,
    inviteState,
    ignoredUsersOf,
    editorsOf,
    invitesOf,
    allSessions,
    session,
    sessionExists,
    chattersOf,
    chatter,
    totalChatters,
    chatIn,
    everythingVisible,
    /** The sessions service's database, for tests that seed what chat would take long to. */
    get databaseUrl() {
      return database!.url;
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
  return stack;
}
