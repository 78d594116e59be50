import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Inject, Module, type INestMicroservice, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Ctx, NatsContext, Payload } from '@nestjs/microservices';
import { Test, type TestingModule } from '@nestjs/testing';
import {
  DomainError,
  defineEvent,
  defineRequest,
  emitEvent,
  sendRequest,
  type ErrorCode,
} from '@greetboard/contracts';
import { IsString, Length } from 'class-validator';
import {
  applyServiceTransport,
  BUS_CLIENT,
  BusClientModule,
  microserviceOptions,
  OnEvent,
  OnRequest,
  type BusClient,
  type TransportRuntime,
} from '../src/index.js';

export interface TransportFixture {
  runtime: TransportRuntime;
  /** Sends `text` as is (not necessarily JSON) as a request and returns the parsed reply. */
  requestText(subject: string, text: string, timeoutMs: number): Promise<unknown>;
  teardown(): Promise<void>;
}

class GreetRequest {
  @IsString()
  @Length(1, 20)
  name: string;
}

class Greeted {
  @IsString()
  name: string;
}

const REPLICA = Symbol('REPLICA');
const TALLY = Symbol('TALLY');
type Tally = Map<string, number>;

function count(tally: Tally, key: string): void {
  tally.set(key, (tally.get(key) ?? 0) + 1);
}

function totalOf(tally: Tally, prefix: string): number {
  let total = 0;
  for (const [key, value] of tally) if (key.startsWith(prefix)) total += value;
  return total;
}

/** Polls `condition` until it holds or `timeoutMs` passes. */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('Condition not met before the deadline');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function expectDomainError(promise: Promise<unknown>, code: ErrorCode): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DomainError);
  expect((error as DomainError).code).toBe(code);
  return error as DomainError;
}

/** The message contract both transports must honour, exercised through real Nest microservices. */
export function describeTransportContract(
  name: string,
  setup: () => Promise<TransportFixture>,
): void {
  describe(`transport contract: ${name}`, () => {
    const run = randomUUID().slice(0, 8);
    const base = `test.${run}`;
    const greet = defineRequest<GreetRequest, { greeting: string; typed: boolean }>(
      `${base}.greet`,
      GreetRequest,
    );
    const missing = defineRequest<GreetRequest, never>(`${base}.missing`, GreetRequest);
    const crash = defineRequest<GreetRequest, never>(`${base}.crash`, GreetRequest);
    const slow = defineRequest<GreetRequest, never>(`${base}.slow`, GreetRequest);
    const nobody = defineRequest<GreetRequest, never>(`${base}.nobody`, GreetRequest);
    const whoAnswers = defineRequest<GreetRequest, string>(`${base}.who`, GreetRequest);
    const greeted = defineEvent<Greeted>(`${base}.greeted`, Greeted);
    const tally: Tally = new Map();
    const releaseSlow: (() => void)[] = [];
    let slowFinished = 0;

    @Controller()
    class GreeterController {
      @OnRequest(greet)
      greet(@Payload() request: GreetRequest): { greeting: string; typed: boolean } {
        return { greeting: `Hello ${request.name}`, typed: request instanceof GreetRequest };
      }

      @OnRequest(missing)
      missing(): never {
        throw new DomainError('SESSION_NOT_FOUND');
      }

      @OnRequest(crash)
      crash(): never {
        throw new Error('database exploded');
      }

      @OnRequest(slow)
      async slow(): Promise<never> {
        await new Promise<void>((resolve) => releaseSlow.push(resolve));
        slowFinished += 1;
        throw new DomainError('CONFLICT');
      }

      @OnRequest(defineRequest<GreetRequest, string>(`${base}.wild.*`, GreetRequest))
      wildOne(@Ctx() context: NatsContext): string {
        return `one:${context.getSubject()}`;
      }

      @OnRequest(defineRequest<GreetRequest, string>(`${base}.deep.>`, GreetRequest))
      wildMany(@Ctx() context: NatsContext): string {
        return `many:${context.getSubject()}`;
      }
    }

    @Controller()
    class ListenerController {
      constructor(
        @Inject(REPLICA) protected readonly replica: string,
        @Inject(TALLY) protected readonly counts: Tally,
      ) {}

      @OnEvent(greeted)
      onGreeted(@Payload() event: Greeted): void {
        count(this.counts, `event:${this.replica}:${event.name}`);
      }
    }

    @Controller()
    class ReplicaController extends ListenerController {
      @OnRequest(whoAnswers)
      who(): string {
        count(this.counts, `request:${this.replica}`);
        return this.replica;
      }
    }

    function moduleFor(controller: Type, replica: string): Type {
      @Module({
        controllers: [controller],
        providers: [
          { provide: REPLICA, useValue: replica },
          { provide: TALLY, useValue: tally },
        ],
      })
      class ServiceModule {}
      return ServiceModule;
    }

    let fixture: TransportFixture;
    let clientModule: TestingModule;
    let client: BusClient;
    const services: INestMicroservice[] = [];

    async function boot(controller: Type, replica: string, queue?: string): Promise<void> {
      const app = await NestFactory.createMicroservice(moduleFor(controller, replica), {
        ...microserviceOptions(fixture.runtime, { queue }),
        logger: false,
      });
      applyServiceTransport(app);
      await app.listen();
      services.push(app);
    }

    beforeAll(async () => {
      fixture = await setup();
      await boot(GreeterController, 'greeter', `greeter-${run}`);
      await boot(ReplicaController, 'a1', `service-a-${run}`);
      await boot(ReplicaController, 'a2', `service-a-${run}`);
      await boot(ListenerController, 'b1', `service-b-${run}`);
      await boot(ListenerController, 'solo');
      clientModule = await Test.createTestingModule({
        imports: [BusClientModule.register(fixture.runtime)],
      }).compile();
      client = clientModule.get<BusClient>(BUS_CLIENT);
    });

    afterAll(async () => {
      // Let the abandoned slow handler finish while the transport is still up.
      const slowStarted = releaseSlow.length;
      for (const release of releaseSlow) release();
      await eventually(() => slowFinished === slowStarted);
      await new Promise((resolve) => setImmediate(resolve));
      await clientModule?.close();
      await Promise.all(services.map((app) => app.close()));
      await fixture?.teardown();
    });

    it('answers a request whose payload is valid, with the payload as its class', async () => {
      await expect(sendRequest(client, greet, { name: 'Ada' })).resolves.toEqual({
        greeting: 'Hello Ada',
        typed: true,
      });
    });

    it('rejects invalid and unknown fields with VALIDATION_FAILED listing them', async () => {
      const invalid = { name: 42, admin: true } as unknown as GreetRequest;
      const error = await expectDomainError(
        sendRequest(client, greet, invalid),
        'VALIDATION_FAILED',
      );
      const fields = (error.details as { field: string }[])
        .map((violation) => violation.field)
        .sort();
      expect(fields).toEqual(['admin', 'name']);
    });

    it('rejects a payload that is not an object with VALIDATION_FAILED', async () => {
      const notAnObject = 'Ada' as unknown as GreetRequest;
      await expectDomainError(sendRequest(client, greet, notAnObject), 'VALIDATION_FAILED');
    });

    it('answers bytes that are not JSON with VALIDATION_FAILED and keeps serving', async () => {
      const reply = (await fixture.requestText(greet.subject, '{"name": "Ada"', 2_000)) as {
        err?: unknown;
      };
      expect(reply.err).toMatchObject({ code: 'VALIDATION_FAILED' });
      await expect(sendRequest(client, greet, { name: 'Grace' })).resolves.toMatchObject({
        greeting: 'Hello Grace',
      });
    });

    it("hands a handler's DomainError to the caller with its code", async () => {
      await expectDomainError(sendRequest(client, missing, { name: 'Ada' }), 'SESSION_NOT_FOUND');
    });

    it('answers an unexpected handler failure with INTERNAL and keeps serving', async () => {
      const error = await expectDomainError(
        sendRequest(client, crash, { name: 'Ada' }),
        'INTERNAL',
      );
      expect(error.message).not.toContain('database exploded');
      await expect(sendRequest(client, greet, { name: 'Ada' })).resolves.toMatchObject({
        typed: true,
      });
    });

    it('fails with SERVICE_TIMEOUT when the handler does not answer in time', async () => {
      const started = Date.now();
      await expectDomainError(
        sendRequest(client, slow, { name: 'Ada' }, { timeoutMs: 300 }),
        'SERVICE_TIMEOUT',
      );
      const elapsed = Date.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(290);
      expect(elapsed).toBeLessThan(600);
    });

    it('waits as long as the runtime’s requestTimeoutMs (NATS_REQUEST_TIMEOUT_MS) by default', async () => {
      const configured = await Test.createTestingModule({
        imports: [BusClientModule.register({ ...fixture.runtime, requestTimeoutMs: 250 })],
      }).compile();
      try {
        const started = Date.now();
        const failure = await sendRequest(configured.get<BusClient>(BUS_CLIENT), slow, {
          name: 'Ada',
        }).catch((error: unknown) => error);
        const elapsed = Date.now() - started;
        expect(failure).toMatchObject({ code: 'SERVICE_TIMEOUT', details: { timeoutMs: 250 } });
        expect(elapsed).toBeGreaterThanOrEqual(240);
        expect(elapsed).toBeLessThan(1_500);
      } finally {
        await configured.close();
      }
    });

    it('fails fast with SERVICE_UNAVAILABLE when nobody listens', async () => {
      const started = Date.now();
      await expectDomainError(
        sendRequest(client, nobody, { name: 'Ada' }, { timeoutMs: 5_000 }),
        'SERVICE_UNAVAILABLE',
      );
      expect(Date.now() - started).toBeLessThan(1_000);
    });

    it('hands each request to exactly one replica of a queue group, using every replica', async () => {
      const requests = 20;
      const answers = await Promise.all(
        Array.from({ length: requests }, () => sendRequest(client, whoAnswers, { name: 'Ada' })),
      );
      expect(new Set(answers)).toEqual(new Set(['a1', 'a2']));
      expect(tally.get('request:a1')).toBeGreaterThan(0);
      expect(tally.get('request:a2')).toBeGreaterThan(0);
      expect(totalOf(tally, 'request:')).toBe(requests);
    });

    it('fans an event out to every service, once per queue group', async () => {
      const events = 10;
      for (let index = 0; index < events; index++)
        await emitEvent(client, greeted, { name: `e${index}` });
      const received = (replica: string): number => totalOf(tally, `event:${replica}:`);
      await eventually(
        () =>
          received('a1') + received('a2') === events &&
          received('b1') === events &&
          received('solo') === events,
      );
      expect(received('a1')).toBeGreaterThan(0);
      expect(received('a2')).toBeGreaterThan(0);
      for (let index = 0; index < events; index++) {
        const copies =
          (tally.get(`event:a1:e${index}`) ?? 0) + (tally.get(`event:a2:e${index}`) ?? 0);
        expect(copies).toBe(1);
      }
    });

    it('routes `*` to exactly one token and `>` to one or more', async () => {
      const one = defineRequest<GreetRequest, string>(`${base}.wild.abc`, GreetRequest);
      const tooDeep = defineRequest<GreetRequest, string>(`${base}.wild.abc.def`, GreetRequest);
      const many = defineRequest<GreetRequest, string>(`${base}.deep.abc.def`, GreetRequest);
      await expect(sendRequest(client, one, { name: 'Ada' })).resolves.toBe(`one:${one.subject}`);
      await expect(sendRequest(client, many, { name: 'Ada' })).resolves.toBe(
        `many:${many.subject}`,
      );
      await expectDomainError(sendRequest(client, tooDeep, { name: 'Ada' }), 'SERVICE_UNAVAILABLE');
    });
  });
}
