import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { waitFor } from '@greetboard/testing';
import { SeededRandom, type TrafficReport, type TrafficRun } from '@greetboard/twitch-emulator';
import {
  joinedChannels,
  startReadingCluster,
  type ChatCluster,
  type ReadingCluster,
  type MonitoredChannel,
} from './chat-cluster.js';
import { control, sameCounts } from './twitch-recovery.js';

/**
 * Soak: the cluster runtime (two chat-ingest replicas sharing six channels by leases) reads a
 * steady chat while the emulator cycles through Twitch's faults at random: JOINs answered
 * late, a channel's JOINs never answered, outages in both modes, RECONNECT storms, dropped
 * connections. IRC has no replay, so the accounting is per line: every line the emulator
 * delivered to at least one connection must be counted exactly once, and every other line is
 * listed as "sent while no reader was joined". No channel may stay unjoined for more than
 * 10 s once Twitch answers again.
 *
 * The faults are drawn from a seeded PRNG: SOAK_SEED (default 1) and SOAK_MINUTES (minutes of
 * chat, default 2.5, which keeps the whole test near 3.5 minutes on a 2-core machine). A longer
 * run: `SOAK_SEED=7 SOAK_MINUTES=10 node scripts/test.mjs --selectProjects integration
 * --testPathPatterns fault-chat-soak`.
 */
const SEED = Number(process.env.SOAK_SEED ?? 1);
const MINUTES = Number(process.env.SOAK_MINUTES ?? 2.5);
const CHANNELS = 6;
const RATE_PER_CHANNEL = 5;
/** The last stretch of chat runs without faults, so the last recovery is counted too. */
const QUIET_TAIL_MS = 15_000;
/** The longest a channel may stay unjoined once Twitch answers again. */
const REJOIN_BOUND_MS = 10_000;
/** How often the emulator's memberships are sampled for unjoined gaps. */
const SAMPLE_MS = 50;

interface FaultRecord {
  atMs: number;
  kind: string;
  detail: Record<string, unknown>;
}

/** A channel without a reader: from `fromMs` to `toMs` (test clock, ms since the start). */
interface Gap {
  channel: string;
  fromMs: number;
  toMs: number;
  /** When Twitch answered this channel again within the gap (an outage's end), else fromMs. */
  answeredMs: number;
  /** A silent-JOIN fault overlapped the gap: Twitch never answers that JOIN (see below). */
  silenced: boolean;
}

let reading: ReadingCluster | undefined;
let cluster: ChatCluster;
let channels: MonitoredChannel[];

beforeAll(async () => {
  reading = await startReadingCluster(CHANNELS);
  ({ cluster, channels } = reading);
}, 120_000);

afterAll(async () => {
  await reading?.close();
}, 60_000);

describe('chat under random Twitch faults (soak)', () => {
  it(
    `counts every line a reader received exactly once (seed ${SEED}, ${MINUTES} min)`,
    async () => {
      const random = new SeededRandom(SEED);
      const between = (min: number, max: number) => random.between(min, max);
      const pick = <T>(items: readonly T[]): T => random.pick(items);
      const url = cluster.emulator.httpUrl;
      const logins = channels.map((channel) => channel.login);
      const started = Date.now();
      const now = () => Date.now() - started;
      const durationMs = MINUTES * 60_000;

      // Unjoined gaps per channel, sampled from the emulator's memberships.
      const gaps: Gap[] = [];
      const open = new Map<string, Gap>();
      /** Per channel, until when Twitch does not answer it (outages, silences), test clock. */
      const blockedUntil = new Map<string, number>();
      const silencedChannels = new Set<string>();
      const sample = () => {
        const joined = joinedChannels(cluster.emulator);
        for (const login of logins) {
          const gap = open.get(login);
          if (!joined.has(login)) {
            if (!gap)
              open.set(login, {
                channel: login,
                fromMs: now(),
                toMs: Number.NaN,
                answeredMs: now(),
                silenced: silencedChannels.has(login),
              });
            else {
              gap.answeredMs = Math.max(gap.answeredMs, blockedUntil.get(login) ?? 0);
              gap.silenced ||= silencedChannels.has(login);
            }
          } else if (gap) {
            gap.toMs = now();
            gap.answeredMs = Math.min(
              gap.toMs,
              Math.max(gap.answeredMs, blockedUntil.get(login) ?? 0),
            );
            gaps.push(gap);
            open.delete(login);
          }
        }
      };
      const sampler = setInterval(sample, SAMPLE_MS);

      const runs: TrafficRun[] = channels.map((channel, index) =>
        cluster.emulator.startTraffic([channel.login], {
          rate: RATE_PER_CHANNEL,
          durationSec: durationMs / 1000,
          chatters: 40,
          duplicateIdShare: 0,
          seed: SEED * 1_000 + index,
        }),
      );

      const faults: FaultRecord[] = [];
      const inject = async (kind: string, detail: Record<string, unknown>) => {
        const answer = await control(url, 'POST', '/control/faults', { kind, ...detail });
        faults.push({ atMs: now(), kind, detail: { ...detail, answer } });
        return answer as Record<string, unknown>;
      };
      const clientIds = async () =>
        (
          (await control(url, 'GET', '/control/clients')) as {
            data: { id: string; channels: string[] }[];
          }
        ).data;
      const dropSome = async () => {
        const clients = await clientIds();
        if (clients.length > 0) await inject('drop', { clientId: pick(clients).id });
      };
      const clear = async () => {
        await control(url, 'DELETE', '/control/faults');
        faults.push({ atMs: now(), kind: 'clear', detail: {} });
        silencedChannels.clear();
      };

      // The fault schedule: one fault at a time, a calm spell of a few seconds between them.
      while (now() < durationMs - QUIET_TAIL_MS) {
        const kind = pick([
          'join-delay',
          'join-silent',
          'outage-refuse',
          'outage-drop',
          'reconnect-storm',
          'drop',
        ] as const);
        const holdMs = between(2_000, 6_000);
        switch (kind) {
          case 'join-delay': {
            const delay = random.chance(0.5)
              ? { delayMs: between(500, 4_000) }
              : { minMs: 200, maxMs: between(1_000, 4_000), channel: pick(logins) };
            await inject('join-delay', delay);
            // A drop makes the dropped connection JOIN again, through the delay.
            await dropSome();
            break;
          }
          case 'join-silent': {
            const channel = pick(logins);
            silencedChannels.add(channel);
            await inject('join-silent', { channel });
            const holders = (await clientIds()).filter((c) => c.channels.includes(channel));
            for (const holder of holders) await inject('drop', { clientId: holder.id });
            break;
          }
          case 'outage-refuse':
          case 'outage-drop': {
            const mode = kind === 'outage-refuse' ? 'refuse' : 'drop';
            const answer = await inject('outage', { durationMs: holdMs, mode });
            const endsAt = Date.parse(String(answer.endsAt)) - started;
            for (const login of logins) blockedUntil.set(login, endsAt);
            break;
          }
          case 'reconnect-storm':
            await inject('reconnect-storm', {
              count: between(2, 4),
              intervalMs: between(300, 1_500),
            });
            break;
          case 'drop':
            if (random.chance(0.5)) await inject('drop', {});
            else await dropSome();
            break;
        }
        // The fault's scheduled duration, then the calm spell: timing by design, not a wait.
        await new Promise((resolve) => setTimeout(resolve, holdMs));
        await clear();
        await new Promise((resolve) => setTimeout(resolve, between(2_000, 6_000)));
      }

      const reports: TrafficReport[] = await Promise.all(runs.map((run) => run.finished()));
      clearInterval(sampler);
      sample();

      // Every delivered line must reach the sessions; give the pipeline time to drain.
      const delivered = reports.map((report) => {
        const undelivered = new Set(report.undeliveredIds);
        return report.messageIds.filter((id) => !undelivered.has(id));
      });
      await waitFor(
        async () => {
          for (const [index, channel] of channels.entries()) {
            const seen = await cluster.seenIds(channel.sessionId);
            if (!delivered[index].every((id) => seen.has(id))) return false;
          }
          return true;
        },
        { timeoutMs: 60_000, intervalMs: 500, what: 'every delivered line to be counted' },
      ).catch(() => undefined);

      const perChannel: {
        channel: string;
        sent: number;
        counted: number;
        sentWhileNoReaderJoined: number;
        atSendPositions: string;
      }[] = [];
      const failures: string[] = [];
      for (const [index, channel] of channels.entries()) {
        const report = reports[index];
        expect(report.messageIdsTruncated).toBe(false);
        const seen = await cluster.seenIds(channel.sessionId);
        const counts = await cluster.counts(channel.sessionId);
        const countedTotal = Object.values(counts).reduce((sum, n) => sum + n, 0);
        const sent = new Set(report.messageIds);
        const undelivered = new Set(report.undeliveredIds);
        const missing = delivered[index].filter((id) => !seen.has(id));
        const foreign = [...seen].filter((id) => !sent.has(id));
        const countedUndelivered = [...seen].filter((id) => undelivered.has(id));
        const position = (id: string) => report.messageIds.indexOf(id);
        if (missing.length > 0)
          failures.push(
            `#${channel.login}: ${missing.length} delivered lines not counted, at send positions ` +
              `${ranges(missing.map(position))} (ids ${missing.slice(0, 10).join(', ')})`,
          );
        if (foreign.length > 0)
          failures.push(
            `#${channel.login}: counted ids never sent: ${foreign.slice(0, 10).join(', ')}`,
          );
        if (countedUndelivered.length > 0)
          failures.push(
            `#${channel.login}: counted lines the emulator reached no reader with: ` +
              countedUndelivered.slice(0, 10).join(', '),
          );
        if (countedTotal !== seen.size)
          failures.push(
            `#${channel.login}: message_count sums to ${countedTotal} over ${seen.size} distinct ids`,
          );
        if (!sameCounts(counts, report.deliveredPerChatter))
          failures.push(
            `#${channel.login}: counts per chatter ${JSON.stringify(counts)} differ from the ` +
              `emulator's deliveries ${JSON.stringify(report.deliveredPerChatter)}`,
          );
        perChannel.push({
          channel: channel.login,
          sent: report.sent,
          counted: seen.size,
          sentWhileNoReaderJoined: report.undelivered,
          atSendPositions: ranges(report.undeliveredIds.map(position)),
        });
      }

      const afterRecovery = (gap: Gap) => gap.toMs - gap.answeredMs;
      const bounded = gaps.filter((gap) => !gap.silenced);
      const silenced = gaps.filter((gap) => gap.silenced);
      const longest = bounded.reduce<Gap | undefined>(
        (worst, gap) => (!worst || afterRecovery(gap) > afterRecovery(worst) ? gap : worst),
        undefined,
      );
      for (const gap of [
        ...open.values(),
        ...bounded.filter((g) => afterRecovery(g) > REJOIN_BOUND_MS),
      ])
        failures.push(
          `#${gap.channel} unjoined from ${gap.fromMs} ms to ${Number.isNaN(gap.toMs) ? 'the end' : `${gap.toMs} ms`}` +
            ` (Twitch answered at ${gap.answeredMs} ms)`,
        );
      const total = (key: 'sent' | 'counted' | 'sentWhileNoReaderJoined') =>
        perChannel.reduce((sum, row) => sum + row[key], 0);
      const summary = {
        seed: SEED,
        minutes: MINUTES,
        linesSent: total('sent'),
        counted: total('counted'),
        sentWhileNoReaderJoined: total('sentWhileNoReaderJoined'),
        faults: countBy(faults.filter((f) => f.kind !== 'clear').map((f) => f.kind)),
        unjoinedGaps: gaps.length,
        longestUnjoinedAfterRecoveryMs: longest ? afterRecovery(longest) : 0,
        longestGap: longest,
        silentJoinGapsMs: silenced.map((gap) => gap.toMs - gap.fromMs),
      };
      process.stdout.write(`[soak] summary: ${JSON.stringify(summary)}\n`);
      process.stdout.write(`[soak] per channel: ${JSON.stringify(perChannel)}\n`);
      if (failures.length > 0)
        process.stdout.write(
          `[soak] faults applied (ms since start): ${JSON.stringify(faults)}\n` +
            `[soak] unjoined gaps: ${JSON.stringify(gaps)}\n[soak] process logs:\n${cluster.logs()}\n`,
        );
      expect(failures).toEqual([]);
      expect(summary.linesSent).toBe(summary.counted + summary.sentWhileNoReaderJoined);
    },
    60_000 * (Number(process.env.SOAK_MINUTES ?? 2.5) + 3),
  );
});

function countBy(items: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[item] = (counts[item] ?? 0) + 1;
  return counts;
}

/** Send positions as ranges, e.g. "120-180, 300": readable where lines went unread. */
function ranges(positions: number[]): string {
  const sorted = [...positions].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}
