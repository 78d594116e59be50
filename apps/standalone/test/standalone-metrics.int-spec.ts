import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { WebSocket } from 'ws';
import type { ServerMessage, SessionDto } from '@greetboard/contracts';
import {
  createTestDatabase,
  freePort,
  startDemoRuntime,
  TEST_INFRASTRUCTURE,
  waitFor,
  type DemoRuntime,
  type TestDatabase,
} from '@greetboard/testing';
import { signInDemo } from './demo-sign-in.js';
import { Browser } from './sign-in-client.js';

/**
 * The standalone runtime runs every service in one process, so its /metrics is the union of
 * their families; a chat line that reaches a live socket is timed from its Twitch timestamp.
 */
let runtime: DemoRuntime;
let database: TestDatabase;
let metricsPort: number;
let socket: WebSocket | undefined;

const scrape = async () => (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();

beforeAll(async () => {
  database = await createTestDatabase('greetboard_standalone_metrics');
  metricsPort = await freePort();
  runtime = await startDemoRuntime({
    name: 'metrics',
    env: {
      NATS_URL: TEST_INFRASTRUCTURE.nats,
      REDIS_URL: TEST_INFRASTRUCTURE.redis,
      DATABASE_URL: database.url,
      INSTALLATION_PREFIX: `gb-metrics-${process.pid}`,
      METRICS_PORT: String(metricsPort),
    },
  });
}, 180_000);

afterAll(async () => {
  socket?.close();
  await runtime?.stop();
  await database?.drop();
});

describe('the standalone runtime’s metrics', () => {
  it('hold every service’s families and readiness', async () => {
    const text = await scrape();
    for (const family of [
      'greetboard_live_sockets',
      'greetboard_channel_leases_held',
      'greetboard_chatter_upsert_duration_seconds',
      'greetboard_consumer_messages_total',
    ])
      expect(text).toContain(`# TYPE ${family} `);
    for (const service of ['gateway', 'auth', 'sessions', 'chat-ingest', 'stats'])
      expect(text).toContain(`greetboard_ready{service="${service}"} 1`);
  });

  it('time a chat line from Twitch to the live socket showing its session', async () => {
    const streamer = new Browser();
    await signInDemo(runtime, streamer, 'demo_streamer');
    const created = await streamer.api(runtime.base, 'POST', '/api/sessions', {
      name: 'Timed stream',
      keywords: '[]',
    });
    const session = created.body as SessionDto;
    socket = new WebSocket(runtime.wsUrl, {
      headers: { Cookie: streamer.cookieHeader(), Origin: runtime.origin },
    });
    const received: ServerMessage[] = [];
    socket.on('message', (data: Buffer) =>
      received.push(JSON.parse(data.toString()) as ServerMessage),
    );
    await new Promise((resolve, reject) => socket!.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ type: 'join_session', payload: { sessionId: session.id } }));
    await runtime.waitForChannelJoined('demo_streamer', 30_000);
    const scraped = async () => {
      const text = await scrape();
      const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN);
      return {
        count: value(/^greetboard_chat_line_to_socket_seconds_count\S* (\d+)$/m),
        under10s: value(/^greetboard_chat_line_to_socket_seconds_bucket\{le="10"[^}]*\} (\d+)$/m),
      };
    };
    // The demo chat trickles lines into the channel too: every chatter message this socket
    // gets comes from a line, and each is one observation when the gateway sends it.
    const chatterMessages = () =>
      received.filter(
        (message) => message.type === 'new_chatter' || message.type === 'chatter_update',
      ).length;

    await runtime.control('POST', '/control/channels/demo_streamer/messages', {
      messages: [{ login: 'timed_viewer', text: 'hello' }],
    });
    await waitFor(
      () =>
        received.some(
          (message) =>
            message.type === 'new_chatter' &&
            (message.payload as { username?: string }).username === 'timed_viewer',
        ),
      { timeoutMs: 30_000, what: 'the new chatter on the socket' },
    );
    let last = await scraped();
    // Observed when sent, so the figure can run ahead of what arrived here for a moment.
    await waitFor(
      async () => {
        last = await scraped();
        return last.count === chatterMessages();
      },
      { timeoutMs: 10_000, what: 'one observation per chatter message sent' },
    ).catch(() => undefined);
    expect(last.count).toBe(chatterMessages());
    expect(last.count).toBeGreaterThanOrEqual(1);
    // Under the 10 s bucket: each line took well under that on this machine.
    expect(last.under10s).toBe(last.count);
  }, 90_000);
});
