import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { TEST_INFRASTRUCTURE } from '@greetboard/testing';
import { JetStreamDurableStreams } from '../src/index.js';
import { describeDurableStreamsContract } from './streams-contract.js';
import { describeTransportContract } from './transport-contract.js';

const NATS_URL = TEST_INFRASTRUCTURE.nats;

describeTransportContract('nats', async () => {
  const nc: NatsConnection = await connect({ servers: [NATS_URL] });
  return {
    runtime: { kind: 'nats', url: NATS_URL },
    requestText: async (subject, text, timeoutMs) =>
      (await nc.request(subject, text, { timeout: timeoutMs })).json(),
    teardown: () => nc.close(),
  };
});

describeDurableStreamsContract('jetstream', async () => {
  const nc: NatsConnection = await connect({ servers: [NATS_URL] });
  const jsm = await jetstreamManager(nc);
  const streams = new JetStreamDurableStreams(nc);
  return {
    streams,
    unacked: async (stream, durable) => {
      const info = await jsm.consumers.info(stream, durable);
      return info.num_ack_pending + info.num_pending;
    },
    deleteStream: async (name) => {
      await jsm.streams.delete(name);
    },
    teardown: async () => {
      await streams.close();
      await nc.close();
    },
  };
});
