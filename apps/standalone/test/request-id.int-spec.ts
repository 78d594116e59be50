import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  startPrivateNatsServer,
  TEST_INFRASTRUCTURE,
  waitFor,
  type PrivateNatsServer,
} from '@greetboard/testing';
import { startChatCluster, type ChatCluster } from './chat-cluster.js';

interface LogLine {
  level: string;
  message: unknown;
  context?: string;
  requestId?: string;
}

/** Every JSON line a process printed, skipping anything else it wrote. */
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

/**
 * One request id from the HTTP request through NATS: the gateway echoes the caller's id (or
 * makes one), and the service that answers the gateway's NATS request logs under the same id.
 */
describe('request ids across NATS, in cluster mode', () => {
  let nats: PrivateNatsServer;
  let cluster: ChatCluster;

  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    cluster = await startChatCluster({
      natsUrl: nats.url,
      postgresAdminUrl: TEST_INFRASTRUCTURE.postgres,
      env: () => ({ LOG_FORMAT: 'json' }),
    });
    await cluster.start('auth');
    await cluster.start('gateway');
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
    await nats?.stop();
  });

  /** A login-session cookie of the right shape: the gateway asks auth about it over NATS. */
  const unknownSession = () => `greetboard_session=${randomBytes(32).toString('base64url')}`;

  it('carries the caller’s X-Request-Id to the service that answers, and echoes it', async () => {
    const requestId = `trace-${randomBytes(6).toString('hex')}`;
    const response = await fetch(`${cluster.gatewayUrl}/auth/me?optional=true`, {
      headers: { 'X-Request-Id': requestId, Cookie: unknownSession() },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe(requestId);
    const auth = cluster.processes.get('auth')!;
    const line = await waitFor(
      () =>
        jsonLines(auth.output()).find(
          (entry) => entry.requestId === requestId && String(entry.message).includes('Answered'),
        ),
      { timeoutMs: 10_000, what: 'the auth service’s log line for the request' },
    );
    expect(line).toMatchObject({ level: 'debug', context: 'bus' });
    expect(String(line.message)).toContain('auth.');
    // Lines written outside any request carry no id.
    const booted = jsonLines(auth.output()).find((entry) =>
      String(entry.message).includes('successfully started'),
    );
    expect(booted?.requestId).toBeUndefined();
  }, 30_000);

  it('makes an id when the caller sent none or one that is not a sane token', async () => {
    const ids: string[] = [];
    for (const header of [undefined, 'has spaces and "quotes"', 'x'.repeat(200)]) {
      const response = await fetch(`${cluster.gatewayUrl}/auth/me?optional=true`, {
        headers: {
          Cookie: unknownSession(),
          ...(header === undefined ? {} : { 'X-Request-Id': header }),
        },
      });
      const id = response.headers.get('x-request-id') ?? '';
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(3);
    const auth = cluster.processes.get('auth')!;
    await waitFor(
      () => ids.every((id) => jsonLines(auth.output()).some((entry) => entry.requestId === id)),
      { timeoutMs: 10_000, what: 'auth log lines under each generated id' },
    );
  }, 30_000);
});
