import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  DOMAIN_EVENTS,
  domainEventId,
  SESSIONS_REQUESTS,
  sendRequest,
  type SessionActor,
  type UserChanged,
} from '@greetboard/contracts';
import {
  createTestDatabase,
  freePort,
  startPrivateNatsServer,
  startPrivatePostgresServer,
  startProgram,
  TEST_INFRASTRUCTURE,
  waitFor,
  type RunningProgram,
  type TestDatabase,
} from '@greetboard/testing';
import { keyPrefixOf } from '@greetboard/config';
import { createKeyValueStore } from '@greetboard/kv';
import { startTwitchEmulator, type TwitchEmulator } from '@greetboard/twitch-emulator';
import { FailFastNatsClient, JetStreamDurableStreams } from '@greetboard/transport';

/**
 * Greetboard in cluster mode for fault tests: every service in its own process (`node
 * services/<svc>/dist/main.js`) over the shared NATS, PostgreSQL and Redis, reading chat from a
 * Twitch emulator that runs in the test process. Each cluster has its own database, its own
 * Redis key prefix for chat-ingest's leases and its own channel logins; with a NATS server of
 * the test's own, nothing is shared with other runs but the PostgreSQL and Redis servers.
 */
export interface ChatCluster {
  /** The cluster's INSTALLATION_PREFIX: a client of its own must speak with it. */
  installation: string;
  emulator: TwitchEmulator;
  database: TestDatabase;
  db: pg.Pool;
  gatewayUrl: string;
  /** Running processes by name: gateway, auth, sessions-1.., stats, ingest-1.. */
  readonly processes: Map<string, RunningProgram>;
  /** Starts (or starts again) the named process and waits until it has booted. */
  start(name: string): Promise<RunningProgram>;
  /** kill -9 and wait for the process to be gone. */
  kill(name: string): Promise<void>;
  /** SIGTERM (a graceful shutdown, as in a rolling deploy); answers the exit code. */
  stop(name: string): Promise<number | string>;
  /** A streamer with an active session: emulator user, sessions user, session, joined channel. */
  addChannel(): Promise<MonitoredChannel>;
  /** message_count per chatter login in a session. */
  counts(sessionId: string): Promise<Record<string, number>>;
  /** Message ids the session counted (sessions.chat_lines_seen). */
  seenIds(sessionId: string): Promise<Set<string>>;
  /** The chat-ingest process (ingest-1..) holding the channel's lease, if any. */
  leaseHolder(login: string): Promise<string | undefined>;
  /** Logs of every process, for failure messages. */
  logs(): string;
  close(): Promise<void>;
}

export interface MonitoredChannel {
  login: string;
  sessionId: string;
  actor: SessionActor;
}

export interface ClusterOptions {
  /** NATS with JetStream; the test's own server (startPrivateNatsServer) isolates the streams. */
  natsUrl: string;
  /** The `postgres` database of the server to use; the test's own (startPrivatePostgresServer). */
  postgresAdminUrl: string;
  /** Further environment of a process, by name (e.g. METRICS_PORT). */
  env?: (name: string) => Record<string, string>;
}

const CLIENT = { clientId: 'fault-client', clientSecret: 'fault-secret' };
/** Logged by every service once it has started (for the gateway: once it listens). */
const BOOTED = /is ready/;

export async function startChatCluster(options: ClusterOptions): Promise<ChatCluster> {
  const emulator = await startTwitchEmulator({
    httpPort: 0,
    ircPort: 0,
    clients: [{ ...CLIENT, redirectUris: [] }],
  });
  const database = await createTestDatabase('greetboard_fault', options.postgresAdminUrl);
  const db = new pg.Pool({ connectionString: database.url, max: 2 });
  // The PostgreSQL restart test ends idle connections: the pool drops them and reconnects.
  db.on('error', () => undefined);
  const run = randomBytes(3).toString('hex');
  const port = await freePort();
  // The cluster's own installation: its subjects, streams and keys meet no other test's.
  const installation = `fault-${run}`;
  const streams = await JetStreamDurableStreams.connect(options.natsUrl, installation);
  const bus = new FailFastNatsClient({ servers: [options.natsUrl] });
  bus.prefix = installation;
  const kv = createKeyValueStore(
    { REDIS_URL: TEST_INFRASTRUCTURE.redis },
    keyPrefixOf({ INSTALLATION_PREFIX: installation }),
  );
  const replicaId = (name: string) => `fault-${run}-${name}`;
  const processes = new Map<string, RunningProgram>();
  const stopped: RunningProgram[] = [];
  let channelCounter = 0;

  const common = {
    NODE_ENV: 'test',
    // Debug: the request-id test reads each service's log of the requests it answers.
    LOG_LEVEL: 'debug',
    NATS_URL: options.natsUrl,
    REDIS_URL: TEST_INFRASTRUCTURE.redis,
    DATABASE_URL: database.url,
    INSTALLATION_PREFIX: installation,
  };
  const envOf = (name: string): [string, Record<string, string>] => {
    if (name === 'gateway')
      return ['services/gateway/dist/main.js', { ...common, PORT: String(port) }];
    if (name === 'auth')
      return [
        'services/auth/dist/main.js',
        {
          ...common,
          TWITCH_CLIENT_ID: CLIENT.clientId,
          TWITCH_CLIENT_SECRET: CLIENT.clientSecret,
          TWITCH_ID_URL: emulator.httpUrl,
          TWITCH_API_URL: emulator.httpUrl,
          TWITCH_IRC_URL: emulator.ircWsUrl,
          TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          PUBLIC_URL: `http://localhost:${port}`,
        },
      ];
    if (name.startsWith('sessions-')) return ['services/sessions/dist/main.js', common];
    if (name === 'stats') return ['services/stats/dist/main.js', common];
    if (name.startsWith('ingest-'))
      return [
        'services/chat-ingest/dist/main.js',
        {
          ...common,
          TWITCH_IRC_URL: emulator.ircWsUrl,
          CHAT_INGEST_REPLICA_ID: replicaId(name),
        },
      ];
    throw new Error(`unknown process ${name}`);
  };

  const cluster: ChatCluster = {
    installation,
    emulator,
    database,
    db,
    gatewayUrl: `http://127.0.0.1:${port}`,
    processes,
    start: async (name) => {
      const [script, baseEnv] = envOf(name);
      const env = { ...baseEnv, ...options.env?.(name) };
      const previous = processes.get(name);
      if (previous) stopped.push(previous);
      const program = startProgram(script, env);
      processes.set(name, program);
      await waitFor(
        () => {
          if (program.child.exitCode !== null)
            throw new Error(`${name} exited while starting:\n${program.output()}`);
          return BOOTED.test(program.output());
        },
        { timeoutMs: 30_000, what: `${name} to boot` },
      );
      return program;
    },
    kill: async (name) => {
      const program = processes.get(name);
      if (!program) throw new Error(`${name} is not running`);
      program.child.kill('SIGKILL');
      await program.exited;
    },
    stop: (name) => {
      const program = processes.get(name);
      if (!program) throw new Error(`${name} is not running`);
      return program.stop('SIGTERM');
    },
    addChannel: async () => {
      channelCounter += 1;
      const login = `fault_${run}_${channelCounter}`;
      const twitchUser = emulator.state.users.create({ login });
      const user: UserChanged = {
        id: randomUUID(),
        username: login,
        displayName: twitchUser.displayName,
        profileImage: twitchUser.profileImageUrl,
        twitchId: twitchUser.id,
        isApproved: true,
        isAdmin: false,
        updatedAt: new Date().toISOString(),
      };
      const subject = DOMAIN_EVENTS.userChanged.subject;
      await streams.publish(subject, user, {
        msgId: domainEventId(subject, user.id, user.updatedAt),
      });
      await waitFor(
        async () =>
          (await db.query(`SELECT 1 FROM sessions.users WHERE id = $1`, [user.id])).rowCount === 1,
        { timeoutMs: 20_000, what: `user ${login} in the sessions projection` },
      );
      const actor: SessionActor = {
        id: user.id,
        username: login,
        isApproved: true,
        isAdmin: false,
      };
      const session = await sendRequest(bus, SESSIONS_REQUESTS.createSession, {
        actor,
        name: 'Fault test',
      });
      await sendRequest(bus, SESSIONS_REQUESTS.updateSession, {
        actor,
        sessionId: session.id,
        isActive: true,
      });
      return { login, sessionId: session.id, actor };
    },
    counts: async (sessionId) => {
      const { rows } = await db.query<{ username: string; message_count: number }>(
        `SELECT username, message_count FROM sessions.chatters WHERE session_id = $1`,
        [sessionId],
      );
      return Object.fromEntries(rows.map((row) => [row.username, row.message_count]));
    },
    seenIds: async (sessionId) => {
      const { rows } = await db.query<{ message_id: string }>(
        `SELECT message_id FROM sessions.chat_lines_seen WHERE session_id = $1`,
        [sessionId],
      );
      return new Set(rows.map((row) => row.message_id));
    },
    leaseHolder: async (login) => {
      const holder = await kv.get(`chat-ingest:lease:${login}`);
      return [...processes.keys()].find((name) => holder !== null && replicaId(name) === holder);
    },
    logs: () =>
      [...stopped.map((program) => ['(stopped)', program] as const), ...processes]
        .map(([name, program]) => `--- ${name}\n${program.output().slice(-4_000)}`)
        .join('\n'),
    close: async () => {
      await Promise.all([...processes.values()].map((program) => program.stop('SIGKILL')));
      await bus.close();
      await kv.close();
      await streams.close();
      await db.end();
      await emulator.close();
      await database.drop();
    },
  };
  return cluster;
}

/** Joined to the channel in the emulator's view (a chat-ingest connection receives its lines). */
export function joinedChannels(emulator: TwitchEmulator): Set<string> {
  return new Set(emulator.state.irc.joinedChannels());
}

/** A cluster reading chat, on a NATS and a PostgreSQL server of its own. */
export interface ReadingCluster {
  cluster: ChatCluster;
  channels: MonitoredChannel[];
  /** Stops the processes, the emulator and both servers. */
  close(): Promise<void>;
}

/**
 * Gateway, auth, one sessions and two chat-ingest replicas, with `count` monitored channels
 * that chat-ingest has joined.
 */
export async function startReadingCluster(count: number): Promise<ReadingCluster> {
  const [nats, postgres] = await Promise.all([
    startPrivateNatsServer(),
    startPrivatePostgresServer(),
  ]);
  const cluster = await startChatCluster({
    natsUrl: nats.url,
    postgresAdminUrl: postgres.adminUrl,
  });
  const close = async () => {
    await cluster.close();
    await nats.dispose();
    await postgres.dispose();
  };
  await Promise.all(
    ['gateway', 'auth', 'sessions-1', 'ingest-1', 'ingest-2'].map((name) => cluster.start(name)),
  );
  const channels: MonitoredChannel[] = [];
  for (let i = 0; i < count; i++) channels.push(await cluster.addChannel());
  await waitFor(
    () => {
      const joined = joinedChannels(cluster.emulator);
      return channels.every((channel) => joined.has(channel.login));
    },
    { timeoutMs: 30_000, what: 'chat-ingest to join every channel' },
  );
  return { cluster, channels, close };
}
