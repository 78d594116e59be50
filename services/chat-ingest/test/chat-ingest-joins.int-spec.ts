import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import {
  channelJoinStatusKey,
  CHAT_LINES_BATCH_SUBJECT,
  chatLineRecords,
  STREAMS,
  type ChannelJoinStatus,
  type ChatLineReceived,
  type MonitoredChannel,
} from '@greetboard/contracts';
import { createKeyValueStore, type KeyValueStore } from '@greetboard/kv';
import { TEST_INFRASTRUCTURE, waitFor } from '@greetboard/testing';
import { startTwitchEmulator, type TwitchEmulator } from '@greetboard/twitch-emulator';
import {
  InProcessBroker,
  JetStreamDurableStreams,
  type TransportRuntime,
} from '@greetboard/transport';
import { startTmiChatIngest } from './start-tmi-ingest.js';
import { startMonitoredChannelsStub } from './monitored-channels-stub.js';
import { ChatIngestRunner } from '../src/ingest/chat-ingest.runner.js';

const suffix = randomBytes(3).toString('hex');
const channel = `joins_${suffix}`;
const monitored: MonitoredChannel[] = [];

/**
 * A slow or absent Twitch, played by the emulator's faults, against chat-ingest as it runs in
 * production: tmi.js, the shared JOIN limiter, Redis for leases and join status, JetStream.
 * IRC has no replay, so only lines sent once Twitch answers (again) must arrive.
 */
describe('chat-ingest joining a slow or absent Twitch', () => {
  let emulator: TwitchEmulator;
  let streams: JetStreamDurableStreams;
  let kv: KeyValueStore;
  let stub: INestMicroservice;
  let ingest: INestMicroservice | undefined;
  let stopConsumer: () => Promise<void>;
  const received = new Map<string, ChatLineReceived>();

  const control = async (path: string, method = 'GET', body?: object) => {
    const response = await fetch(`${emulator.httpUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    expect(response.status).toBeLessThan(300);
    return response.status === 204 ? undefined : await response.json();
  };
  const clients = async () =>
    ((await control('/control/clients')) as { data: { id: string; channels: string[] }[] }).data;
  const joinsSentBy = async (clientId: string) =>
    ((await control(`/control/clients/${clientId}/sent`)) as { lines: string[] }).lines.filter(
      (line) => line.startsWith('JOIN '),
    ).length;
  const inject = async (text: string) => {
    const { messageIds } = (await control(`/control/channels/${channel}/messages`, 'POST', {
      messages: [{ login: 'patient_viewer', text }],
    })) as { messageIds: string[] };
    return messageIds[0];
  };
  const joinStatus = async () => {
    const value = await kv.get(channelJoinStatusKey(channel));
    return value === null ? null : (JSON.parse(value) as ChannelJoinStatus);
  };

  const startIngest = async () => {
    const transport: TransportRuntime = { kind: 'in-process', broker: new InProcessBroker() };
    stub = await startMonitoredChannelsStub(transport, monitored);
    ingest = await startTmiChatIngest({
      transport,
      kv,
      streams,
      replicaId: `joins-${suffix}`,
      ircWsUrl: emulator.ircWsUrl,
    });
    return ingest.get(ChatIngestRunner).monitor;
  };

  beforeAll(async () => {
    emulator = await startTwitchEmulator({ httpPort: 0, ircPort: 0 });
    const streamer = emulator.state.users.ensure(channel);
    monitored.push({ channel, channelId: streamer.id, sessionIds: [randomUUID()] });
    streams = await JetStreamDurableStreams.connect(TEST_INFRASTRUCTURE.nats);
    kv = createKeyValueStore({ REDIS_URL: TEST_INFRASTRUCTURE.redis }, `test-joins-${suffix}:`);
    await streams.ensureStream({
      ...STREAMS.chatLines,
      subjects: [...STREAMS.chatLines.subjects],
    });
    const consumer = await streams.consume<ChatLineReceived>(
      {
        stream: STREAMS.chatLines.name,
        durable: `test-joins-${suffix}`,
        // Lines of every channel come in batches on one subject (ADR 0057).
        filterSubject: CHAT_LINES_BATCH_SUBJECT,
        records: chatLineRecords,
      },
      (batch) => {
        for (const { data: line } of batch)
          if (line.channel === channel) received.set(line.id, line);
        return Promise.resolve();
      },
    );
    stopConsumer = () => consumer.stop();
  });

  afterEach(async () => {
    await control('/control/faults', 'DELETE');
  });

  afterAll(async () => {
    await stopConsumer?.();
    await ingest?.close();
    await stub?.close();
    await streams?.close();
    await kv?.close();
    await emulator?.close();
  });

  it('joins once through 2,500 ms of latency and counts chat sent after the join', async () => {
    // Every line from Twitch arrives 2.5 s late, from the welcome on: tmi.js's own join
    // promise would give up after 600 ms and the JOIN would be sent again and again.
    await control('/control/faults', 'POST', { kind: 'latency', ms: 2_500 });
    const monitor = await startIngest();
    const [client] = await waitFor(
      async () => {
        const joined = (await clients()).filter((c) => c.channels.includes(channel));
        return joined.length > 0 ? joined : undefined;
      },
      { what: 'the JOIN to reach Twitch', timeoutMs: 15_000 },
    );
    const id = await inject('can you read me?');
    const sent = Date.now();
    await waitFor(() => received.has(id), { what: 'the line in the stream', timeoutMs: 15_000 });
    const lineMs = Date.now() - sent;
    // The same connection, and one JOIN: nothing was retried or closed.
    expect((await clients()).map((c) => c.id)).toEqual([client.id]);
    expect(await joinsSentBy(client.id)).toBe(1);
    expect(monitor.unjoinedChannels()).toEqual([]);
    expect(await joinStatus()).toMatchObject({ joined: true, reason: null });
    console.log(`latency 2500 ms: line stored ${lineMs} ms after it was sent`);
  });

  it('reads on through a storm of RECONNECTs, losing no line', async () => {
    const monitor = ingest ? ingest.get(ChatIngestRunner).monitor : await startIngest();
    await waitFor(() => monitor.channels().includes(channel), { what: 'the channel joined' });
    const [before] = await clients();
    // RECONNECT only announces a close: until Twitch closes the connection, its chat flows.
    await control('/control/faults', 'POST', {
      kind: 'reconnect-storm',
      count: 3,
      intervalMs: 300,
    });
    const sent: { id: string; connections: number }[] = [];
    for (let i = 0; i < 20; i++) {
      const answer = (await control(`/control/channels/${channel}/messages`, 'POST', {
        messages: [{ login: 'stormy_viewer', text: `storm ${i}` }],
      })) as { messageIds: string[]; connections: number };
      sent.push({ id: answer.messageIds[0], connections: answer.connections });
    }
    expect(sent.filter((line) => line.connections === 0)).toEqual([]);
    await waitFor(() => sent.every((line) => received.has(line.id)), {
      what: 'every line sent during the storm in the stream',
    });
    expect((await clients()).map((c) => c.id)).toEqual([before.id]);
  });

  it('rejoins and reads chat within 15 s of Twitch answering again after an outage', async () => {
    const monitor = ingest ? ingest.get(ChatIngestRunner).monitor : await startIngest();
    await waitFor(() => monitor.channels().includes(channel), { what: 'the channel joined' });
    // Twitch goes silent for 20 s and every connection drops: the reconnect reaches a server
    // that answers nothing, not even the welcome, until the stall ends.
    const outageMs = 20_000;
    await control('/control/faults', 'POST', { kind: 'stall', durationMs: outageMs });
    const answersAt = Date.now() + outageMs;
    await control('/control/faults', 'POST', { kind: 'drop' });

    // Loud meanwhile: the replica keeps the lease, and says the channel is not joined.
    await waitFor(async () => (await joinStatus())?.joined === false, {
      what: 'the join status to say not joined',
      timeoutMs: 10_000,
    });
    expect(await joinStatus()).toMatchObject({ joined: false, reason: 'disconnected' });
    expect(monitor.unjoinedChannels()).toEqual([channel]);

    await waitFor(() => Date.now() >= answersAt, {
      what: 'the end of the outage',
      timeoutMs: outageMs + 5_000,
      intervalMs: 200,
    });
    // Lines sent before the rejoin are Twitch's gap (no replay); send until one is read.
    const injected: string[] = [];
    const arrived = await waitFor(
      async () => {
        injected.push(await inject(`back? ${injected.length}`));
        return injected.find((id) => received.has(id));
      },
      { what: 'a line read after Twitch answers again', timeoutMs: 15_000, intervalMs: 500 },
    );
    const recoveredMs = Date.now() - answersAt;
    expect(received.get(arrived)?.login).toBe('patient_viewer');
    expect(monitor.unjoinedChannels()).toEqual([]);
    await waitFor(async () => (await joinStatus())?.joined === true, {
      what: 'the join status to say joined',
    });
    console.log(`outage ${outageMs} ms: reading again ${recoveredMs} ms after Twitch answered`);
  });
});
