import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes, randomUUID } from 'node:crypto';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  CHAT_INGEST_EVENTS,
  CHAT_INGEST_REQUESTS,
  ChatConnectionChanged,
  sendRequest,
  STREAMS,
  type MonitoredChannel,
} from '@greetboard/contracts';
import { createKeyValueStore, type KeyValueStore } from '@greetboard/kv';
import { startServiceApp } from '@greetboard/service-kit';
import { TEST_INFRASTRUCTURE, waitFor } from '@greetboard/testing';
import { startTwitchEmulator, type TwitchEmulator } from '@greetboard/twitch-emulator';
import {
  BUS_CLIENT,
  InProcessBroker,
  JetStreamDurableStreams,
  OnEvent,
  type BusClient,
  type TransportRuntime,
} from '@greetboard/transport';
import { startTmiChatIngest } from './start-tmi-ingest.js';
import { DEFAULT_JOIN_TIMING } from '../src/connections/channel-joins.js';
import { startMonitoredChannelsStub } from './monitored-channels-stub.js';

const suffix = randomBytes(3).toString('hex');
const channel = `silent_${suffix}`;
const sessionId = randomUUID();

/**
 * The chat connection a streamer is shown, from chat-ingest's side: a channel whose JOIN
 * Twitch never answers is announced `not_connected` on the bus after the grace, the same
 * state is readable by request (what a screen asks on load), and a JOIN answered once the
 * fault is lifted is announced `connected`.
 */
describe('chat-ingest announcing the chat connection', () => {
  let emulator: TwitchEmulator;
  let streams: JetStreamDurableStreams;
  let kv: KeyValueStore;
  let stub: INestMicroservice;
  let listener: INestMicroservice;
  let ingest: INestMicroservice;
  const changes: ChatConnectionChanged[] = [];

  const faults = (method: string, body?: object) =>
    fetch(`${emulator.httpUrl}/control/faults`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });

  beforeAll(async () => {
    emulator = await startTwitchEmulator({ httpPort: 0, ircPort: 0 });
    const streamer = emulator.state.users.ensure(channel);
    const monitored: MonitoredChannel[] = [
      { channel, channelId: streamer.id, sessionIds: [sessionId] },
    ];
    streams = await JetStreamDurableStreams.connect(TEST_INFRASTRUCTURE.nats);
    await streams.ensureStream({ ...STREAMS.chatLines, subjects: [...STREAMS.chatLines.subjects] });
    kv = createKeyValueStore({ REDIS_URL: TEST_INFRASTRUCTURE.redis }, `test-conn-${suffix}:`);
    const transport: TransportRuntime = { kind: 'in-process', broker: new InProcessBroker() };
    stub = await startMonitoredChannelsStub(transport, monitored);

    // Stands in for a gateway: hears every change, and checks it as the gateway's pipe does.
    @Controller()
    class ChangeListener {
      @OnEvent(CHAT_INGEST_EVENTS.connectionChanged)
      changed(@Payload() change: ChatConnectionChanged): void {
        const errors = validateSync(plainToInstance(ChatConnectionChanged, change), {
          whitelist: true,
          forbidNonWhitelisted: true,
        });
        expect(errors).toEqual([]);
        changes.push(change);
      }
    }
    @Module({ controllers: [ChangeListener] })
    class GatewayStubModule {}
    listener = await startServiceApp('gateway', { module: GatewayStubModule }, transport, 'warn');

    // Set before the channel is wanted: its very first JOIN goes unanswered.
    expect((await faults('POST', { kind: 'join-silent', channel })).status).toBeLessThan(300);
    ingest = await startTmiChatIngest({
      transport,
      kv,
      streams,
      replicaId: `conn-${suffix}`,
      ircWsUrl: emulator.ircWsUrl,
      timing: { ...DEFAULT_JOIN_TIMING, joinTimeoutMs: 2_000 },
    });
  });

  afterAll(async () => {
    await ingest?.close();
    await listener?.close();
    await stub?.close();
    await streams?.close();
    await kv?.close();
    await emulator?.close();
  });

  it('announces not connected, answers it on request, then announces connected', async () => {
    const notConnected = await waitFor(
      () => changes.find((change) => change.status === 'not_connected'),
      { what: 'a not_connected announcement', timeoutMs: 15_000 },
    );
    expect(notConnected).toMatchObject({ channel, sessionIds: [sessionId], reason: 'timeout' });
    // Never connected before it: a normal join would not have been announced at all.
    expect(changes.slice(0, changes.indexOf(notConnected)).map((c) => c.status)).toEqual([
      'connecting',
    ]);

    const bus = ingest.get<BusClient>(BUS_CLIENT);
    const answer = await sendRequest(bus, CHAT_INGEST_REQUESTS.joinStatus, { channel });
    expect(answer.record).toMatchObject({ channel, joined: false });
    expect(
      (await sendRequest(bus, CHAT_INGEST_REQUESTS.joinStatus, { channel: 'nobody_reads' })).record,
    ).toBeNull();

    expect((await faults('DELETE')).status).toBeLessThan(300);
    const connected = await waitFor(() => changes.find((change) => change.status === 'connected'), {
      what: 'a connected announcement after the retry',
      timeoutMs: 30_000,
    });
    expect(connected).toMatchObject({ channel, sessionIds: [sessionId], reason: null });
    expect(
      (await sendRequest(bus, CHAT_INGEST_REQUESTS.joinStatus, { channel })).record,
    ).toMatchObject({
      joined: true,
    });
  });
});
