import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { MemoryKeyValueStore } from '@greetboard/kv';
import { channelHandovers, channelTakeovers } from '@greetboard/metrics';
import type { ChatConnection } from '../connections/chat-connection.js';
import { ChatConnectionPool } from '../connections/connection-pool.js';
import { ChannelLeases, preferredReplica } from './channel-leases.js';
import { ChannelMonitor, type ChannelMonitorOptions } from './channel-monitor.js';

/** Twitch's view: how many connections read each channel, and every time one had none left. */
class ChatRoomReaders {
  readonly readers = new Map<string, number>();
  readonly leftUnread: string[] = [];

  add(channel: string): void {
    this.readers.set(channel, (this.readers.get(channel) ?? 0) + 1);
  }

  remove(channel: string): void {
    const left = (this.readers.get(channel) ?? 0) - 1;
    this.readers.set(channel, left);
    if (left === 0) this.leftUnread.push(channel);
  }
}

/** A chat connection that only records which channels it joined. */
class RecordingConnection implements ChatConnection {
  readonly joined = new Set<string>();
  constructor(private readonly room?: ChatRoomReaders) {}
  connect = () => Promise.resolve();
  join = (channel: string) => {
    this.joined.add(channel);
    this.room?.add(channel);
  };
  part = (channel: string) => {
    if (this.joined.delete(channel)) this.room?.remove(channel);
  };
  channels = () => [...this.joined];
  isConnected = () => true;
  close = () => {
    for (const channel of this.joined) this.room?.remove(channel);
    this.joined.clear();
    return Promise.resolve();
  };
}

const channels = Array.from({ length: 40 }, (_, i) => `channel_${i}`);
const listed = (names: string[]) =>
  names.map((channel) => ({ channel, channelId: channel, sessionIds: [`session-of-${channel}`] }));
const source = { list: () => Promise.resolve(listed(channels)) };

interface ReplicaOptions extends ChannelMonitorOptions {
  ttlMs?: number;
  room?: ChatRoomReaders;
}

function replica(kv: MemoryKeyValueStore, id: string, options: ReplicaOptions = {}) {
  const { ttlMs = 300, room, ...monitorOptions } = options;
  const pool = new ChatConnectionPool(() => new RecordingConnection(room), 10);
  const leases = new ChannelLeases(kv, id, ttlMs);
  const monitor = new ChannelMonitor(leases, pool, source, {
    tickMs: 1_000_000,
    ...monitorOptions,
  });
  return { monitor, pool, leases };
}

async function settle(...monitors: ChannelMonitor[]) {
  for (let round = 0; round < 3; round++) for (const monitor of monitors) await monitor.tick();
}

describe('preferredReplica', () => {
  it('spreads channels evenly and moves only the leaving replica’s share', () => {
    const three = ['a', 'b', 'c'];
    const owners = channels.map((channel) => preferredReplica(channel, three));
    for (const id of three) expect(owners.filter((o) => o === id).length).toBeGreaterThan(5);
    const withoutC = channels.map((channel) => preferredReplica(channel, ['a', 'b']));
    channels.forEach((_, i) => {
      if (owners[i] !== 'c') expect(withoutC[i]).toBe(owners[i]);
    });
  });
});

describe('ChannelMonitor', () => {
  const stores: MemoryKeyValueStore[] = [];
  const store = () => {
    const kv = new MemoryKeyValueStore();
    stores.push(kv);
    return kv;
  };
  afterEach(async () => {
    jest.useRealTimers();
    for (const kv of stores.splice(0)) await kv.close();
  });
  /**
   * Leases, heartbeats and the list's age are all `Date.now()` against a deadline: a fake
   * clock moves past them at once. Promises and I/O stay real.
   */
  const fakeClock = () =>
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });

  it('reads every channel exactly once across two replicas, at most 10 per connection', async () => {
    const kv = store();
    const one = replica(kv, 'one');
    const two = replica(kv, 'two');
    await settle(one.monitor, two.monitor);
    const read = [...one.monitor.channels(), ...two.monitor.channels()].sort();
    expect(read).toEqual([...channels].sort());
    expect(one.monitor.channels().length).toBeGreaterThan(5);
    expect(two.monitor.channels().length).toBeGreaterThan(5);
    for (const load of [...one.pool.loads(), ...two.pool.loads()])
      expect(load).toBeLessThanOrEqual(10);
    expect(one.pool.loads().reduce((a, b) => a + b, 0)).toBe(one.monitor.channels().length);
  });

  it('takes over a dead replica’s channels once its heartbeat and leases expire', async () => {
    fakeClock();
    const kv = store();
    const one = replica(kv, 'one', { ttlMs: 200 });
    const two = replica(kv, 'two', { ttlMs: 200 });
    await settle(one.monitor, two.monitor);
    // "two" dies: it stops renewing but never releases anything.
    const orphaned = two.monitor.channels();
    expect(orphaned.length).toBeGreaterThan(0);
    await one.monitor.tick();
    expect(one.monitor.channels()).not.toContain(orphaned[0]);
    jest.advanceTimersByTime(199);
    await settle(one.monitor);
    expect(one.monitor.channels()).not.toContain(orphaned[0]);
    jest.advanceTimersByTime(1);
    await settle(one.monitor);
    expect(one.monitor.channels().sort()).toEqual([...channels].sort());
  });

  it('logs and counts a take-over from a dead replica, but not a hand-over', async () => {
    const total = async (counter: typeof channelTakeovers) => (await counter.get()).values[0].value;
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      fakeClock();
      const kv = store();
      const one = replica(kv, 'one', { ttlMs: 200 });
      await settle(one.monitor);
      const takeoversBefore = await total(channelTakeovers);
      const handoversBefore = await total(channelHandovers);
      // A second replica joins: "one" hands its share over; nobody took anything over.
      const two = replica(kv, 'two', { ttlMs: 200 });
      await settle(one.monitor, two.monitor);
      const handedOver = two.monitor.channels().length;
      expect(handedOver).toBeGreaterThan(0);
      expect((await total(channelHandovers)) - handoversBefore).toBe(handedOver);
      expect(await total(channelTakeovers)).toBe(takeoversBefore);
      // "two" dies without releasing: "one" takes its channels over once the leases expire.
      jest.advanceTimersByTime(200);
      await settle(one.monitor);
      expect((await total(channelTakeovers)) - takeoversBefore).toBe(handedOver);
      const logged = warn.mock.calls.map(([message]) => String(message));
      const channel = two.monitor.channels()[0];
      expect(logged).toContain(
        `Took over #${channel} from replica two, whose lease expired without a handover`,
      );
    } finally {
      warn.mockRestore();
    }
  });

  it('keeps a handed-over channel joined until the new owner holds it', async () => {
    const kv = store();
    const one = replica(kv, 'one');
    await settle(one.monitor);
    expect(one.monitor.channels()).toHaveLength(channels.length);
    const two = replica(kv, 'two');
    await two.monitor.tick(); // heartbeat only: "one" still holds every lease
    await one.monitor.tick(); // "one" releases two's share but stays joined
    expect(one.monitor.channels()).toHaveLength(channels.length);
    await two.monitor.tick(); // "two" takes its share
    await one.monitor.tick(); // "one" sees the new owners and parts
    const read = [...one.monitor.channels(), ...two.monitor.channels()].sort();
    expect(read).toEqual([...channels].sort());
  });

  it('keeps reading when the list of monitored channels cannot be fetched', async () => {
    const kv = store();
    let failing = false;
    const flaky = {
      list: () => (failing ? Promise.reject(new Error('sessions down')) : source.list()),
    };
    const pool = new ChatConnectionPool(() => new RecordingConnection(), 10);
    const monitor = new ChannelMonitor(new ChannelLeases(kv, 'one', 300), pool, flaky, {
      tickMs: 1_000_000,
      reconcileMs: 0,
    });
    await monitor.tick();
    failing = true;
    await monitor.tick();
    expect(monitor.channels()).toHaveLength(channels.length);
  });

  describe('following session status events', () => {
    /** A replica alone, its list read through `list`, counting how often it was read. */
    function alone(list: () => Promise<ReturnType<typeof listed>>, reconcileMs = 1_000_000) {
      const reads = { count: 0 };
      const pool = new ChatConnectionPool(() => new RecordingConnection(), 10);
      const monitor = new ChannelMonitor(
        new ChannelLeases(store(), 'one', 300),
        pool,
        { list: () => ((reads.count += 1), list()) },
        { tickMs: 1_000_000, reconcileMs },
      );
      return { monitor, reads };
    }

    it('joins and parts a channel as its session starts and stops, without reading the list', async () => {
      const { monitor, reads } = alone(() => Promise.resolve(listed(['first'])));
      await monitor.tick();
      expect(monitor.channels()).toEqual(['first']);
      await monitor.apply({ sessionId: 's2', channel: 'second', isActive: true });
      expect(monitor.channels().sort()).toEqual(['first', 'second']);
      await monitor.apply({ sessionId: 'session-of-first', channel: 'first', isActive: false });
      expect(monitor.channels()).toEqual(['second']);
      expect(reads.count).toBe(1);
    });

    it('keeps reading a channel while another of its sessions runs', async () => {
      const { monitor } = alone(() => Promise.resolve([]));
      await monitor.tick();
      await monitor.apply({ sessionId: 'a', channel: 'streamer', isActive: true });
      await monitor.apply({ sessionId: 'b', channel: 'streamer', isActive: true });
      await monitor.apply({ sessionId: 'a', channel: 'streamer', isActive: false });
      expect(monitor.channels()).toEqual(['streamer']);
      await monitor.apply({ sessionId: 'b', channel: 'streamer', isActive: false });
      expect(monitor.channels()).toEqual([]);
    });

    it('applies again over the list the events that arrived while it was read', async () => {
      let answer!: (list: ReturnType<typeof listed>) => void;
      let asked!: () => void;
      const listAsked = new Promise<void>((resolve) => (asked = resolve));
      const { monitor } = alone(
        () =>
          new Promise<ReturnType<typeof listed>>((resolve) => {
            answer = resolve;
            asked();
          }),
      );
      const first = monitor.tick();
      await listAsked;
      // A session starts while the list is on its way; the list was read before it started.
      const started = monitor.apply({ sessionId: 'late', channel: 'late', isActive: true });
      answer(listed(['early']));
      await first;
      await started;
      expect(monitor.channels().sort()).toEqual(['early', 'late']);
    });

    it('reads the list again after reconcileMs, dropping a stop it never heard of', async () => {
      fakeClock();
      let running = ['kept', 'stopped'];
      const { monitor, reads } = alone(() => Promise.resolve(listed(running)), 50);
      await monitor.tick();
      expect(monitor.channels().sort()).toEqual(['kept', 'stopped']);
      running = ['kept'];
      await monitor.tick();
      expect(reads.count).toBe(1);
      jest.advanceTimersByTime(49);
      await monitor.tick();
      expect(reads.count).toBe(1);
      jest.advanceTimersByTime(1);
      await monitor.tick();
      expect(reads.count).toBe(2);
      expect(monitor.channels()).toEqual(['kept']);
    });
  });

  describe('shutting down', () => {
    it('keeps reading its channels until the survivor holds their leases, then parts', async () => {
      const kv = store();
      const room = new ChatRoomReaders();
      let announced!: () => void;
      const leaving = new Promise<void>((resolve) => (announced = resolve));
      const one = replica(kv, 'one', { room });
      const two = replica(kv, 'two', {
        room,
        announceLeaving: () => Promise.resolve(announced()),
      });
      await settle(one.monitor, two.monitor);
      const share = two.monitor.channels().sort();
      expect(share.length).toBeGreaterThan(0);

      let stopped = false;
      const stopping = two.monitor.stop().then(() => (stopped = true));
      await leaving;
      // Out of the replica set and every lease free, but still reading until "one" holds them.
      expect(await one.leases.liveReplicas()).toEqual(['one']);
      for (const channel of share) expect(await one.leases.holder(channel)).toBeNull();
      expect(two.monitor.channels().sort()).toEqual(share);
      expect(stopped).toBe(false);

      await one.monitor.tick();
      await stopping;
      expect(one.monitor.channels().sort()).toEqual([...channels].sort());
      expect(two.monitor.channels()).toEqual([]);
      expect(two.pool.connectionCount()).toBe(0);
      expect(room.leftUnread).toEqual([]);
    });

    it('asks the others to take its channels now instead of at their next round', async () => {
      const kv = store();
      const room = new ChatRoomReaders();
      // Leases that outlive a slow machine: only the announcement may move the channels (no
      // round runs, and a lease that expired before the checks would read as nobody's).
      const one = replica(kv, 'one', { room, ttlMs: 60_000 });
      const two = replica(kv, 'two', {
        room,
        ttlMs: 60_000,
        announceLeaving: () => one.monitor.tick(),
      });
      await settle(one.monitor, two.monitor);
      expect(two.monitor.channels().length).toBeGreaterThan(0);
      await two.monitor.stop();
      expect(one.monitor.channels().sort()).toEqual([...channels].sort());
      for (const channel of channels) expect(await one.leases.holder(channel)).toBe('one');
      expect(room.leftUnread).toEqual([]);
    });

    it('closes at once, announcing nothing, when no other replica is alive', async () => {
      const kv = store();
      const announced: string[] = [];
      const one = replica(kv, 'one', {
        handoverTimeoutMs: 60_000,
        announceLeaving: () => Promise.resolve(void announced.push('one')),
      });
      await settle(one.monitor);
      expect(one.monitor.channels()).toHaveLength(channels.length);
      const started = Date.now();
      await one.monitor.stop();
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(announced).toEqual([]);
      expect(one.pool.connectionCount()).toBe(0);
      expect(await one.leases.liveReplicas()).toEqual([]);
      for (const channel of channels) expect(await one.leases.holder(channel)).toBeNull();
    });

    it('gives up waiting when no channel is taken over within the handover timeout', async () => {
      const kv = store();
      const one = replica(kv, 'one', { ttlMs: 60_000 });
      const two = replica(kv, 'two', { ttlMs: 60_000, handoverTimeoutMs: 300 });
      await settle(one.monitor, two.monitor);
      const share = two.monitor.channels();
      // "one" is alive (its heartbeat stands) but runs no round while "two" waits.
      const started = Date.now();
      await two.monitor.stop();
      expect(Date.now() - started).toBeGreaterThanOrEqual(300);
      expect(two.pool.connectionCount()).toBe(0);
      await one.monitor.tick();
      expect(one.monitor.channels()).toEqual(expect.arrayContaining(share));
    });

    it('stops waiting when the other replicas shut down as well', async () => {
      const kv = store();
      const one = replica(kv, 'one', { ttlMs: 60_000, handoverTimeoutMs: 60_000 });
      const two = replica(kv, 'two', { ttlMs: 60_000, handoverTimeoutMs: 60_000 });
      await settle(one.monitor, two.monitor);
      const started = Date.now();
      await Promise.all([two.monitor.stop(), one.monitor.stop()]);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(one.pool.connectionCount() + two.pool.connectionCount()).toBe(0);
    });
  });
});
