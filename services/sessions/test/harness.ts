import { randomUUID } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import pg from 'pg';
import {
  chatterMessageLines,
  DOMAIN_EVENTS,
  domainEventId,
  LIVE_EVENTS,
  sendRequest,
  type ChatLineReceived,
  type ChatterDto,
  type LiveChatterMessages,
  type LiveChattersEvent,
  type LiveSessionMessages,
  type LiveEventEnvelope,
  type RequestDefinition,
  type SessionActor,
  type UserChanged,
} from '@greetboard/contracts';
import { startServiceApp } from '@greetboard/service-kit';
import { createTestDatabase, waitFor, type TestDatabase } from '@greetboard/testing';
import {
  createDurableStreams,
  InProcessBroker,
  InProcessClient,
  type DurableStreams,
  type TransportRuntime,
} from '@greetboard/transport';
import { ChattersRepository, SessionsModule } from '../src/index.js';

/**
 * The sessions service on the in-process bus (the same semantics as NATS, proven by the
 * transport's contract suite) over a fresh PostgreSQL database. Users are seeded the way auth
 * publishes them: UserChanged on the domain-events stream.
 */
export interface SessionsHarness {
  broker: InProcessBroker;
  transport: TransportRuntime;
  service: INestMicroservice;
  streams: DurableStreams;
  db: pg.Pool;
  /** Every live-channel envelope the service emitted, in order. */
  liveEvents: LiveEventEnvelope[];
  /** Every chat-pipeline event (one per session and batch of chat lines), in order. */
  chatterEvents: LiveChattersEvent[];
  request<Req extends object, Res>(
    definition: RequestDefinition<Req, Res>,
    payload: Req,
  ): Promise<Res>;
  /** The error code a request fails with (fails the test if it succeeds). */
  failure<Req extends object, Res>(
    definition: RequestDefinition<Req, Res>,
    payload: Req,
  ): Promise<string>;
  seedUser(overrides?: Partial<UserChanged>): Promise<TestUser>;
  chatters: ChattersRepository;
  close(): Promise<void>;
}

export interface TestUser extends UserChanged {
  actor: SessionActor;
}

let userCounter = 0;

export async function startSessionsHarness(): Promise<SessionsHarness> {
  const database: TestDatabase = await createTestDatabase('greetboard_sessions');
  const broker = new InProcessBroker();
  const transport: TransportRuntime = { kind: 'in-process', broker };
  const streams = await createDurableStreams(transport);
  const service = await startServiceApp(
    'sessions',
    SessionsModule.register({
      transport,
      database: { kind: 'postgres', url: database.url },
      streams,
    }),
    transport,
    'warn',
  );
  const client = new InProcessClient(broker);
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  const liveEvents: LiveEventEnvelope[] = [];
  broker.subscribe(LIVE_EVENTS.relay.subject, (message) => {
    liveEvents.push((message.json() as { data: LiveEventEnvelope }).data);
  });
  // Each session part of the chat pipeline's events, read back as the chatters it carries.
  const chatterEvents: LiveChattersEvent[] = [];
  broker.subscribe(LIVE_EVENTS.chatterMessages.subject, (message) => {
    const { data } = message.json() as { data: LiveChatterMessages };
    for (const part of data.sessions) chatterEvents.push(asChattersEvent(part));
  });

  const harness: SessionsHarness = {
    broker,
    transport,
    service,
    streams,
    db,
    liveEvents,
    chatterEvents,
    chatters: service.get(ChattersRepository),
    request: (definition, payload) => sendRequest(client, definition, payload),
    failure: async (definition, payload) => {
      const outcome = await sendRequest(client, definition, payload).then(
        () => 'succeeded',
        (error: { code?: string }) => error.code ?? 'no code',
      );
      return outcome;
    },
    seedUser: async (overrides = {}) => {
      userCounter += 1;
      const user: UserChanged = {
        id: randomUUID(),
        username: `user_${userCounter}_${randomUUID().slice(0, 6)}`,
        displayName: `User ${userCounter}`,
        profileImage: `https://images.example/${userCounter}.png`,
        twitchId: String(1_000_000 + userCounter),
        isApproved: true,
        isAdmin: false,
        updatedAt: new Date().toISOString(),
        ...overrides,
      };
      await publishUser(streams, user);
      await waitFor(
        async () =>
          (
            await db.query(`SELECT 1 FROM sessions.users WHERE id = $1 AND updated_at = $2`, [
              user.id,
              user.updatedAt,
            ])
          ).rowCount === 1,
        { what: `user ${user.username} in the projection` },
      );
      return { ...user, actor: actorOf(user) };
    },
    close: async () => {
      await service.close();
      await streams.close();
      client.close();
      await db.end();
      await database.drop();
    },
  };
  return harness;
}

export function actorOf(user: UserChanged): SessionActor {
  return {
    id: user.id,
    username: user.username,
    isApproved: user.isApproved,
    isAdmin: user.isAdmin,
  };
}

export async function publishUser(streams: DurableStreams, user: UserChanged): Promise<void> {
  const subject = DOMAIN_EVENTS.userChanged.subject;
  await streams.publish(subject, user, { msgId: domainEventId(subject, user.id, user.updatedAt) });
}

/** Publishes `user` and waits until the sessions service's projection holds it. */
export async function projectUser(
  streams: DurableStreams,
  db: pg.Pool,
  user: UserChanged,
): Promise<void> {
  await publishUser(streams, user);
  await waitFor(
    async () =>
      (await db.query('SELECT 1 FROM sessions.users WHERE id = $1', [user.id])).rowCount === 1,
    { what: `user ${user.username} in the users projection` },
  );
}

let lineCounter = 0;

/** A chat line in `channel` from the chatter `login` (Twitch user id derived from the login). */
export function chatLine(
  channel: string,
  login: string,
  text = 'hello there',
  overrides: Partial<ChatLineReceived> = {},
): ChatLineReceived {
  lineCounter += 1;
  return {
    id: randomUUID(),
    channel,
    channelId: '1',
    userId: `tw-${login}`,
    login,
    displayName: login.toUpperCase(),
    text,
    sentAt: Date.UTC(2026, 0, 1) + lineCounter * 1_000,
    firstMessage: false,
    returningChatter: false,
    ...overrides,
  };
}

/** A session's part of a `LiveChatterMessages` event as the chatters its message lines carry. */
function asChattersEvent(part: LiveSessionMessages): LiveChattersEvent {
  const lines = chatterMessageLines(part.messages);
  if (!lines || lines.length !== part.linesSentAt.length) {
    throw new Error(`Malformed chatter messages of session ${part.sessionId}`);
  }
  const event: LiveChattersEvent = {
    sessionId: part.sessionId,
    userIds: part.userIds,
    created: [],
    updated: [],
    ...(part.listVersion === undefined ? {} : { listVersion: part.listVersion }),
  };
  const linesSentAt: Record<string, number> = {};
  for (const [index, line] of lines.entries()) {
    const { type, payload } = JSON.parse(line) as { type: string; payload: ChatterDto };
    (type === 'new_chatter' ? event.created : event.updated).push(payload);
    if (part.linesSentAt[index] >= 0) linesSentAt[payload.id] = part.linesSentAt[index];
  }
  if (Object.keys(linesSentAt).length > 0) event.linesSentAt = linesSentAt;
  return event;
}
