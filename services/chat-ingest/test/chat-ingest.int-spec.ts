import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import type { INestMicroservice } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  CHAT_LINES_BATCH_SUBJECT,
  chatLineRecords,
  DOMAIN_EVENTS,
  domainEventId,
  STREAMS,
  type ChatLineReceived,
  type MonitoredChannel,
  type SessionStatusChanged,
} from '@greetboard/contracts';
import { MemoryKeyValueStore } from '@greetboard/kv';
import { startServiceApp } from '@greetboard/service-kit';
import { TEST_INFRASTRUCTURE, waitFor } from '@greetboard/testing';
import { startTwitchEmulator, type TwitchEmulator } from '@greetboard/twitch-emulator';
import {
  InProcessBroker,
  JetStreamDurableStreams,
  type TransportRuntime,
} from '@greetboard/transport';
import { ChatIngestModule } from '../src/chat-ingest.module.js';
import { startMonitoredChannelsStub } from './monitored-channels-stub.js';
import { chatServerFromUrl, TmiChatConnection } from '../src/connections/tmi-chat-connection.js';

const monitored: MonitoredChannel[] = [];

const suffix = randomBytes(3).toString('hex');
const channel = `ingest_${suffix}`;

describe('chat-ingest reading Twitch chat through tmi.js into JetStream', () => {
  let emulator: TwitchEmulator;
  let streams: JetStreamDurableStreams;
  let stub: INestMicroservice;
  let ingest: INestMicroservice;
  const received = new Map<string, ChatLineReceived>();
  let stopConsumer: () => Promise<void>;

  const clients = async () =>
    (
      (await (await fetch(`${emulator.httpUrl}/control/clients`)).json()) as {
        data: { id: string; channels: string[] }[];
      }
    ).data;
  const joinedChannels = async () => (await clients()).flatMap((client) => client.channels);
  /** The emulator's connections that have joined the monitored channel. */
  const readers = async () =>
    (await clients()).filter((client) => client.channels.includes(channel));

  const inject = async (messages: { login: string; text: string }[]) => {
    const response = await fetch(`${emulator.httpUrl}/control/channels/${channel}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages }),
    });
    return ((await response.json()) as { messageIds: string[] }).messageIds;
  };

  beforeAll(async () => {
    emulator = await startTwitchEmulator({ httpPort: 0, ircPort: 0 });
    const streamer = emulator.state.users.ensure(channel);
    monitored.push({ channel, channelId: streamer.id, sessionIds: [randomUUID()] });

    streams = await JetStreamDurableStreams.connect(TEST_INFRASTRUCTURE.nats);
    const transport: TransportRuntime = { kind: 'in-process', broker: new InProcessBroker() };
    stub = await startMonitoredChannelsStub(transport, monitored);
    const server = chatServerFromUrl(emulator.ircWsUrl);
    ingest = await startServiceApp(
      'chat-ingest',
      ChatIngestModule.register({
        transport,
        kv: new MemoryKeyValueStore(),
        streams,
        replicaId: `test-${suffix}`,
        channelsPerConnection: 90,
        leaseTtlMs: 3_000,
        connect: (onLine) => new TmiChatConnection(server, onLine),
      }),
      transport,
      'warn',
    );
    const consumer = await streams.consume<ChatLineReceived>(
      {
        stream: STREAMS.chatLines.name,
        durable: `test-ingest-${suffix}`,
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
    await waitFor(async () => (await joinedChannels()).includes(channel), {
      what: 'chat-ingest to join the monitored channel',
      timeoutMs: 15_000,
    });
  });

  afterAll(async () => {
    await stopConsumer?.();
    await ingest?.close();
    await stub?.close();
    await streams?.close();
    await emulator?.close();
  });

  it('stores every injected line with its Twitch message id and tags', async () => {
    const ids = await inject([
      { login: 'first_viewer', text: 'hello there' },
      { login: 'second_viewer', text: 'hi!' },
    ]);
    await waitFor(() => ids.every((id) => received.has(id)), { what: 'lines in the stream' });
    const line = received.get(ids[0]);
    const viewer = emulator.state.users.byLogin('first_viewer');
    expect(line).toMatchObject({
      id: ids[0],
      channel,
      channelId: monitored[0].channelId,
      userId: viewer?.id,
      login: 'first_viewer',
      text: 'hello there',
      firstMessage: true,
      returningChatter: false,
    });
    expect(line?.sentAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it('keeps reading after Twitch asks it to reconnect', async () => {
    const before = new Set((await readers()).map((client) => client.id));
    expect(before.size).toBeGreaterThan(0);
    const fault = await fetch(`${emulator.httpUrl}/control/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'reconnect' }),
    });
    expect(fault.status).toBeLessThan(300);
    // Lines sent while nobody is joined are Twitch's gap: send once a new connection joined.
    await waitFor(async () => (await readers()).some((client) => !before.has(client.id)), {
      what: 'chat-ingest to join the channel on a new connection',
      timeoutMs: 20_000,
    });
    const [id] = await inject([{ login: 'third_viewer', text: 'still there?' }]);
    await waitFor(() => received.has(id), { what: 'a line after the reconnect' });
    expect(received.get(id)?.login).toBe('third_viewer');
  });

  it('joins and parts a channel as the status events of its session say, without the list', async () => {
    const other = `ingest_other_${suffix}`;
    const status = (isActive: boolean): SessionStatusChanged => ({
      sessionId,
      ownerId: randomUUID(),
      channel: other,
      name: 'Evening',
      isActive,
      at: new Date().toISOString(),
    });
    const sessionId = randomUUID();
    const publish = async (event: SessionStatusChanged) => {
      const { subject } = DOMAIN_EVENTS.sessionStatusChanged;
      const msgId = domainEventId(subject, `${event.sessionId}:${event.isActive}`, event.at);
      await streams.publish(subject, event, { msgId });
    };
    emulator.state.users.ensure(other);
    // The list never names this channel: only the events can make chat-ingest read it.
    await publish(status(true));
    await waitFor(async () => (await joinedChannels()).includes(other), {
      what: 'chat-ingest to join the started session’s channel',
      timeoutMs: 15_000,
    });
    await publish(status(false));
    await waitFor(async () => !(await joinedChannels()).includes(other), {
      what: 'chat-ingest to part the stopped session’s channel',
      timeoutMs: 15_000,
    });
    expect(await joinedChannels()).toContain(channel);
  });
});
