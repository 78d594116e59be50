import { describe, expect, it } from '@jest/globals';
import { InProcessBroker, type BrokerMessage } from './in-process-broker.js';

function nextMessage(
  broker: InProcessBroker,
  subject: string,
  queue?: string,
): Promise<BrokerMessage> {
  return new Promise((resolve) => {
    const subscription = broker.subscribe(
      subject,
      (message) => {
        subscription.unsubscribe();
        resolve(message);
      },
      { queue },
    );
  });
}

describe('InProcessBroker', () => {
  it('delivers a serialised copy, never the publisher object', async () => {
    const broker = new InProcessBroker();
    const payload = { at: new Date('2024-01-02T03:04:05.000Z'), gone: undefined, list: [1] };
    const received = nextMessage(broker, 'a.b');
    broker.publish('a.b', payload);
    payload.list.push(2);
    const message = await received;
    expect(message.json()).toEqual({ at: '2024-01-02T03:04:05.000Z', list: [1] });
  });

  it('fails to publish what JSON cannot carry, as the NATS serialiser does', () => {
    expect(() => new InProcessBroker().publish('a', { big: 1n })).toThrow(TypeError);
  });

  it('gives each queue group member its turn and every plain subscriber every message', async () => {
    const broker = new InProcessBroker();
    const byMember = new Map<string, number>();
    const tally = (name: string) => () => {
      byMember.set(name, (byMember.get(name) ?? 0) + 1);
    };
    broker.subscribe('jobs.*', tally('q1'), { queue: 'workers' });
    broker.subscribe('jobs.*', tally('q2'), { queue: 'workers' });
    broker.subscribe('jobs.>', tally('plain'));
    const last = nextMessage(broker, 'jobs.done');
    for (let index = 0; index < 4; index++) broker.publish('jobs.run', index);
    broker.publish('jobs.done', true);
    await last;
    // jobs.done reaches the group too: five messages shared in turn.
    expect(Object.fromEntries(byMember)).toEqual({ q1: 3, q2: 2, plain: 5 });
  });

  it('answers a request', async () => {
    const broker = new InProcessBroker();
    broker.subscribe('math.double', (message) => {
      broker.publish(message.reply!, (message.json() as number) * 2);
    });
    const reply = await broker.request('math.double', 21, { timeoutMs: 1_000 });
    expect(reply.json()).toBe(42);
  });

  it('rejects a request nobody listens to with a no-responders error', async () => {
    await expect(
      new InProcessBroker().request('nobody', {}, { timeoutMs: 5_000 }),
    ).rejects.toMatchObject({
      name: 'NoRespondersError',
      code: '503',
    });
  });

  it('rejects a request nobody answers with a timeout error', async () => {
    const broker = new InProcessBroker();
    broker.subscribe('silent', () => undefined);
    await expect(broker.request('silent', {}, { timeoutMs: 20 })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });

  it('keeps delivering when a subscriber throws', async () => {
    const broker = new InProcessBroker();
    broker.subscribe('x', () => {
      throw new Error('boom');
    });
    const second = nextMessage(broker, 'x');
    broker.publish('x', 1);
    await expect(second).resolves.toBeDefined();
  });
});
