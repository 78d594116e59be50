import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import {
  startPrivateNatsServer,
  startPrivatePostgresServer,
  waitFor,
  type PrivateNatsServer,
  type PrivatePostgresServer,
} from '@greetboard/testing';
import type { TrafficReport, TrafficRun } from '@greetboard/twitch-emulator';
import {
  joinedChannels,
  startChatCluster,
  type ChatCluster,
  type MonitoredChannel,
} from './chat-cluster.js';

/**
 * Fault tests of the chat pipeline in cluster mode: seeded Twitch traffic flows
 * through two chat-ingest replicas, JetStream and the sessions service while a process is
 * killed or stopped or the infrastructure restarts, and every session must end with exactly the chatters
 * and message counts the emulator delivered. NATS and PostgreSQL are servers of this file's
 * own, so stopping them disturbs no other test run.
 */

/** Four channels at 50 lines/s each for 12 s: 2,400 lines, 50 chatters per channel. */
const CHANNELS = 4;
const RATE_PER_CHANNEL = 50;
const DURATION_SEC = 12;
/**
 * Lines sent just before a kill -9 that the killed chat-ingest had read but not yet handed to
 * JetStream (at 50 lines/s per channel, one line per 20 ms): lost with the process.
 */
const IN_FLIGHT_AT_KILL = 2;
/** Lines sent per channel while NATS or PostgreSQL is down (3 s of traffic). */
const LINES_WHILE_DOWN = 3 * RATE_PER_CHANNEL;
/** Time for every delivered line to be counted once traffic stopped. */
const DRAIN_MS = 45_000;

let nats: PrivateNatsServer;
let postgres: PrivatePostgresServer;

interface Scenario {
  cluster: ChatCluster;
  channels: MonitoredChannel[];
  runs: TrafficRun[];
}

/** A cluster with `sessions` replicas, two chat-ingest replicas and CHANNELS monitored channels. */
async function startScenario(sessions: number): Promise<Scenario> {
  const cluster = await startChatCluster({
    natsUrl: nats.url,
    postgresAdminUrl: postgres.adminUrl,
  });
  current = cluster;
  const names = [
    'gateway',
    'auth',
    ...Array.from({ length: sessions }, (_, i) => `sessions-${i + 1}`),
    'ingest-1',
    'ingest-2',
  ];
  await Promise.all(names.map((name) => cluster.start(name)));
  const channels: MonitoredChannel[] = [];
  for (let i = 0; i < CHANNELS; i++) channels.push(await cluster.addChannel());
  await waitFor(
    () => {
      const joined = joinedChannels(cluster.emulator);
      return channels.every((channel) => joined.has(channel.login));
    },
    { timeoutMs: 30_000, what: 'chat-ingest to join every channel' },
  );
  return { cluster, channels, runs: [] };
}

function startTraffic(scenario: Scenario): void {
  scenario.runs = scenario.channels.map((channel, index) =>
    scenario.cluster.emulator.startTraffic([channel.login], {
      rate: RATE_PER_CHANNEL,
      durationSec: DURATION_SEC,
      chatters: 50,
      seed: 1_000 + index * 7_919 + Math.floor(Math.random() * 50_000),
    }),
  );
}

/** Waits until a share of the traffic has been sent, so the fault lands mid-stream. */
async function trafficUnderWay(scenario: Scenario, share: number): Promise<void> {
  await waitFor(
    () =>
      scenario.runs.every((trafficRun) => trafficRun.report().sent >= trafficRun.planned * share),
    { timeoutMs: 30_000, what: `${share * 100}% of the traffic to be sent` },
  );
  for (const trafficRun of scenario.runs) expect(trafficRun.report().status).toBe('running');
}

/**
 * Waits until Twitch has sent `lines` more lines on every channel, so an outage spans that much
 * traffic whatever the machine's speed; the traffic must still be running after it.
 */
async function linesSentMeanwhile(scenario: Scenario, lines: number): Promise<void> {
  const from = scenario.runs.map((trafficRun) => trafficRun.report().sent);
  await waitFor(
    () =>
      scenario.runs.every((trafficRun, index) => trafficRun.report().sent >= from[index] + lines),
    { timeoutMs: 30_000, what: `${lines} lines per channel to be sent` },
  );
  for (const trafficRun of scenario.runs) expect(trafficRun.report().status).toBe('running');
}

/** What each channel's session must show: lines that reached a chat-ingest connection. */
function expectedCounts(report: TrafficReport): Record<string, number> {
  return { ...report.deliveredPerChatter };
}

/** Waits until the database holds `expected` for every channel, then asserts it exactly. */
async function expectCounted(
  scenario: Scenario,
  expected: Record<string, number>[],
  timeoutMs = DRAIN_MS,
): Promise<number> {
  const started = Date.now();
  const { cluster, channels } = scenario;
  const matches = async () => {
    for (const [index, channel] of channels.entries()) {
      const counts = await cluster.counts(channel.sessionId);
      if (!isDeepStrictEqual(counts, expected[index])) return false;
    }
    return true;
  };
  await waitFor(matches, { timeoutMs, intervalMs: 250, what: 'every line to be counted' }).catch(
    () => process.stdout.write(`[fault] lines still missing; process logs:\n${cluster.logs()}\n`),
  );
  const drainedMs = Date.now() - started;
  for (const [index, channel] of channels.entries()) {
    const counts = await cluster.counts(channel.sessionId);
    expect({ channel: channel.login, counts }).toEqual({
      channel: channel.login,
      counts: expected[index],
    });
    // Counted once each: every counted line is a distinct Twitch message id.
    const seen = await cluster.seenIds(channel.sessionId);
    expect(seen.size).toBe(Object.values(counts).reduce((sum, n) => sum + n, 0));
  }
  return drainedMs;
}

function isDeepStrictEqual(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The chat-ingest replica holding the most channels' leases, and the indexes of those channels. */
async function busiestIngest(scenario: Scenario) {
  const { cluster, channels } = scenario;
  const holders = await Promise.all(channels.map((c) => cluster.leaseHolder(c.login)));
  const name = (['ingest-1', 'ingest-2'] as const)
    .map((replica) => ({ replica, held: holders.filter((holder) => holder === replica).length }))
    .sort((a, b) => b.held - a.held)[0].replica;
  const held = channels.flatMap((_, index) => (holders[index] === name ? [index] : []));
  return { name, held };
}

async function finished(scenario: Scenario): Promise<TrafficReport[]> {
  return Promise.all(scenario.runs.map((trafficRun) => trafficRun.finished()));
}

let current: ChatCluster | undefined;

beforeAll(async () => {
  [nats, postgres] = await Promise.all([startPrivateNatsServer(), startPrivatePostgresServer()]);
}, 60_000);

afterEach(async () => {
  const cluster = current;
  current = undefined;
  await postgres.start();
  await nats.start();
  await cluster?.close();
}, 60_000);

afterAll(async () => {
  await nats.dispose();
  await postgres.dispose();
}, 60_000);

describe('chat pipeline faults in cluster mode', () => {
  it('counts every line exactly when a sessions replica is killed mid-stream', async () => {
    const scenario = await startScenario(2);
    startTraffic(scenario);
    await trafficUnderWay(scenario, 0.4);
    await scenario.cluster.kill('sessions-1');
    const reports = await finished(scenario);
    for (const report of reports) expect(report.undelivered).toBe(0);
    const drainedMs = await expectCounted(scenario, reports.map(expectedCounts));
    report('sessions kill', { lines: total(reports, 'sent'), drainedMs });
    // Every chatter gets its Twitch profile image from the surviving replica's profile job
    // (Helix users through the auth process, over NATS), never on the chat path (ADR 0033).
    const withoutImage = async () =>
      Number(
        (
          await scenario.cluster.db.query<{ n: string }>(
            `SELECT count(*) AS n FROM sessions.chatters
              WHERE session_id = ANY($1::uuid[]) AND profile_image IS NULL`,
            [scenario.channels.map((channel) => channel.sessionId)],
          )
        ).rows[0]?.n,
      );
    await waitFor(async () => (await withoutImage()) === 0, {
      timeoutMs: 30_000,
      intervalMs: 500,
      what: 'every chatter with a profile image',
    });
  }, 150_000);

  it('counts every line exactly across a NATS restart', async () => {
    const scenario = await startScenario(1);
    startTraffic(scenario);
    await trafficUnderWay(scenario, 0.3);
    await nats.stop();
    // Down while Twitch keeps sending: chat-ingest must hold the lines.
    await linesSentMeanwhile(scenario, LINES_WHILE_DOWN);
    await nats.start();
    const reports = await finished(scenario);
    for (const report of reports) expect(report.undelivered).toBe(0);
    const drainedMs = await expectCounted(scenario, reports.map(expectedCounts));
    report('NATS restart', { lines: total(reports, 'sent'), drainedMs });
  }, 150_000);

  it('counts every line exactly across a PostgreSQL restart', async () => {
    const scenario = await startScenario(1);
    startTraffic(scenario);
    await trafficUnderWay(scenario, 0.3);
    await postgres.stop();
    // Down while Twitch keeps sending: the consumer must retry, never ack unsaved lines.
    await linesSentMeanwhile(scenario, LINES_WHILE_DOWN);
    await postgres.start();
    const reports = await finished(scenario);
    for (const report of reports) expect(report.undelivered).toBe(0);
    const drainedMs = await expectCounted(scenario, reports.map(expectedCounts));
    report('PostgreSQL restart', { lines: total(reports, 'sent'), drainedMs });
  }, 150_000);

  it('resumes a killed chat-ingest replica’s channels within 10 s, missing only lines nobody read', async () => {
    const scenario = await startScenario(1);
    const { cluster, channels } = scenario;
    startTraffic(scenario);
    await trafficUnderWay(scenario, 0.3);
    const { name: victim, held: orphaned } = await busiestIngest(scenario);
    expect(orphaned.length).toBeGreaterThan(0);

    const sentAtKill = scenario.runs.map((trafficRun) => trafficRun.report().sent);
    const killedAt = Date.now();
    await cluster.kill(victim);
    // The emulator notices the closed socket, then the survivor takes the channels over.
    const sentAtResume: number[] = [];
    const resumedAfterMs: number[] = [];
    await Promise.all(
      orphaned.map(async (index) => {
        const login = channels[index].login;
        await waitFor(() => !joinedChannels(cluster.emulator).has(login), {
          intervalMs: 5,
          what: `#${login} to lose its reader`,
        });
        await waitFor(() => joinedChannels(cluster.emulator).has(login), {
          timeoutMs: 20_000,
          intervalMs: 5,
          what: `#${login} to be joined again`,
        });
        sentAtResume[index] = scenario.runs[index].report().sent;
        resumedAfterMs[index] = Date.now() - killedAt;
      }),
    );
    const reports = await finished(scenario);

    // Channels the survivor held all along: exact.
    const expected = reports.map(expectedCounts);
    for (const [index, report] of reports.entries()) {
      if (!orphaned.includes(index)) expect(report.undelivered).toBe(0);
    }
    // Orphaned channels: exact over what was counted, and what is missing is one block of lines
    // sent between the kill and the survivor's JOIN.
    const gaps = [];
    for (const index of orphaned) {
      const report = reports[index];
      const outsideGap = report.messageIds.filter(
        (_, position) =>
          position < sentAtKill[index] - IN_FLIGHT_AT_KILL || position >= sentAtResume[index],
      );
      const seen: Set<string> = await waitFor(
        async () => {
          const ids = await cluster.seenIds(channels[index].sessionId);
          return outsideGap.every((id) => ids.has(id)) ? ids : undefined;
        },
        { timeoutMs: DRAIN_MS, intervalMs: 250, what: 'lines outside the gap to be counted' },
      ).catch(async () => cluster.seenIds(channels[index].sessionId));
      const missing = report.messageIds.flatMap((id, position) => (seen.has(id) ? [] : [position]));
      const undelivered = new Set(report.undeliveredIds);
      // Lines nobody received cannot have been counted; every counted line was sent.
      expect(report.undeliveredIds.filter((id) => seen.has(id))).toEqual([]);
      expect([...seen].filter((id) => !report.messageIds.includes(id))).toEqual([]);
      // The gap: lines sent after the kill and before the JOIN (a line the emulator wrote to the
      // dead socket before it noticed the close counts as "delivered" there, not in undelivered).
      // The process killed may also take the last line(s) it had read but not yet published.
      expect(
        missing.filter(
          (p) => p < sentAtKill[index] - IN_FLIGHT_AT_KILL || p >= sentAtResume[index],
        ),
      ).toEqual([]);
      expect(missing.length).toBeGreaterThanOrEqual(undelivered.size);
      expect(resumedAfterMs[index]).toBeLessThan(10_000);
      gaps.push({
        channel: channels[index].login,
        resumedAfterMs: resumedAfterMs[index],
        sentWhileNobodyConnected: report.undelivered,
        missing: missing.length,
        readButUnpublishedAtKill: missing.filter((p) => p < sentAtKill[index]).length,
        writtenToDeadSocket:
          missing.filter((p) => p >= sentAtKill[index]).length - undelivered.size,
      });
      // What the session shows is what was sent minus the gap.
      const lost = Object.values(report.perChatter).reduce((sum, n) => sum + n, 0) - seen.size;
      expect(lost).toBe(missing.length);
      expected[index] = await cluster.counts(channels[index].sessionId);
      for (const [login, count] of Object.entries(expected[index]))
        expect(count).toBeLessThanOrEqual(report.perChatter[login] ?? 0);
    }
    const drainedMs = await expectCounted(scenario, expected);
    report('chat-ingest kill', { lines: total(reports, 'sent'), victim, gaps, drainedMs });
  }, 150_000);

  it('a chat-ingest replica stopped with SIGTERM hands its channels over without losing a line', async () => {
    const scenario = await startScenario(1);
    const { cluster, channels } = scenario;
    startTraffic(scenario);
    await trafficUnderWay(scenario, 0.3);
    const { name: victim, held } = await busiestIngest(scenario);
    expect(held.length).toBeGreaterThan(0);
    const survivor = victim === 'ingest-1' ? 'ingest-2' : 'ingest-1';

    const stoppedAt = Date.now();
    expect(await cluster.stop(victim)).toBe(0);
    const handoverMs = Date.now() - stoppedAt;
    // The handover happened under traffic, and the survivor now holds every channel.
    for (const trafficRun of scenario.runs) expect(trafficRun.report().status).toBe('running');
    const holders = await Promise.all(channels.map((c) => cluster.leaseHolder(c.login)));
    expect(holders).toEqual(channels.map(() => survivor));

    const reports = await finished(scenario);
    for (const report of reports) expect(report.undelivered).toBe(0);
    const drainedMs = await expectCounted(scenario, reports.map(expectedCounts));
    report('chat-ingest SIGTERM', {
      lines: total(reports, 'sent'),
      victim,
      handedOver: held.length,
      handoverMs,
      drainedMs,
    });
  }, 150_000);
});

function total(reports: TrafficReport[], key: 'sent' | 'undelivered'): number {
  return reports.reduce((sum, r) => sum + r[key], 0);
}

function report(what: string, figures: Record<string, unknown>): void {
  process.stdout.write(`[fault] ${what}: ${JSON.stringify(figures)}\n`);
}
