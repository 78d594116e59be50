import { afterAll, beforeAll, describe, it } from '@jest/globals';
import {
  startReadingCluster,
  type ChatCluster,
  type MonitoredChannel,
  type ReadingCluster,
} from './chat-cluster.js';
import {
  expectRecoveryFromOutage,
  expectRecoveryFromSlowJoins,
  OUTAGE_MS,
  type ChatUnderTest,
} from './twitch-recovery.js';

/**
 * Twitch slow to answer JOINs, then unreachable for three minutes, against the cluster runtime:
 * every service its own process, two chat-ingest replicas sharing four channels by leases.
 * After each fault every channel must be joined again within 10 s of Twitch answering, and
 * chat sent from then on counted exactly (figures in the `[recovery]` lines of the output).
 */
const CHANNELS = 4;

let reading: ReadingCluster | undefined;
let cluster: ChatCluster;
let chat: ChatUnderTest;

beforeAll(async () => {
  let channels: MonitoredChannel[];
  reading = await startReadingCluster(CHANNELS);
  ({ cluster, channels } = reading);
  const sessionOf = new Map(channels.map((channel) => [channel.login, channel.sessionId]));
  chat = {
    emulatorUrl: cluster.emulator.httpUrl,
    channels: channels.map((channel) => channel.login),
    counts: (channel) => cluster.counts(sessionOf.get(channel) ?? ''),
  };
}, 120_000);

afterAll(async () => {
  await reading?.close();
}, 60_000);

describe('the cluster runtime when Twitch is slow or away', () => {
  it('counts chat after every JOIN was answered 2.5 s late', async () => {
    await expectRecoveryFromSlowJoins(chat, 'cluster').catch((error: unknown) => {
      process.stdout.write(`[recovery] process logs:\n${cluster.logs()}\n`);
      throw error;
    });
  }, 90_000);

  it(
    'counts chat after Twitch was unreachable for three minutes',
    async () => {
      await expectRecoveryFromOutage(chat, 'cluster').catch((error: unknown) => {
        process.stdout.write(`[recovery] process logs:\n${cluster.logs()}\n`);
        throw error;
      });
    },
    OUTAGE_MS + 90_000,
  );
});
