import { afterEach, describe, expect, it } from '@jest/globals';
import { MemoryKeyValueStore } from '@greetboard/kv';
import type { ChatConnection } from '../connections/chat-connection.js';
import { ChatConnectionPool } from '../connections/connection-pool.js';
import { ChannelLeases, preferredReplica } from './channel-leases.js';
import { ChannelMonitor } from './channel-monitor.js';

/** A chat connection that only records which channels it joined. */
class RecordingConnection implements ChatConnection {
  readonly joined = new Set<string>();
  connect = () => Promise.resolve();
  join = (channel: string) => Promise.resolve(void this.joined.add(channel));
  part = (channel: string) => Promise.resolve(void this.joined.delete(channel));
  channels = () => [...this.joined];
  isConnected = () => true;
  close = () => Promise.resolve();
}

const channels = Array.from({ length: 40 }, (_, i) => `channel_${i}`);
const source = {
  list: () => Promise.resolve(channels.map((channel) => ({ channel, channelId: channel }))),
};

function replica(kv: MemoryKeyValueStore, id: string, ttlMs = 300) {
  const pool = new ChatConnectionPool(() => new RecordingConnection(), 10);
  const monitor = new ChannelMonitor(new ChannelLeases(kv, id, ttlMs), pool, source, 1_000_000);
  return { monitor, pool };
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
    for (const kv of stores.splice(0)) await kv.close();
  });

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

  it('takes over every channel at once when the other replica shuts down', async () => {
    const kv = store();
    const one = replica(kv, 'one');
    const two = replica(kv, 'two');
    await settle(one.monitor, two.monitor);
    await two.monitor.stop();
    await one.monitor.tick();
    expect(one.monitor.channels().sort()).toEqual([...channels].sort());
  });

  it('takes over a dead replica’s channels once its heartbeat and leases expire', async () => {
    const kv = store();
    const one = replica(kv, 'one', 200);
    const two = replica(kv, 'two', 200);
    await settle(one.monitor, two.monitor);
    // "two" dies: it stops renewing but never releases anything.
    const orphaned = two.monitor.channels();
    expect(orphaned.length).toBeGreaterThan(0);
    await one.monitor.tick();
    expect(one.monitor.channels()).not.toContain(orphaned[0]);
    await new Promise((resolve) => setTimeout(resolve, 250));
    await settle(one.monitor);
    expect(one.monitor.channels().sort()).toEqual([...channels].sort());
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
    const monitor = new ChannelMonitor(new ChannelLeases(kv, 'one', 300), pool, flaky, 1_000_000);
    await monitor.tick();
    failing = true;
    await monitor.tick();
    expect(monitor.channels()).toHaveLength(channels.length);
  });
});
