import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebSocket } from 'ws';
import type { ChatterDto, ServerMessage, SessionDto } from '@greetboard/contracts';
import {
  createTestDatabase,
  startDemoRuntime,
  TEST_INFRASTRUCTURE,
  waitFor,
  type DemoRuntime,
  type TestDatabase,
} from '@greetboard/testing';
import { signInDemo } from './demo-sign-in.js';
import { Browser } from './sign-in-client.js';

/** One Greetboard installation: a standalone runtime with its own prefix and database. */
interface Installation {
  prefix: string;
  runtime: DemoRuntime;
  database: TestDatabase;
  streamer: Browser;
  session: SessionDto;
  received: ServerMessage[];
  socket: WebSocket;
}

const run = randomBytes(3).toString('hex');

async function startInstallation(name: string): Promise<Installation> {
  const prefix = `gb-${name}-${run}`;
  const database = await createTestDatabase(`greetboard_${name}`);
  // The same NATS server and the same Redis for both; only the prefix tells them apart.
  const runtime = await startDemoRuntime({
    name,
    env: {
      NATS_URL: TEST_INFRASTRUCTURE.nats,
      REDIS_URL: TEST_INFRASTRUCTURE.redis,
      DATABASE_URL: database.url,
      INSTALLATION_PREFIX: prefix,
    },
  });
  const streamer = new Browser();
  await signInDemo(runtime, streamer, 'demo_streamer');
  const created = await streamer.api(runtime.base, 'POST', '/api/sessions', {
    name: `Stream of ${name}`,
    keywords: '[]',
  });
  expect(created.status).toBe(201);
  const session = created.body as SessionDto;
  const socket = new WebSocket(runtime.wsUrl, {
    headers: { Cookie: streamer.cookieHeader(), Origin: runtime.origin },
  });
  const received: ServerMessage[] = [];
  socket.on('message', (data: Buffer) =>
    received.push(JSON.parse(data.toString()) as ServerMessage),
  );
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  socket.send(JSON.stringify({ type: 'join_session', payload: { sessionId: session.id } }));
  await runtime.waitForChannelJoined('demo_streamer', 30_000);
  return { prefix, runtime, database, streamer, session, received, socket };
}

const chat = (installation: Installation, login: string, text: string) =>
  installation.runtime.control('POST', '/control/channels/demo_streamer/messages', {
    messages: [{ login, text }],
  });

const newChatters = (installation: Installation) =>
  installation.received
    .filter((message) => message.type === 'new_chatter')
    .map((message) => message.payload);

const listedChatters = async (installation: Installation) => {
  const { base } = installation.runtime;
  const route = `/api/sessions/${installation.session.id}/chatters`;
  const answer = await installation.streamer.api(base, 'GET', route);
  return (answer.body as ChatterDto[]).map((chatter) => chatter.username);
};

describe('two installations with different prefixes on one NATS and one Redis', () => {
  let first: Installation;
  let second: Installation;

  beforeAll(async () => {
    first = await startInstallation('first');
    second = await startInstallation('second');
  }, 180_000);

  afterAll(async () => {
    for (const installation of [first, second]) {
      installation?.socket.close();
      await installation?.runtime.stop();
      await installation?.database.drop();
    }
  });

  it('are each ready, every service answering its own installation', async () => {
    for (const installation of [first, second]) {
      const response = await fetch(`${installation.runtime.base}/readyz`);
      // Ready needs only the gateway's bus; the body says that every service answered.
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 200,
        body: {
          status: 'ready',
          checks: {
            nats: 'up',
            keyValueStore: 'up',
            auth: 'up',
            sessions: 'up',
            stats: 'up',
            chatIngest: 'up',
          },
        },
      });
    }
  });

  it('each list only the chatters of their own Twitch chat', async () => {
    await chat(first, 'first_only_viewer', 'hello first');
    await chat(second, 'second_only_viewer', 'hello second');
    await waitFor(
      () =>
        newChatters(first).some((chatter) => chatter.username === 'first_only_viewer') &&
        newChatters(second).some((chatter) => chatter.username === 'second_only_viewer'),
      { timeoutMs: 30_000, what: 'each installation’s new chatter' },
    );
    expect(await listedChatters(first)).toContain('first_only_viewer');
    expect(await listedChatters(first)).not.toContain('second_only_viewer');
    expect(await listedChatters(second)).toContain('second_only_viewer');
    expect(await listedChatters(second)).not.toContain('first_only_viewer');
  });

  it('each relay only their own events to their live channel', () => {
    const usernames = (installation: Installation) =>
      newChatters(installation).map((chatter) => chatter.username);
    expect(usernames(first)).not.toContain('second_only_viewer');
    expect(usernames(second)).not.toContain('first_only_viewer');
    for (const installation of [first, second]) {
      for (const chatter of newChatters(installation)) {
        expect(chatter.sessionId).toBe(installation.session.id);
      }
    }
  });

  it('each know only their own sessions', async () => {
    for (const [own, other] of [
      [first, second],
      [second, first],
    ] as const) {
      const answer = await own.streamer.api(own.runtime.base, 'GET', '/api/sessions');
      const ids = (answer.body as SessionDto[]).map((session) => session.id);
      expect(ids).toEqual([own.session.id]);
      expect(ids).not.toContain(other.session.id);
    }
  });
});
