import { Injectable } from '@nestjs/common';
import {
  DomainError,
  GREETING_TIME_BUCKETS_SECONDS,
  type ActivityStatistics,
  type AggregateStatistics,
  type SessionActor,
  type SessionStatistics,
} from '@greetboard/contracts';
import { StatisticsRepository, type Scope } from './statistics.repository.js';

/** A whole-number percentage of `part` in `whole`; 0 when there is no whole. */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 100);
}

function mean(sum: number, count: number): number | null {
  return count === 0 ? null : sum / count;
}

/**
 * The statistics of the dashboard, the statistics screen and the admin panel for the signed-in user over their own sessions
 * (ADR 0020): days and hours in the viewer's IANA time zone, whole-number percentages, and no
 * figure divides by zero.
 */
@Injectable()
export class StatisticsService {
  /** Zones both the runtime and PostgreSQL accepted once; zone data changes only on upgrade. */
  private readonly knownZones = new Set<string>();

  constructor(private readonly repository: StatisticsRepository) {}

  async aggregate(
    actor: SessionActor,
    timeZone: string,
    asOfText?: string,
  ): Promise<AggregateStatistics> {
    const zone = await this.validZone(timeZone);
    const asOf = asOfText ? new Date(asOfText) : new Date();
    const scope: Scope = { column: 'owner_id', id: actor.id };
    const [sessions, activity] = await Promise.all([
      this.repository.sessions(actor.id, asOf),
      this.activity(scope, zone, asOf),
    ]);
    const { totalChatters, totalGreeted, ...shared } = activity;
    const timed = sessions.filter((session) => session.duration !== null);
    const longest = [...timed].sort(
      (a, b) => b.duration! - a.duration! || a.started_at!.getTime() - b.started_at!.getTime(),
    )[0];
    const busiestDay = shared.lastSevenDays.reduce<{ date: string; chatters: number } | null>(
      (best, day) => (day.chatters > (best?.chatters ?? 0) ? day : best),
      null,
    );
    const busiestHour = shared.chattersByHour.reduce<{ hour: number; chatters: number } | null>(
      (best, chatters, hour) => (chatters > (best?.chatters ?? 0) ? { hour, chatters } : best),
      null,
    );
    return {
      ...shared,
      sessions: sessions.map((session) => ({
        id: session.id,
        name: session.name,
        isActive: session.is_active,
      })),
      totalSessions: sessions.length,
      activeSessions: sessions.filter((session) => session.is_active).length,
      totalChatters,
      totalGreeted,
      greetingRate: percent(totalGreeted, totalChatters),
      averageChattersPerSession:
        sessions.length === 0 ? 0 : Math.round(totalChatters / sessions.length),
      longestSession: longest
        ? {
            id: longest.id,
            name: longest.name,
            startedAt: longest.started_at!.toISOString(),
            durationSeconds: Math.round(longest.duration!),
          }
        : null,
      averageSessionDurationSeconds: roundedOrNull(
        mean(
          timed.reduce((sum, session) => sum + session.duration!, 0),
          timed.length,
        ),
      ),
      mostActiveDay: busiestDay && { date: busiestDay.date, chatters: busiestDay.chatters },
      mostActiveHour: busiestHour,
    };
  }

  async session(
    actor: SessionActor,
    sessionId: string,
    timeZone: string,
    asOfText?: string,
  ): Promise<SessionStatistics> {
    const zone = await this.validZone(timeZone);
    const asOf = asOfText ? new Date(asOfText) : new Date();
    // Only the owner's own sessions (ADR 0020); another's reads as not found.
    const [session] = await this.repository.sessions(actor.id, asOf, sessionId);
    if (!session) throw new DomainError('SESSION_NOT_FOUND');
    const [{ totalChatters, totalGreeted, ...shared }, excluded] = await Promise.all([
      this.activity({ column: 'session_id', id: sessionId }, zone, asOf),
      this.repository.excludedChatters(sessionId),
    ]);
    return {
      ...shared,
      sessionId,
      name: session.name,
      isActive: session.is_active,
      startedAt: session.started_at?.toISOString() ?? null,
      endedAt: session.ended_at?.toISOString() ?? null,
      total: totalChatters,
      greeted: totalGreeted,
      pending: totalChatters - totalGreeted - excluded,
      excluded,
      completionRate: percent(totalGreeted, totalChatters),
    };
  }

  private async activity(
    scope: Scope,
    timeZone: string,
    asOf: Date,
  ): Promise<ActivityStatistics & { totalChatters: number; totalGreeted: number }> {
    const [groups, days] = await Promise.all([
      this.repository.chatterGroups(scope, timeZone),
      this.repository.lastSevenDays(scope, timeZone, asOf),
    ]);
    const chattersByHour = Array.from({ length: 24 }, () => 0);
    const buckets = Array.from({ length: GREETING_TIME_BUCKETS_SECONDS.length + 1 }, () => 0);
    let totalChatters = 0;
    let totalGreeted = 0;
    let timed = 0;
    let greetSeconds = 0;
    for (const group of groups) {
      chattersByHour[group.hour] += group.chatters;
      totalChatters += group.chatters;
      totalGreeted += group.greeted;
      greetSeconds += group.greetSeconds;
      if (group.bucket !== null) {
        buckets[group.bucket] += group.chatters;
        timed += group.chatters;
      }
    }
    return {
      timeZone,
      totalChatters,
      totalGreeted,
      lastSevenDays: days,
      chattersByHour,
      greetingTimes: buckets.map((count, index) => ({
        upToSeconds: GREETING_TIME_BUCKETS_SECONDS[index] ?? null,
        count,
      })),
      averageGreetingTimeSeconds: roundedOrNull(mean(greetSeconds, timed)),
    };
  }

  /** The zone as given when both the runtime and PostgreSQL know it; else VALIDATION_FAILED. */
  private async validZone(timeZone: string): Promise<string> {
    if (this.knownZones.has(timeZone)) return timeZone;
    let known = false;
    try {
      new Intl.DateTimeFormat('en', { timeZone });
      known = await this.repository.knowsTimeZone(timeZone);
    } catch {
      known = false;
    }
    if (!known) {
      throw new DomainError('VALIDATION_FAILED', 'Unknown time zone.', [
        { field: 'tz', problems: ['tz must be an IANA time zone such as Europe/Berlin'] },
      ]);
    }
    if (this.knownZones.size < 1_000) this.knownZones.add(timeZone);
    return timeZone;
  }
}

function roundedOrNull(value: number | null): number | null {
  return value === null ? null : Math.round(value);
}
