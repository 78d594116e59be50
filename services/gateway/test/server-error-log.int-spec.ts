import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  Controller,
  Logger,
  Module,
  type INestMicroservice,
  type LoggerService,
} from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import pg from 'pg';
import { AUTH_REQUESTS, SessionRequest, type UserDto } from '@greetboard/contracts';
import { MemoryKeyValueStore, RedisKeyValueStore } from '@greetboard/kv';
import { startServiceApp } from '@greetboard/service-kit';
import { freePort } from '@greetboard/testing';
import { InProcessBroker, OnRequest, type TransportRuntime } from '@greetboard/transport';
import { startGateway, type RunningGateway } from '../src/gateway-app.js';

interface Line {
  level: 'error' | 'warn' | 'log';
  message: string;
  context?: string;
  stack?: string;
}

/** Every line the process's Nest loggers write, with the context last, as Nest passes it. */
class CapturingLogger implements LoggerService {
  readonly lines: Line[] = [];
  error(message: unknown, ...rest: unknown[]): void {
    const context = rest.at(-1);
    const stack = rest.length > 1 ? rest[0] : undefined;
    this.lines.push({
      level: 'error',
      message: String(message),
      context: typeof context === 'string' ? context : undefined,
      stack: typeof stack === 'string' ? stack : undefined,
    });
  }
  warn(message: unknown, ...rest: unknown[]): void {
    const context = rest.at(-1);
    this.lines.push({
      level: 'warn',
      message: String(message),
      context: typeof context === 'string' ? context : undefined,
    });
  }
  log(): void {}
  debug(): void {}
  verbose(): void {}
}

const cookie = () => randomBytes(32).toString('base64url');
const user = (): UserDto => ({
  id: randomUUID(),
  username: 'ada',
  displayName: 'Ada',
  profileImage: null,
  twitchId: '1',
  isApproved: true,
  isAdmin: false,
});

/**
 * Every 5xx answer of the gateway writes exactly one error line, with method, path (without
 * its query string), status, code, request id and duration; other answers write none. The
 * gateway runs with an auth stand-in on the in-process bus: one cookie is a signed-in user (the
 * statistics service does not run, so its routes answer 503), one makes auth's real database
 * query fail against a port nobody listens on (503 DATABASE_UNAVAILABLE).
 */
describe('the gateway’s log line for each server error', () => {
  const signedIn = cookie();
  const databaseDown = cookie();
  const logger = new CapturingLogger();
  let gateway: RunningGateway;
  let auth: INestMicroservice;
  let pool: pg.Pool;

  beforeAll(async () => {
    pool = new pg.Pool({ host: '127.0.0.1', port: await freePort(), user: 'postgres' });
    const ada = user();
    @Controller()
    class AuthStandIn {
      @OnRequest(AUTH_REQUESTS.resolveSession)
      async resolve(@Payload() request: SessionRequest): Promise<{ user: UserDto | null }> {
        if (request.sessionId === databaseDown) await pool.query('SELECT 1');
        return { user: request.sessionId === signedIn ? ada : null };
      }
    }
    @Module({ controllers: [AuthStandIn] })
    class AuthStandInModule {}

    const transport: TransportRuntime = { kind: 'in-process', broker: new InProcessBroker() };
    auth = await startServiceApp('auth', { module: AuthStandInModule }, transport, 'warn');
    gateway = await startGateway({
      config: { HOST: '127.0.0.1', PORT: 0, SHUTDOWN_GRACE_MS: 1_000, LOG_LEVEL: 'warn' },
      transport,
      kv: new MemoryKeyValueStore(),
    });
    Logger.overrideLogger(logger);
  });

  afterAll(async () => {
    await gateway?.close();
    await auth?.close();
    await pool?.end();
  });

  beforeEach(() => {
    logger.lines.length = 0;
  });

  const get = async (path: string, session?: string) => {
    const started = Date.now();
    const response = await fetch(`${gateway.url}${path}`, {
      headers: session ? { Cookie: `greetboard_session=${session}` } : {},
    });
    const body = (await response.json()) as { code?: string };
    return {
      status: response.status,
      code: body.code,
      requestId: response.headers.get('x-request-id') ?? '',
      tookMs: Date.now() - started,
    };
  };
  /** The error lines of the gateway's HTTP layer that name this request. */
  const linesOf = (requestId: string) =>
    logger.lines.filter((line) => line.level === 'error' && line.message.includes(requestId));

  it('writes one line for a 503 of a service that is down, without the query string', async () => {
    const answer = await get('/api/statistics?tz=Europe%2FBerlin', signedIn);
    expect(answer).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    const lines = linesOf(answer.requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0].context).toBe('http');
    expect(lines[0].stack).toBeUndefined();
    const match =
      /^GET \/api\/statistics answered 503 SERVICE_UNAVAILABLE in (\d+) ms \(request (.+)\)$/.exec(
        lines[0].message,
      );
    expect(match?.[2]).toBe(answer.requestId);
    expect(Number(match?.[1])).toBeLessThanOrEqual(answer.tookMs);
    expect(JSON.stringify(logger.lines)).not.toContain('Berlin');
  });

  it('writes one line for a database outage behind a service, which answers 503 with its code', async () => {
    const answer = await get('/auth/me', databaseDown);
    expect(answer).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE' });
    const lines = linesOf(answer.requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0].message).toMatch(/^GET \/auth\/me answered 503 DATABASE_UNAVAILABLE in \d+ ms/);
    // The service names the cause in a warning of its own, not as a bug with a stack.
    expect(logger.lines).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: expect.stringContaining('DATABASE_UNAVAILABLE in a message handler'),
      }),
    );
  });

  it('writes no error line for answers below 500', async () => {
    const answers = [
      await get('/api/statistics'),
      await get('/auth/me?optional=true', signedIn),
      await get('/healthz'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([401, 200, 200]);
    expect(logger.lines.filter((line) => line.level === 'error')).toEqual([]);
  });
});

/**
 * The gateway's own key-value store (Redis, behind the rate limits) away: the routes it guards
 * answer 503 SERVICE_UNAVAILABLE instead of 500, and the gateway stays ready (Redis is shared by
 * every replica: pulling them all would not help), naming the store as down.
 */
describe('a gateway whose key-value store is unreachable', () => {
  let gateway: RunningGateway;
  let kv: RedisKeyValueStore;

  beforeAll(async () => {
    kv = new RedisKeyValueStore(`redis://127.0.0.1:${await freePort()}`, 'test:');
    gateway = await startGateway({
      config: { HOST: '127.0.0.1', PORT: 0, SHUTDOWN_GRACE_MS: 1_000, LOG_LEVEL: 'warn' },
      transport: { kind: 'in-process', broker: new InProcessBroker() },
      kv,
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await kv?.close();
  });

  it('answers rate-limited routes 503 SERVICE_UNAVAILABLE and stays ready', async () => {
    const api = await fetch(`${gateway.url}/api/statistics`);
    expect({ status: api.status, body: await api.json() }).toEqual({
      status: 503,
      body: { error: 'The service is unavailable. Please try again.', code: 'SERVICE_UNAVAILABLE' },
    });
    const ready = await fetch(`${gateway.url}/readyz`);
    expect({ status: ready.status, body: await ready.json() }).toMatchObject({
      status: 200,
      body: { status: 'ready', checks: { nats: 'up', keyValueStore: 'down' } },
    });
  }, 20_000);
});
