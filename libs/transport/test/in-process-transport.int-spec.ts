import { InProcessBroker, InProcessDurableStreams } from '../src/index.js';
import { describeDurableStreamsContract } from './streams-contract.js';
import { describeTransportContract } from './transport-contract.js';

describeTransportContract('in-process', () => {
  const broker = new InProcessBroker();
  return Promise.resolve({
    runtime: { kind: 'in-process', broker },
    requestText: (subject, text, timeoutMs) =>
      new Promise<unknown>((resolve, reject) => {
        const inbox = broker.createInbox();
        const timer = setTimeout(() => reject(new Error('no reply')), timeoutMs);
        const subscription = broker.subscribe(inbox, (reply) => {
          clearTimeout(timer);
          subscription.unsubscribe();
          resolve(reply.json());
        });
        broker.publishText(subject, text, inbox);
      }),
    teardown: () => {
      broker.close();
      return Promise.resolve();
    },
  });
});

describeDurableStreamsContract('in-process', () => {
  const streams = new InProcessDurableStreams();
  return Promise.resolve({
    streams,
    unacked: (stream, durable) => Promise.resolve(streams.unackedCount(stream, durable)),
    deleteStream: () => Promise.resolve(),
    teardown: () => streams.close(),
  });
});
