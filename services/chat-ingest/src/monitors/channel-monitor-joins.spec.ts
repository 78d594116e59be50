import { afterEach, describe, expect, it } from '@jest/globals';
import { channelJoinStatusKey, type ChannelJoinStatus } from '@greetboard/contracts';
import { MemoryKeyValueStore } from '@greetboard/kv';
import { chatChannelsUnjoined } from '@greetboard/metrics';
import type { JoinEventHandler } from '../connections/channel-joins.js';
import type { ChatConnection } from '../connections/chat-connection.js';
import { ChatConnectionPool } from '../connections/connection-pool.js';
import { ChannelLeases } from './channel-leases.js';
import { ChannelMonitor } from './channel-monitor.js';

/**
 * A connection whose JOINs Twitch confirms only when the test says so, and that the test can
 * drop and bring back; it reports changes the way TmiChatConnection does.
 */
class ManualConnection implements ChatConnection {
  readonly wanted = new Set<string>();
  readonly joined = new Set<string>();
  readonly joinCalls: string[] = [];
  closed = false;
  constructor(private readonly onJoin: JoinEventHandler) {}
  connect = () => Promise.resolve();
  join = (channel: string) => {
    this.joinCalls.push(channel);
    this.wanted.add(channel);
  };
  part = (channel: string) => {
    this.wanted.delete(channel);
    this.joined.delete(channel);
  };
  channels = () => [...this.joined];
  isConnected = () => true;
  close = () => {
    this.closed = true;
    return Promise.resolve();
  };
  confirm(channel: string) {
    if (!this.wanted.has(channel)) return;
    this.joined.add(channel);
    this.onJoin({ channel, joined: true, since: Date.now() });
  }
  drop() {
    for (const channel of this.joined)
      this.onJoin({ channel, joined: false, reason: 'disconnected', since: Date.now() });
    this.joined.clear();
  }
}

describe('ChannelMonitor and Twitch’s confirmations', () => {
  const stores: MemoryKeyValueStore[] = [];
  afterEach(async () => {
    for (const kv of stores.splice(0)) await kv.close();
  });

  function alone(channels: string[]) {
    const kv = new MemoryKeyValueStore();
    stores.push(kv);
    const connections: ManualConnection[] = [];
    const pool = new ChatConnectionPool((onJoin) => {
      const connection = new ManualConnection(onJoin);
      connections.push(connection);
      return connection;
    }, 10);
    const leases = new ChannelLeases(kv, 'one', 60_000);
    const list = channels.map((channel) => ({
      channel,
      channelId: channel,
      sessionIds: [channel],
    }));
    const monitor = new ChannelMonitor(
      leases,
      pool,
      { list: () => Promise.resolve(list) },
      { tickMs: 1_000_000, joinStatus: kv },
    );
    const status = async (channel: string) => {
      const value = await kv.get(channelJoinStatusKey(channel));
      return value === null ? null : (JSON.parse(value) as ChannelJoinStatus);
    };
    const unjoinedGauge = async () => (await chatChannelsUnjoined.get()).values[0]?.value;
    return { monitor, pool, leases, connections, status, unjoinedGauge };
  }

  it('takes a channel’s lease only once Twitch confirmed the JOIN, at once when it does', async () => {
    const { monitor, leases, connections, status, unjoinedGauge } = alone(['slow']);
    await monitor.tick();
    expect(await leases.holder('slow')).toBeNull();
    expect(monitor.channels()).toEqual([]);
    expect(monitor.unjoinedChannels()).toEqual(['slow']);
    // Not leased yet, but nobody reads it: a JOIN Twitch never answers must reach the alert.
    expect(await unjoinedGauge()).toBe(1);
    expect(await status('slow')).toMatchObject({ joined: false, replicaId: 'one' });
    // Ticks while Twitch has not answered send no second JOIN and keep the connection.
    await monitor.tick();
    await monitor.tick();
    expect(connections).toHaveLength(1);
    expect(connections[0].joinCalls).toEqual(['slow']);

    connections[0].confirm('slow'); // runs a round by itself
    await monitor.tick();
    expect(await leases.holder('slow')).toBe('one');
    expect(monitor.channels()).toEqual(['slow']);
    expect(monitor.unjoinedChannels()).toEqual([]);
    expect(await unjoinedGauge()).toBe(0);
    expect(await status('slow')).toMatchObject({ joined: true, reason: null });
  });

  it('keeps holding channels the link lost, reports them, and clears once rejoined', async () => {
    const { monitor, leases, connections, status, unjoinedGauge } = alone(['a', 'b']);
    await monitor.tick();
    connections[0].confirm('a');
    connections[0].confirm('b');
    await monitor.tick();
    expect(await unjoinedGauge()).toBe(0);

    connections[0].drop();
    await monitor.tick();
    expect(await leases.holder('a')).toBe('one');
    expect(monitor.unjoinedChannels().sort()).toEqual(['a', 'b']);
    expect(await unjoinedGauge()).toBe(2);
    expect(await status('a')).toMatchObject({ joined: false, reason: 'disconnected' });

    connections[0].confirm('a');
    connections[0].confirm('b');
    await monitor.tick();
    expect(await unjoinedGauge()).toBe(0);
    expect(await status('b')).toMatchObject({ joined: true, reason: null });
  });

  it('repairs every round: wants held channels again and parts what nobody holds', async () => {
    const { monitor, pool, connections } = alone(['kept']);
    await monitor.tick();
    connections[0].confirm('kept');
    await monitor.tick();
    // Something left the pool out of step with the leases, both ways.
    await pool.part('kept');
    pool.join('stray');
    connections.at(-1)!.confirm('stray');
    await monitor.tick();
    expect(pool.channels()).toEqual(['kept']);
    connections.at(-1)!.confirm('kept');
    expect(monitor.channels()).toEqual(['kept']);
  });

  it('parts a channel whose session stopped while its JOIN was unconfirmed', async () => {
    const { monitor, pool, leases } = alone([]);
    await monitor.tick();
    await monitor.apply({ sessionId: 's', channel: 'brief', isActive: true });
    expect(pool.channels()).toEqual(['brief']);
    await monitor.apply({ sessionId: 's', channel: 'brief', isActive: false });
    expect(pool.channels()).toEqual([]);
    expect(monitor.unjoinedChannels()).toEqual([]);
    expect(await leases.holder('brief')).toBeNull();
  });
});
