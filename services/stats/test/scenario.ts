import { randomUUID } from 'node:crypto';
import {
  GREETING_TIME_BUCKETS_SECONDS,
  DOMAIN_EVENTS,
  type AggregateStatistics,
  type ChatterSnapshot,
  type SessionSnapshot,
  type SessionStatistics,
} from '@greetboard/contracts';

/**
 * A recorded history of sessions domain events, and the statistics computed from it
 * independently of the stats service (plain loops and Intl, no SQL), for the read-model
 * tests to compare against.
 */

const E = DOMAIN_EVENTS;

export interface RecordedEvent {
  subject: string;
  data: object;
}

export interface Scenario {
  ownerId: string;
  /** Every event in the order it happened. */
  events: RecordedEvent[];
  sessions: Map<string, SessionSnapshot | 'deleted'>;
  chatters: Map<string, ChatterSnapshot>;
  /** Owners whose data was removed at the end. */
  removedOwners: Set<string>;
}

/** A small deterministic PRNG (mulberry32), so a failure replays the same way. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface SessionPlan {
  owner: string;
  name: string;
  start: string;
  end: string | null;
  chatters: number;
  rename?: string;
  deleted?: boolean;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Sessions around Europe's 2026 daylight-saving change (29 March, 01:00 UTC), several
 * crossing midnight in Berlin; one running at `asOf`, one deleted, one of another owner,
 * and one owner whose data is removed.
 */
export function buildScenario(seed = 13): Scenario {
  const random = randomSource(seed);
  const ownerId = randomUUID();
  const otherOwner = randomUUID();
  const removedOwner = randomUUID();
  const plans: SessionPlan[] = [
    {
      owner: ownerId,
      name: 'Early March',
      start: '2026-03-10T12:00:00.000Z',
      end: '2026-03-10T14:00:00.000Z',
      chatters: 15,
    },
    {
      owner: ownerId,
      name: 'Late night',
      start: '2026-03-24T18:00:00.000Z',
      end: '2026-03-25T02:30:00.000Z',
      chatters: 40,
    },
    {
      owner: ownerId,
      name: 'Deleted one',
      start: '2026-03-27T10:00:00.000Z',
      end: '2026-03-27T12:00:00.000Z',
      chatters: 12,
      deleted: true,
    },
    {
      owner: ownerId,
      name: 'Over the clock change',
      start: '2026-03-28T20:00:00.000Z',
      end: '2026-03-29T03:00:00.000Z',
      chatters: 50,
    },
    {
      owner: ownerId,
      name: 'Running',
      start: '2026-03-30T21:00:00.000Z',
      end: null,
      chatters: 35,
      rename: 'Running, renamed',
    },
    {
      owner: otherOwner,
      name: 'Not mine',
      start: '2026-03-29T18:00:00.000Z',
      end: '2026-03-29T20:00:00.000Z',
      chatters: 20,
    },
    {
      owner: removedOwner,
      name: 'Removed owner',
      start: '2026-03-30T10:00:00.000Z',
      end: '2026-03-30T11:00:00.000Z',
      chatters: 10,
    },
  ];
  const asOfMs = Date.parse(SCENARIO_AS_OF);
  const events: RecordedEvent[] = [];
  const sessions = new Map<string, SessionSnapshot | 'deleted'>();
  const chatters = new Map<string, ChatterSnapshot>();

  for (const plan of plans) {
    const id = randomUUID();
    let version = 1;
    const snapshot: SessionSnapshot = {
      id,
      ownerId: plan.owner,
      name: plan.name,
      isActive: true,
      createdAt: plan.start,
      startedAt: plan.start,
      endedAt: null,
      version,
    };
    events.push({ subject: E.sessionCreated.subject, data: { ...snapshot } });
    if (plan.rename) {
      Object.assign(snapshot, { name: plan.rename, version: ++version });
      events.push({ subject: E.sessionRenamed.subject, data: { ...snapshot } });
    }
    // The session's list version: every chatter change takes the next one.
    let listVersion = 0;
    const startMs = Date.parse(plan.start);
    const endMs = plan.end ? Date.parse(plan.end) : asOfMs;
    for (let n = 0; n < plan.chatters; n++) {
      const firstSeen = startMs + Math.floor((random() * (endMs - startMs)) / 1000) * 1000;
      const chatter: ChatterSnapshot = {
        id: randomUUID(),
        sessionId: id,
        ownerId: plan.owner,
        twitchId: `tw-${n}`,
        firstSeenAt: iso(firstSeen),
        lastSeenAt: iso(firstSeen),
        messageCount: 1,
        isGreeted: false,
        greetedAt: null,
        version: ++listVersion,
      };
      events.push({ subject: E.chatterCreated.subject, data: { ...chatter } });
      const lines = Math.floor(random() * 3);
      for (let line = 0; line < lines; line++) {
        Object.assign(chatter, {
          messageCount: chatter.messageCount + 1,
          lastSeenAt: iso(firstSeen + (line + 1) * 30_000),
          version: ++listVersion,
        });
        events.push({ subject: E.chatterCounted.subject, data: { ...chatter } });
      }
      if (random() < 0.65) {
        // Whole seconds, from under a minute to a few hours.
        const delay = Math.floor(random() ** 3 * 3 * 3600) * 1000;
        const greet = (at: number) => {
          Object.assign(chatter, { isGreeted: true, greetedAt: iso(at), version: ++listVersion });
          events.push({ subject: E.chatterGreeted.subject, data: { ...chatter } });
        };
        greet(Math.min(firstSeen + delay, asOfMs));
        const toggle = random();
        if (toggle < 0.15) {
          Object.assign(chatter, { isGreeted: false, greetedAt: null, version: ++listVersion });
          events.push({ subject: E.chatterUngreeted.subject, data: { ...chatter } });
          if (toggle < 0.07) greet(Math.min(firstSeen + delay + 120_000, asOfMs));
        }
      }
      // Some are banned or timed out on Twitch (ADR 0041), greeted or not.
      const moderated = random();
      if (moderated < 0.1) {
        Object.assign(chatter, {
          moderation: moderated < 0.05 ? 'banned' : 'timed_out',
          version: ++listVersion,
        });
        events.push({ subject: E.chatterModerated.subject, data: { ...chatter } });
      }
      chatters.set(chatter.id, chatter);
    }
    if (plan.end) {
      Object.assign(snapshot, { isActive: false, endedAt: plan.end, version: ++version });
      events.push({ subject: E.sessionStopped.subject, data: { ...snapshot } });
    }
    if (plan.deleted) {
      events.push({
        subject: E.sessionDeleted.subject,
        data: { id, ownerId: plan.owner, version: ++version },
      });
      sessions.set(id, 'deleted');
      for (const [chatterId, chatter] of chatters) {
        if (chatter.sessionId === id) chatters.delete(chatterId);
      }
    } else {
      sessions.set(id, snapshot);
    }
  }
  events.push({
    subject: E.userDataRemoved.subject,
    data: { userId: removedOwner, removedAt: SCENARIO_AS_OF },
  });
  return { ownerId, events, sessions, chatters, removedOwners: new Set([removedOwner]) };
}

/** 23:30 in Berlin on 31 March 2026 (summer time): the window is 25 to 31 March. */
export const SCENARIO_AS_OF = '2026-03-31T21:30:00.000Z';

/**
 * The deliveries a consumer may see: every event, some twice or three times (redelivery),
 * neighbours swapped (out of order), and a tail of stale copies redelivered at the end.
 */
export function deliveries(events: RecordedEvent[], seed = 7): RecordedEvent[] {
  const random = randomSource(seed);
  const out: RecordedEvent[] = [];
  for (const event of events) {
    out.push(event);
    if (random() < 0.25) out.push(event);
    if (random() < 0.05) out.push(event);
  }
  for (let i = 0; i < out.length; i++) {
    const j = Math.min(out.length - 1, i + Math.floor(random() * 12));
    [out[i], out[j]] = [out[j], out[i]];
  }
  for (let n = 0; n < 60; n++) out.push(events[Math.floor(random() * events.length)]);
  return out;
}

/**
 * The same deliveries as the sessions service sends a chat-line batch's chatters (ADR 0057):
 * each run of consecutive `chatterCreated` and `chatterCounted` events, `size` at most, packed
 * into one `ChattersChanged`.
 */
export function packed(events: RecordedEvent[], size = 7): RecordedEvent[] {
  const counted = new Set([E.chatterCreated.subject, E.chatterCounted.subject]);
  const out: RecordedEvent[] = [];
  let pack: object[] = [];
  const close = () => {
    if (pack.length > 0) out.push({ subject: E.chattersChanged.subject, data: { chatters: pack } });
    pack = [];
  };
  for (const event of events) {
    if (!counted.has(event.subject)) {
      close();
      out.push(event);
      continue;
    }
    pack.push(event.data);
    if (pack.length === size) close();
  }
  close();
  return out;
}

const dayFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

export function localDay(at: string, timeZone: string): string {
  return dayFormat(timeZone).format(new Date(at));
}

export function localHour(at: string, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' })
    .formatToParts(new Date(at))
    .find((part) => part.type === 'hour')!.value;
  return Number(hour);
}

/** The 7 calendar days ending on the viewer's today, oldest first. */
export function windowDays(asOf: string, timeZone: string): string[] {
  const [y, m, d] = localDay(asOf, timeZone).split('-').map(Number) as [number, number, number];
  return Array.from({ length: 7 }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d - 6 + i)).toISOString().slice(0, 10),
  );
}

const round = (value: number) => Math.round(value);
const pct = (part: number, whole: number) => (whole === 0 ? 0 : round((part / whole) * 100));

function activity(list: ChatterSnapshot[], timeZone: string, asOf: string) {
  const days = windowDays(asOf, timeZone);
  const lastSevenDays = days.map((date) => ({
    date,
    chatters: list.filter((c) => localDay(c.firstSeenAt, timeZone) === date).length,
    greeted: list.filter((c) => c.isGreeted && localDay(c.greetedAt!, timeZone) === date).length,
  }));
  const chattersByHour = Array.from({ length: 24 }, () => 0);
  for (const c of list) chattersByHour[localHour(c.firstSeenAt, timeZone)] += 1;
  const greeted = list.filter((c) => c.isGreeted);
  const seconds = greeted.map((c) => (Date.parse(c.greetedAt!) - Date.parse(c.firstSeenAt)) / 1000);
  const bounds = GREETING_TIME_BUCKETS_SECONDS;
  const greetingTimes = [...bounds, null].map((upToSeconds, index) => ({
    upToSeconds,
    count: seconds.filter(
      (s) => (index === 0 || s >= bounds[index - 1]) && (upToSeconds === null || s < upToSeconds),
    ).length,
  }));
  return {
    timeZone,
    lastSevenDays,
    chattersByHour,
    greetingTimes,
    averageGreetingTimeSeconds:
      seconds.length === 0 ? null : round(seconds.reduce((a, b) => a + b, 0) / seconds.length),
    total: list.length,
    greeted: greeted.length,
  };
}

export function expectedAggregate(
  scenario: Scenario,
  ownerId: string,
  timeZone: string,
  asOf = SCENARIO_AS_OF,
): AggregateStatistics {
  const removed = scenario.removedOwners.has(ownerId);
  const sessions = removed
    ? []
    : [...scenario.sessions.values()].filter(
        (s): s is SessionSnapshot => s !== 'deleted' && s.ownerId === ownerId,
      );
  const list = removed ? [] : [...scenario.chatters.values()].filter((c) => c.ownerId === ownerId);
  const { total, greeted, ...shared } = activity(list, timeZone, asOf);
  const durations = sessions.map((s) => ({
    session: s,
    seconds:
      ((s.endedAt ? Date.parse(s.endedAt) : Date.parse(asOf)) - Date.parse(s.startedAt!)) / 1000,
  }));
  let longest: (typeof durations)[number] | undefined;
  for (const d of durations) if (!longest || d.seconds > longest.seconds) longest = d;
  let mostActiveDay: AggregateStatistics['mostActiveDay'] = null;
  for (const day of shared.lastSevenDays) {
    if (day.chatters > (mostActiveDay?.chatters ?? 0))
      mostActiveDay = { date: day.date, chatters: day.chatters };
  }
  let mostActiveHour: AggregateStatistics['mostActiveHour'] = null;
  shared.chattersByHour.forEach((chatters, hour) => {
    if (chatters > (mostActiveHour?.chatters ?? 0)) mostActiveHour = { hour, chatters };
  });
  const newestFirst = [...sessions].sort(
    (a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? -1 : 1),
  );
  return {
    ...shared,
    sessions: newestFirst.map((s) => ({ id: s.id, name: s.name, isActive: s.isActive })),
    totalSessions: sessions.length,
    activeSessions: sessions.filter((s) => s.isActive).length,
    totalChatters: total,
    totalGreeted: greeted,
    greetingRate: pct(greeted, total),
    averageChattersPerSession: sessions.length === 0 ? 0 : round(total / sessions.length),
    longestSession: longest
      ? {
          id: longest.session.id,
          name: longest.session.name,
          startedAt: longest.session.startedAt!,
          durationSeconds: round(longest.seconds),
        }
      : null,
    averageSessionDurationSeconds:
      durations.length === 0
        ? null
        : round(durations.reduce((sum, d) => sum + d.seconds, 0) / durations.length),
    mostActiveDay,
    mostActiveHour,
  };
}

export function expectedSession(
  scenario: Scenario,
  session: SessionSnapshot,
  timeZone: string,
  asOf = SCENARIO_AS_OF,
): SessionStatistics {
  const list = [...scenario.chatters.values()].filter((c) => c.sessionId === session.id);
  const { total, greeted, ...shared } = activity(list, timeZone, asOf);
  const excluded = list.filter((c) => c.moderation && !c.isGreeted).length;
  return {
    ...shared,
    sessionId: session.id,
    name: session.name,
    isActive: session.isActive,
    startedAt: session.startedAt,
    endedAt: session.endedAt,
    total,
    greeted,
    pending: total - greeted - excluded,
    excluded,
    completionRate: pct(greeted, total),
  };
}
