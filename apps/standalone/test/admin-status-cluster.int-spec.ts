import { preferredReplica } from '@greetboard/chat-ingest';
import { keyPrefixOf } from '@greetboard/config';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Module } from '@nestjs/common';
import type { INestMicroservice } from '@nestjs/common';
import {
  MONITOR_REQUESTS,
  type MonitoredChannel,
  type ReplicaStatusDto,
  type SystemStatusDto,
} from '@greetboard/contracts';
import { createKeyValueStore, type KeyValueStore } from '@greetboard/kv';
import { startServiceApp } from '@greetboard/service-kit';
import {
  freePort,
  startProgram,
  TEST_INFRASTRUCTURE,
  waitFor,
  type RunningProgram,
} from '@greetboard/testing';
import { BusClientModule, OnRequest, type TransportRuntime } from '@greetboard/transport';
import { WebSocket } from 'ws';
import { startAuthStack, type AuthStack } from './auth-stack.js';
import { Browser, signedInBrowser } from './sign-in-client.js';

const run = randomBytes(3).toString('hex');
const replicaId = (name: string) => `status-${run}-${name}`;
/**
 * The channels with an active session, as the sessions service would list them: five, chosen
 * so that rendezvous hashing gives each of the two chat-ingest replicas some (five random names
 * alone give one replica all of them in 1 run of 16).
 */
const CHANNELS = (() => {
  const replicas = ['ingest-1', 'ingest-2'].map(replicaId);
  const chosen: string[] = [];
  for (let n = 1; chosen.length < 5; n++) {
    const channel = `status_${run}_${n}`;
    const owners = new Set([...chosen, channel].map((c) => preferredReplica(c, replicas)));
    if (chosen.length < 4 || owners.size === 2) chosen.push(channel);
  }
  return chosen;
})();

@Controller()
class MonitoredChannelsStandIn {
  @OnRequest(MONITOR_REQUESTS.list)
  list(): MonitoredChannel[] {
    return CHANNELS.map((channel, index) => ({
      channel,
      channelId: String(9_000 + index),
      sessionIds: [`session-${index}`],
    }));
  }
}

@Module({})
class MonitoredChannelsModule {
  static register(transport: TransportRuntime) {
    return {
      module: MonitoredChannelsModule,
      imports: [BusClientModule.register(transport)],
      controllers: [MonitoredChannelsStandIn],
    };
  }
}

/**
 * Cluster mode: auth and gateway A in this process, gateway B and two chat-ingest replicas as
 * processes of their own, all on one NATS server and Redis. The admin's figures must add up
 * what each replica holds, and a stopped replica shows as missing while the call answers.
 */
describe('admin overview and system status across replicas', () => {
  let stack: AuthStack;
  let monitors: INestMicroservice;
  let kv: KeyValueStore;
  let admin: Browser;
  let gatewayB: RunningProgram;
  let gatewayBUrl: string;
  const ingest = new Map<string, RunningProgram>();
  const sockets: WebSocket[] = [];

  const openSocket = async (base: string) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`, {
      headers: { Cookie: admin.cookieHeader(), Origin: new URL(stack.url).origin },
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    sockets.push(socket);
  };
  const status = async () => {
    const answer = await admin.api(stack.url, 'GET', '/api/admin/system-status');
    expect(answer.status).toBe(200);
    return answer.body as SystemStatusDto;
  };
  const replicasOf = (body: SystemStatusDto, service: string) =>
    body.replicas.filter((replica) => replica.service === service);
  const leaseHolders = async () => {
    const holders = new Map<string, string[]>();
    for (const channel of CHANNELS) {
      const holder = await kv.get(`chat-ingest:lease:${channel}`);
      if (holder) holders.set(holder, [...(holders.get(holder) ?? []), channel].sort());
    }
    return holders;
  };

  beforeAll(async () => {
    stack = await startAuthStack({ transport: 'nats', adminLogins: ['status_admin'] });
    const transport = stack.transport;
    if (transport.kind !== 'nats') throw new Error('this test needs NATS');
    monitors = await startServiceApp(
      'sessions',
      MonitoredChannelsModule.register(transport),
      transport,
      'warn',
    );
    for (const channel of CHANNELS) stack.emulator.state.users.create({ login: channel });
    // Every process speaks as the stack's installation: its subjects, streams and keys.
    const installation = transport.prefix ?? 'greetboard';
    kv = createKeyValueStore(
      { REDIS_URL: TEST_INFRASTRUCTURE.redis },
      keyPrefixOf({ INSTALLATION_PREFIX: installation }),
    );
    const port = await freePort();
    gatewayBUrl = `http://127.0.0.1:${port}`;
    gatewayB = startProgram('services/gateway/dist/main.js', {
      LOG_LEVEL: 'warn',
      NATS_URL: transport.url,
      REDIS_URL: TEST_INFRASTRUCTURE.redis,
      PORT: String(port),
      PUBLIC_URL: stack.url,
      RATE_LIMIT_API_PER_MINUTE: '100000',
      INSTALLATION_PREFIX: installation,
    });
    for (const name of ['ingest-1', 'ingest-2']) {
      ingest.set(
        name,
        startProgram('services/chat-ingest/dist/main.js', {
          LOG_LEVEL: 'warn',
          NATS_URL: transport.url,
          REDIS_URL: TEST_INFRASTRUCTURE.redis,
          TWITCH_IRC_URL: stack.emulator.ircWsUrl,
          CHAT_INGEST_REPLICA_ID: replicaId(name),
          INSTALLATION_PREFIX: installation,
          CHANNELS_PER_CONNECTION: '2',
        }),
      );
    }
    await waitFor(
      async () => (await fetch(`${gatewayBUrl}/healthz`).catch(() => undefined))?.status === 200,
      { timeoutMs: 120_000, what: 'gateway B' },
    );
    admin = await signedInBrowser(stack, 'status_admin');
    // Every channel held by one of the two replicas, both holding some.
    await waitFor(
      async () => {
        const holders = await leaseHolders();
        const held = [...holders.values()].flat().length;
        return held === CHANNELS.length && holders.size === 2;
      },
      { timeoutMs: 120_000, what: 'both chat-ingest replicas to share the channels' },
    );
  }, 300_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    for (const program of ingest.values()) await program.stop('SIGKILL');
    await gatewayB?.stop();
    await monitors?.close();
    await kv?.close();
    await stack?.close();
  });

  it('adds up what each replica holds and lists every replica', async () => {
    await openSocket(stack.url);
    await openSocket(gatewayBUrl);
    await openSocket(gatewayBUrl);

    // A replica reports what it holds at the moment it answers; leases settle first.
    const body = await waitFor(
      async () => {
        const answer = await status();
        const ingestRows = replicasOf(answer, 'chat-ingest');
        const holders = await leaseHolders();
        const agrees = ingestRows.every(
          (row) =>
            JSON.stringify([...row.channels].sort()) ===
            JSON.stringify(holders.get(row.replicaId) ?? []),
        );
        return ingestRows.length === 2 && answer.websocketConnections === 3 && agrees
          ? answer
          : null;
      },
      { timeoutMs: 90_000, what: 'the replica table to match the leases and sockets' },
    );

    const gateways = replicasOf(body, 'gateway');
    expect(gateways).toHaveLength(2);
    expect(gateways.map((row) => row.websocketConnections).sort()).toEqual([1, 2]);
    const ingestRows = replicasOf(body, 'chat-ingest');
    expect(ingestRows.map((row) => row.replicaId).sort()).toEqual([
      replicaId('ingest-1'),
      replicaId('ingest-2'),
    ]);
    for (const row of ingestRows) {
      // Two channels per connection at most; a handover may leave connections half full.
      expect(row.tmiConnections).toBeGreaterThanOrEqual(Math.ceil(row.channels.length / 2));
      expect(row.tmiConnections).toBeLessThanOrEqual(row.channels.length);
    }
    // Twitch's (the emulator's) view: one client per open chat connection.
    const response = await fetch(`${stack.emulator.httpUrl}/control/clients`);
    const clients = (await response.json()) as { data: { channels: string[] }[] };
    const open = clients.data.filter((client) =>
      client.channels.some((channel) => CHANNELS.includes(channel)),
    );
    expect(body.activeTmiConnections).toBe(open.length);
    expect(replicasOf(body, 'auth')).toHaveLength(1);
    expect(body.replicas.every((row) => row.status === 'up')).toBe(true);
    expect(body.activeMonitors).toEqual([...CHANNELS].sort());
    const sum = (rows: ReplicaStatusDto[], pick: (row: ReplicaStatusDto) => number) =>
      rows.reduce((total, row) => total + pick(row), 0);
    expect(body.activeTmiConnections).toBe(sum(ingestRows, (row) => row.tmiConnections ?? 0));
    // Memory counts each process once: replicas started inside this test share its process.
    const perProcess = new Map(body.replicas.map((row) => [row.processId, row]));
    expect(body.memoryUsage.rss).toBe(
      sum([...perProcess.values()], (row) => row.memoryUsage?.rss ?? 0),
    );
    expect(body.uptime).toBe(Math.max(...body.replicas.map((row) => row.uptime ?? 0)));

    const overview = await admin.api(stack.url, 'GET', '/api/admin/overview');
    expect(overview.status).toBe(200);
    expect(overview.body).toMatchObject({
      activeTmiConnections: body.activeTmiConnections,
      totalUsers: 1,
    });
  }, 180_000);

  it('reports a stopped replica as missing and still answers within the deadline', async () => {
    await ingest.get('ingest-2')?.stop('SIGKILL');
    await gatewayB.stop('SIGKILL');
    const body = await status();
    expect(body.deadlineMs).toBeGreaterThan(0);
    const missing = body.replicas.filter((row) => row.status === 'missing');
    expect(missing.map((row) => `${row.service}/${row.status}`).sort()).toEqual([
      'chat-ingest/missing',
      'gateway/missing',
    ]);
    expect(missing.find((row) => row.service === 'chat-ingest')?.replicaId).toBe(
      replicaId('ingest-2'),
    );
    for (const row of missing) {
      expect(row).toMatchObject({ uptime: null, memoryUsage: null, channels: [] });
    }
    // What the survivors hold still counts; the missing ones add nothing.
    expect(replicasOf(body, 'gateway').find((row) => row.status === 'up')).toMatchObject({
      websocketConnections: 1,
    });
    expect(body.websocketConnections).toBe(1);
  }, 180_000);
});
