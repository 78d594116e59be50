import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  chatLineSubject,
  ERROR_CODES,
  type ChatLineReceived,
  type ChatterDto,
  type SessionDto,
} from '@greetboard/contracts';
import {
  startPrivateNatsServer,
  startPrivatePostgresServer,
  waitFor,
  type PrivateNatsServer,
  type PrivatePostgresServer,
} from '@greetboard/testing';
import { JetStreamDurableStreams } from '@greetboard/transport';
import type { AuthStack } from './auth-stack.js';
import { startChatCluster, type ChatCluster } from './chat-cluster.js';
import { signedInBrowser, type Browser } from './sign-in-client.js';

interface LogLine {
  level: string;
  message: unknown;
  context?: string;
  requestId?: string;
}

function jsonLines(output: string): LogLine[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as LogLine];
      } catch {
        return [];
      }
    });
}

const ADMIN = 'outage_admin';

/**
 * Readiness that does not cascade, in cluster mode: gateway, auth, sessions and stats each in
 * their own process, on a NATS and a PostgreSQL server of the test's own. With stats stopped,
 * only the statistics routes answer 503 and the gateway stays ready (naming stats as down); with
 * the database stopped, the routes that need it answer 503 DATABASE_UNAVAILABLE. Each 5xx writes
 * one gateway log line with its request id, and both outages heal without a restart of anything
 * else.
 */
describe('outages in cluster mode', () => {
  let nats: PrivateNatsServer;
  let postgres: PrivatePostgresServer;
  let cluster: ChatCluster;
  let streams: JetStreamDurableStreams;
  let webDir: string;
  let browser: Browser;
  let session: SessionDto;
  let chatter: ChatterDto;

  const api = (method: string, path: string, body?: unknown) =>
    browser.api(cluster.gatewayUrl, method, path, body);
  const readiness = async () => {
    const response = await fetch(`${cluster.gatewayUrl}/readyz`);
    return {
      status: response.status,
      body: (await response.json()) as { status: string; checks: Record<string, string> },
    };
  };
  /** A call that must fail: its status, body and the gateway's error lines for it. */
  const failing = async (path: string) => {
    const response = await browser.fetch(`${cluster.gatewayUrl}${path}`);
    const requestId = response.headers.get('x-request-id') ?? '';
    const body = await response.json();
    const lines = () =>
      jsonLines(cluster.processes.get('gateway')!.output()).filter(
        (line) => line.level === 'error' && line.requestId === requestId,
      );
    return { status: response.status, body, requestId, lines };
  };
  const chattersOf = async (sessionId: string) => {
    const answer = await api('GET', `/api/sessions/${sessionId}/chatters`);
    if (answer.status !== 200) throw new Error(`chatters answered ${answer.status}`);
    return answer.body as ChatterDto[];
  };

  beforeAll(async () => {
    [nats, postgres] = await Promise.all([startPrivateNatsServer(), startPrivatePostgresServer()]);
    webDir = await mkdtemp(path.join(tmpdir(), 'greetboard-web-'));
    await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Greetboard</title>');
    cluster = await startChatCluster({
      natsUrl: nats.url,
      postgresAdminUrl: postgres.adminUrl,
      env: (name) => ({
        LOG_FORMAT: 'json',
        ...(name === 'gateway' ? { WEB_DIST_DIR: webDir } : {}),
        ...(name === 'auth' ? { ADMIN_TWITCH_LOGINS: ADMIN } : {}),
      }),
    });
    await Promise.all(
      ['gateway', 'auth', 'sessions-1', 'stats'].map((name) => cluster.start(name)),
    );
    streams = await JetStreamDurableStreams.connect(nats.url, cluster.installation);
    // Auth's PUBLIC_URL is http://localhost:<port>: Twitch must know its callback.
    const publicUrl = cluster.gatewayUrl.replace('127.0.0.1', 'localhost');
    cluster.emulator.state.tokens.registerClient({
      clientId: 'fault-client',
      clientSecret: 'fault-secret',
      redirectUris: [`${publicUrl}/auth/twitch/callback`],
    });
    browser = await signedInBrowser(
      { url: cluster.gatewayUrl, emulator: cluster.emulator } as AuthStack,
      ADMIN,
    );
    // The sessions service learns of the user from auth's events: creating waits for that.
    session = await waitFor(
      async () => {
        const created = await api('POST', '/api/sessions', { name: 'Outage' });
        return created.status === 201 ? (created.body as SessionDto) : undefined;
      },
      { timeoutMs: 20_000, what: 'the first session to be created' },
    );
    expect((await api('PUT', `/api/sessions/${session.id}`, { isActive: true })).status).toBe(200);
    const line: ChatLineReceived = {
      id: randomUUID(),
      channel: ADMIN,
      channelId: '0',
      userId: '4242',
      login: 'steady_viewer',
      displayName: 'Steady_viewer',
      text: 'hello',
      sentAt: Date.now(),
      firstMessage: true,
      returningChatter: false,
    };
    await streams.publish(chatLineSubject(ADMIN), line, { msgId: line.id });
    chatter = await waitFor(
      async () => (await chattersOf(session.id)).find((c) => c.username === 'steady_viewer'),
      { timeoutMs: 20_000, what: 'the chat line to be counted' },
    );
    await waitFor(
      async () => {
        const answer = await api('GET', '/api/statistics?tz=UTC');
        if (answer.status === 200) return true;
        throw new Error(`statistics answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      },
      { timeoutMs: 20_000, what: 'statistics to answer' },
    );
  }, 180_000);

  afterAll(async () => {
    await streams?.close();
    await cluster?.close();
    await nats?.dispose();
    await postgres?.dispose();
    if (webDir) await rm(webDir, { recursive: true, force: true });
  }, 60_000);

  const withLogs = async (work: () => Promise<void>) =>
    work().catch((error: unknown) => {
      process.stdout.write(`[outage] process logs:\n${cluster.logs()}\n`);
      throw error;
    });

  it('with stats stopped, only statistics answer 503 and the gateway stays ready', async () => {
    await withLogs(async () => {
      expect(await cluster.stop('stats')).toBe(0);

      for (const route of ['/api/statistics', `/api/statistics/sessions/${session.id}`]) {
        const answer = await failing(`${route}?tz=Europe%2FBerlin`);
        expect({ status: answer.status, body: answer.body }).toEqual({
          status: 503,
          body: { error: ERROR_CODES.SERVICE_UNAVAILABLE, code: 'SERVICE_UNAVAILABLE' },
        });
        const lines = await waitFor(
          () => (answer.lines().length > 0 ? answer.lines() : undefined),
          {
            timeoutMs: 5_000,
            what: `the gateway's log line for ${route}`,
          },
        );
        expect(lines).toHaveLength(1);
        // The path without its query string, which may carry secrets.
        expect(String(lines[0].message)).toMatch(
          new RegExp(`^GET ${route} answered 503 SERVICE_UNAVAILABLE in \\d+ ms \\(request `),
        );
      }

      expect((await api('GET', '/auth/me')).status).toBe(200);
      expect((await api('GET', '/api/sessions')).status).toBe(200);
      expect((await chattersOf(session.id)).map((c) => c.id)).toContain(chatter.id);
      const greeted = await api('PUT', `/api/chatters/${chatter.id}/greet`, { isGreeted: true });
      expect(greeted).toMatchObject({ status: 200, body: { isGreeted: true } });
      const page = await browser.fetch(`${cluster.gatewayUrl}/dashboard`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>Greetboard</title>');

      expect(await readiness()).toMatchObject({
        status: 200,
        body: {
          status: 'ready',
          checks: { nats: 'up', keyValueStore: 'up', auth: 'up', sessions: 'up', stats: 'down' },
        },
      });

      await cluster.start('stats');
      await waitFor(async () => (await api('GET', '/api/statistics?tz=UTC')).status === 200, {
        timeoutMs: 20_000,
        what: 'statistics to answer again',
      });
      expect((await readiness()).body.checks.stats).toBe('up');
    });
  }, 90_000);

  it('with the database stopped, its routes answer 503 DATABASE_UNAVAILABLE, then recover', async () => {
    await withLogs(async () => {
      await postgres.stop();
      try {
        const answer = await failing('/api/sessions');
        expect({ status: answer.status, body: answer.body }).toEqual({
          status: 503,
          body: { error: ERROR_CODES.DATABASE_UNAVAILABLE, code: 'DATABASE_UNAVAILABLE' },
        });
        const lines = await waitFor(
          () => (answer.lines().length > 0 ? answer.lines() : undefined),
          {
            timeoutMs: 5_000,
            what: `the gateway's log line for the outage`,
          },
        );
        expect(lines).toHaveLength(1);
        expect(String(lines[0].message)).toContain('answered 503 DATABASE_UNAVAILABLE');
        // The services say their database is away; the gateway can serve and stays ready.
        const ready = await readiness();
        expect(ready.status).toBe(200);
        expect(ready.body.checks).toMatchObject({ nats: 'up', sessions: 'down' });
        const page = await browser.fetch(`${cluster.gatewayUrl}/dashboard`);
        expect(page.status).toBe(200);
      } finally {
        await postgres.start();
      }
      await waitFor(async () => (await api('GET', '/api/sessions')).status === 200, {
        timeoutMs: 30_000,
        what: 'the sessions to answer after the database is back',
      });
      expect((await chattersOf(session.id)).find((c) => c.id === chatter.id)).toMatchObject({
        isGreeted: true,
      });
      await waitFor(async () => (await readiness()).body.checks.sessions === 'up', {
        timeoutMs: 20_000,
        what: 'sessions to be ready again',
      });
    });
  }, 90_000);
});
