import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestMicroservice } from '@nestjs/common';
import { connect } from '@nats-io/transport-node';
import { SessionsModule } from '@greetboard/sessions';
import { startGateway, type RunningGateway } from '@greetboard/gateway';
import { MemoryKeyValueStore } from '@greetboard/kv';
import {
  openEmbeddedPostgres,
  closeDatabaseRuntime,
  type DatabaseRuntime,
} from '@greetboard/persistence';
import { startServiceApp } from '@greetboard/service-kit';
import {
  createTestDatabase,
  freePort,
  startPrivateNatsServer,
  startProgram,
  TEST_INFRASTRUCTURE,
  type PrivateNatsServer,
  waitFor,
  type RunningProgram,
  type TestDatabase,
} from '@greetboard/testing';
import { AUTH_REQUESTS } from '@greetboard/contracts';
import { createDurableStreams, InProcessBroker, subjectIn } from '@greetboard/transport';

interface Readiness {
  status: string;
  checks: Record<string, string>;
}

async function readiness(baseUrl: string): Promise<{ httpStatus: number; body: Readiness }> {
  const response = await fetch(`${baseUrl}/readyz`);
  return { httpStatus: response.status, body: (await response.json()) as Readiness };
}

const quiet = { LOG_LEVEL: 'warn', NODE_ENV: 'test' };

describe('HTTP → NATS → HTTP round trip with the gateway and a service in separate processes', () => {
  let nats: PrivateNatsServer;
  let database: TestDatabase;
  let sessions: RunningProgram;
  let gateway: RunningProgram;
  let baseUrl: string;

  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    database = await createTestDatabase();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    sessions = startProgram('services/sessions/dist/main.js', {
      ...quiet,
      NATS_URL: nats.url,
      DATABASE_URL: database.url,
    });
    gateway = startProgram('services/gateway/dist/main.js', {
      ...quiet,
      NATS_URL: nats.url,
      REDIS_URL: TEST_INFRASTRUCTURE.redis,
      PORT: String(port),
    });
  });

  afterAll(async () => {
    await Promise.all([gateway.stop(), sessions.stop()]);
    await database.drop();
    await nats.dispose();
  });

  it('answers readiness with the sessions service reached over NATS', async () => {
    const { httpStatus, body } = await waitFor(
      async () => {
        const answer = await readiness(baseUrl);
        return answer.body.checks.sessions === 'up' ? answer : undefined;
      },
      { timeoutMs: 20_000, what: 'sessions to answer over NATS' },
    );
    // Only sessions runs: the gateway is ready all the same (it can serve, and only the routes
    // of the missing services answer 503), and says which services are missing.
    expect(httpStatus).toBe(200);
    expect(body.status).toBe('ready');
    expect(body.checks).toMatchObject({
      nats: 'up',
      keyValueStore: 'up',
      sessions: 'up',
      auth: 'down',
      stats: 'down',
      chatIngest: 'down',
    });
  });

  it('reports a stopped service as down quickly instead of hanging', async () => {
    expect(await sessions.stop('SIGTERM')).toBe(0);
    const started = Date.now();
    const { body } = await readiness(baseUrl);
    expect(body.checks.sessions).toBe('down');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('the same round trip on the in-process transport', () => {
  let broker: InProcessBroker;
  let database: DatabaseRuntime;
  let service: INestMicroservice | undefined;
  let gateway: RunningGateway;

  beforeAll(async () => {
    broker = new InProcessBroker();
    database = { kind: 'pglite', db: await openEmbeddedPostgres() };
    gateway = await startGateway({
      config: { HOST: '127.0.0.1', PORT: 0, SHUTDOWN_GRACE_MS: 1_000, LOG_LEVEL: 'warn' },
      transport: { kind: 'in-process', broker },
      kv: new MemoryKeyValueStore(),
    });
  });

  afterEach(async () => {
    await service?.close();
    service = undefined;
  });

  afterAll(async () => {
    await gateway.close();
    await closeDatabaseRuntime(database);
  });

  it('answers readiness with the sessions service reached over the in-process bus', async () => {
    const transport = { kind: 'in-process' as const, broker };
    service = await startServiceApp(
      'sessions',
      SessionsModule.register({
        transport,
        database,
        streams: await createDurableStreams(transport),
      }),
      transport,
      'warn',
    );
    const { httpStatus, body } = await readiness(gateway.url);
    expect(httpStatus).toBe(200);
    expect(body.checks).toMatchObject({
      nats: 'up',
      sessions: 'up',
      auth: 'down',
      stats: 'down',
      chatIngest: 'down',
    });
  });

  it('reports the service as down once it stops', async () => {
    const { body } = await readiness(gateway.url);
    expect(body.checks.sessions).toBe('down');
  });
});

describe('a gateway whose services are away or too slow', () => {
  let nats: PrivateNatsServer;
  let gateway: RunningProgram;
  let baseUrl: string;
  // A well-formed session cookie: resolving it is the first request every /api call makes.
  const cookie = `greetboard_session=${'a'.repeat(43)}`;
  const listSessions = async () => {
    const started = Date.now();
    const response = await fetch(`${baseUrl}/api/sessions`, { headers: { cookie } });
    return { status: response.status, body: await response.json(), ms: Date.now() - started };
  };

  beforeAll(async () => {
    nats = await startPrivateNatsServer();
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    gateway = startProgram('services/gateway/dist/main.js', {
      ...quiet,
      NATS_URL: nats.url,
      REDIS_URL: TEST_INFRASTRUCTURE.redis,
      PORT: String(port),
      NATS_REQUEST_TIMEOUT_MS: '400',
    });
    await waitFor(
      async () => (await fetch(`${baseUrl}/healthz`).catch(() => undefined))?.status === 200,
      { timeoutMs: 20_000, what: 'the gateway' },
    );
  });

  afterAll(async () => {
    await gateway.stop();
    await nats.dispose();
  });

  it('answers 503 SERVICE_UNAVAILABLE at once when no replica of the service runs', async () => {
    const answer = await listSessions();
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 503,
      body: { error: 'The service is unavailable. Please try again.', code: 'SERVICE_UNAVAILABLE' },
    });
    expect(answer.ms).toBeLessThan(400);
  });

  it('answers 504 SERVICE_TIMEOUT after NATS_REQUEST_TIMEOUT_MS when the service does not answer', async () => {
    const silent = await connect({ servers: [nats.url] });
    try {
      // A replica that takes requests and never answers.
      silent.subscribe(subjectIn('greetboard', AUTH_REQUESTS.resolveSession.subject), {
        queue: 'auth',
        callback: () => undefined,
      });
      await silent.flush();
      const answer = await listSessions();
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 504,
        body: {
          error: 'The service did not answer in time. Please try again.',
          code: 'SERVICE_TIMEOUT',
        },
      });
      expect(answer.ms).toBeGreaterThanOrEqual(390);
      expect(answer.ms).toBeLessThan(3_000);
    } finally {
      await silent.close();
    }
  });
});

describe('a service started with bad configuration', () => {
  it('exits non-zero with a message naming the variable', async () => {
    const program = startProgram('services/sessions/dist/main.js', {
      DATABASE_URL: 'mysql://127.0.0.1/greetboard',
      NATS_REQUEST_TIMEOUT_MS: 'soon',
    });
    expect(await program.exited).toBe(78);
    expect(program.output()).toContain('Invalid configuration for sessions');
    expect(program.output()).toContain('DATABASE_URL: must be a URL starting with postgres://');
    expect(program.output()).toContain('NATS_REQUEST_TIMEOUT_MS');
  });
});
