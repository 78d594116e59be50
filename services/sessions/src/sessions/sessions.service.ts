import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DomainError,
  MAX_SESSION_NAME_LENGTH,
  readKeywords,
  type ReportStreamRequest,
  type StreamReport,
  type CreateSessionRequest,
  type DeleteSessionResult,
  type SessionActor,
  type SessionDto,
  type SessionStatusChanged,
  type UpdateSessionRequest,
} from '@greetboard/contracts';
import { LiveEvents } from '../live/live-events.js';
import {
  assertAdmin,
  assertMayDelete,
  assertMayEdit,
  assertMayStartOrStop,
  SessionAccessRules,
} from './session-access.js';
import { toSessionDto, type SessionRow } from './session-rows.js';
import { SessionDomainEvents } from '../events/session-domain-events.js';
import { assertWithinLimits, SESSION_LIMITS, type SessionLimits } from './session-limits.js';
import { SessionsRepository } from './sessions.repository.js';

/**
 * Sessions: the rules of creating, starting, stopping, renaming and deleting them, each change
 * with its domain events in its transaction and its live events after the commit. The SQL is
 * in SessionsRepository.
 */
@Injectable()
export class SessionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sessions: SessionsRepository,
    private readonly access: SessionAccessRules,
    private readonly live: LiveEvents,
    private readonly events: SessionDomainEvents,
    @Inject(SESSION_LIMITS) private readonly limits: SessionLimits,
  ) {}

  /**
   * The actor's own sessions and those of every owner who made them a global editor; an
   * overlay link's own only (ADR 0046).
   */
  async listVisible(actor: SessionActor): Promise<SessionDto[]> {
    const rows = await this.sessions.listVisible(actor.id, actor.ownSessionsOnly ?? false);
    return rows.map(toSessionDto);
  }

  async listAll(actor: SessionActor): Promise<SessionDto[]> {
    assertAdmin(actor);
    return (await this.sessions.listAll()).map(toSessionDto);
  }

  /**
   * Creating also starts the session. One session per channel reads chat: the owner's running
   * session, if any, stops first, and every screen of theirs is told (`session_replaced`).
   */
  async create(request: CreateSessionRequest): Promise<SessionDto> {
    const { actor } = request;
    if (!actor.isApproved) throw new DomainError('ACCOUNT_NOT_APPROVED');
    const name = requiredName(request.name);
    const keywords = keywordsText(request.keywords);
    const { row, replaced } = await this.dataSource.transaction(async (manager) => {
      assertWithinLimits(await this.sessions.lockAndCountOwned(manager, actor.id), this.limits);
      const replaced = await this.stopRunning(manager, actor.id, actor.username);
      const created = await this.sessions.insertRunning(manager, actor.id, name, keywords);
      if (!created) throw new DomainError('INTERNAL');
      await this.events.session(manager, 'sessionCreated', created.id);
      // The creator is the owner: their login is the channel even before the projection has it.
      await this.events.statusChanged(
        manager,
        statusOf(created, true, created.username || actor.username),
      );
      return { row: created, replaced };
    });
    this.events.publish();
    const session = toSessionDto({ ...row, username: row.username || actor.username });
    await this.announceReplaced(actor.id, session, replaced, 'session_created');
    return session;
  }

  /** Rename, new keywords, start (`isActive: true`) or stop (`isActive: false`, sets endedAt). */
  async update(request: UpdateSessionRequest): Promise<SessionDto> {
    const { actor, sessionId } = request;
    // Absent and null alike mean "leave as is": a null must never read as a stop.
    const isActive = request.isActive ?? undefined;
    const access = await this.access.of(sessionId, actor);
    if (isActive !== undefined) assertMayStartOrStop(access, actor, isActive);
    // An update naming no field is an edit too: it answers the session, which must not reach
    // someone who may not see it.
    const edits =
      request.name !== undefined || request.keywords !== undefined || isActive === undefined;
    if (edits) assertMayEdit(access);
    const name = request.name === undefined ? null : requiredName(request.name);
    const keywords = request.keywords === undefined ? null : keywordsText(request.keywords);
    const { before, replaced } = await this.dataSource.transaction(async (manager) => {
      const current = await this.sessions.lockForUpdate(manager, sessionId);
      if (!current) throw new DomainError('SESSION_NOT_FOUND');
      let replaced: SessionRow[] = [];
      if (isActive === true && !current.is_active) {
        await this.sessions.lockAndCountOwned(manager, access.ownerId);
        replaced = await this.stopRunning(manager, access.ownerId, actor.username);
      }
      const after = await this.sessions.update(manager, sessionId, {
        name,
        keywords,
        isActive: isActive ?? null,
      });
      if (!after) throw new DomainError('SESSION_NOT_FOUND');
      const statusChanged = isActive !== undefined && isActive !== current.is_active;
      if (statusChanged) {
        const kind = isActive ? 'sessionStarted' : 'sessionStopped';
        await this.events.session(manager, kind, sessionId);
        // Only the owner starts or stops: the actor's login is the channel.
        const channel = (await this.sessions.ownerLogin(manager, after.user_id)) ?? actor.username;
        await this.events.statusChanged(manager, statusOf(after, isActive, channel));
      } else if (name !== null && name !== current.name) {
        await this.events.session(manager, 'sessionRenamed', sessionId);
      }
      return { before: current, replaced };
    });
    this.events.publish();
    const session = await this.load(sessionId);
    if (isActive !== undefined && isActive !== before.is_active) {
      if (isActive)
        await this.announceReplaced(access.ownerId, session, replaced, 'session_started');
      else await this.live.toSession(access.ownerId, sessionId, 'session_stopped', session);
    }
    if (
      (name !== null && name !== before.name) ||
      (keywords !== null && keywords !== before.keywords)
    ) {
      await this.live.toSession(access.ownerId, sessionId, 'session_updated', session);
    }
    return session;
  }

  async forceStop(actor: SessionActor, sessionId: string): Promise<SessionDto> {
    assertAdmin(actor);
    const stopped = await this.dataSource.transaction(async (manager) => {
      const row = await this.sessions.stopIfRunning(manager, sessionId);
      if (row) {
        await this.events.session(manager, 'sessionStopped', sessionId);
        const channel = (await this.sessions.ownerLogin(manager, row.user_id)) ?? '';
        await this.events.statusChanged(manager, statusOf(row, false, channel));
      }
      return row;
    });
    this.events.publish();
    const session = await this.load(sessionId);
    if (stopped) {
      await this.live.toSession(stopped.user_id, sessionId, 'session_stopped', session);
    }
    return session;
  }

  /** Stops every active session of an owner whose account was rejected. */
  async stopAllOf(ownerId: string): Promise<number> {
    const stopped = await this.dataSource.transaction((manager) =>
      this.stopRunning(manager, ownerId, ''),
    );
    this.events.publish();
    await this.tellStopped(stopped);
    return stopped.length;
  }

  /**
   * Auth's word on the owner's stream (ADR 0045), applied to the channel's running session:
   * - live: the session notes it, and one whose stream was offline within its grace goes on
   *   as it was. With none running (or one past its grace), auto-start creates one named
   *   after the stream's title and date.
   * - offline: the session notes it; one auto-start began stops after the owner's grace
   *   (`stopsAt`, carried out by `stopExpired`), at once for a grace of 0. A session started
   *   by hand runs on.
   * Only a change is applied: a report repeated (a second source, auth restarting) moves
   * neither `since` nor the end of the grace.
   */
  async reportStream(request: ReportStreamRequest): Promise<StreamReport> {
    const { actor } = request;
    const since = new Date(request.since);
    const title = request.title?.trim() || null;
    const result = await this.dataSource.transaction(async (manager) => {
      const counts = await this.sessions.lockAndCountOwned(manager, actor.id);
      let running = await this.sessions.lockRunningOf(manager, actor.id);
      const stopped: SessionRow[] = [];
      if (running?.stream_stops_at && running.stream_stops_at.getTime() <= Date.now()) {
        // Its grace is over; the periodic stop has not come round to it yet.
        stopped.push(...(await this.stopRunning(manager, actor.id, actor.username)));
        running = undefined;
      }
      if (running) {
        const outcome = await this.noteStream(manager, running, request, since, title);
        if (outcome === 'stopped') {
          stopped.push(...(await this.stopRunning(manager, actor.id, actor.username)));
          // Its stop tells the screens; no separate update.
          return {
            report: { outcome: 'updated', sessionId: running.id } as const,
            stopped,
            changed: false,
          };
        }
        return { report: { outcome, sessionId: running.id }, stopped, changed: outcome !== 'none' };
      }
      if (!request.live || !request.autoStart || !actor.isApproved) {
        return { report: { outcome: 'none', sessionId: null } as const, stopped, changed: false };
      }
      assertWithinLimits(counts, this.limits);
      const created = await this.sessions.insertRunning(
        manager,
        actor.id,
        autoStartedName(title, since, actor.username),
        keywordsText(request.keywords),
        { by: 'auto', stream: { live: true, title, since } },
      );
      if (!created) throw new DomainError('INTERNAL');
      await this.events.session(manager, 'sessionCreated', created.id);
      await this.events.statusChanged(
        manager,
        statusOf(created, true, created.username || actor.username),
      );
      return {
        report: { outcome: 'created', sessionId: created.id } as const,
        stopped,
        changed: true,
      };
    });
    this.events.publish();
    await this.tellStopped(result.stopped);
    const { sessionId, outcome } = result.report;
    if (sessionId && outcome === 'created') {
      await this.live.toSession(actor.id, sessionId, 'session_created', await this.load(sessionId));
    } else if (sessionId && result.changed) {
      await this.live.toSession(actor.id, sessionId, 'session_updated', await this.load(sessionId));
    }
    return result.report;
  }

  /** Stops the auto-started sessions whose stream stayed offline past the owner's grace. */
  async stopExpired(): Promise<number> {
    const stopped = await this.dataSource.transaction(async (manager) => {
      const rows = await this.sessions.stopExpired(manager);
      await this.recordStops(manager, rows);
      return rows;
    });
    this.events.publish();
    await this.tellStopped(stopped);
    return stopped.length;
  }

  /** Removes the session and its chatters; owner or admin only. */
  async delete(actor: SessionActor, sessionId: string): Promise<DeleteSessionResult> {
    const access = await this.access.of(sessionId, actor);
    assertMayDelete(access, actor);
    const result = await this.dataSource.transaction(async (manager) => {
      const deleted = await this.sessions.delete(manager, sessionId);
      if (!deleted) return undefined;
      await this.events.sessionDeleted(manager, {
        id: sessionId,
        ownerId: access.ownerId,
        version: Number(deleted.version) + 1,
      });
      if (deleted.is_active) {
        // Deleting a running session ends it; its row is gone, so the event carries what was.
        await this.events.statusChanged(manager, {
          sessionId,
          ownerId: access.ownerId,
          channel: (await this.sessions.ownerLogin(manager, access.ownerId)) ?? '',
          name: deleted.name,
          isActive: false,
          at: new Date().toISOString(),
        });
      }
      return deleted;
    });
    if (!result) throw new DomainError('SESSION_NOT_FOUND');
    this.events.publish();
    await this.live.toSession(access.ownerId, sessionId, 'session_deleted', {
      id: sessionId,
      name: result.name,
    });
    return { sessionName: result.name, deletedChatters: result.chatters };
  }

  /**
   * Applies a stream report to the running session: 'continued' when the stream came back
   * within the grace, 'updated' for any other change, 'none' when nothing changed, 'stopped'
   * when the session is to stop now (offline with a grace of 0).
   */
  private async noteStream(
    manager: EntityManager,
    running: SessionRow,
    request: ReportStreamRequest,
    since: Date,
    title: string | null,
  ): Promise<'continued' | 'updated' | 'none' | 'stopped'> {
    if (request.live) {
      if (running.stream_live === true && (title === null || title === running.stream_title)) {
        return 'none';
      }
      const keepSince = running.stream_live === true && running.stream_since;
      await this.sessions.noteStream(manager, running.id, {
        live: true,
        title,
        since: keepSince || since,
        stopsAt: null,
      });
      return running.stream_stops_at ? 'continued' : 'updated';
    }
    if (running.stream_live === false) return 'none';
    if (running.started_by === 'auto' && request.graceMinutes === 0) return 'stopped';
    const stopsAt =
      running.started_by === 'auto'
        ? new Date(since.getTime() + request.graceMinutes * 60_000)
        : null;
    await this.sessions.noteStream(manager, running.id, { live: false, title, since, stopsAt });
    return 'updated';
  }

  /** Stops the owner's running sessions with their events; the caller publishes and tells. */
  private async stopRunning(
    manager: EntityManager,
    ownerId: string,
    ownerLogin: string,
  ): Promise<SessionRow[]> {
    const rows = await this.sessions.stopAllOf(manager, ownerId);
    await this.recordStops(manager, rows, ownerLogin);
    return rows;
  }

  private async recordStops(
    manager: EntityManager,
    rows: SessionRow[],
    ownerLogin?: string,
  ): Promise<void> {
    for (const row of rows) {
      await this.events.session(manager, 'sessionStopped', row.id);
      const channel = (await this.sessions.ownerLogin(manager, row.user_id)) ?? ownerLogin ?? '';
      await this.events.statusChanged(manager, statusOf(row, false, channel));
    }
  }

  /** `session_stopped` to the screens of each stopped session. */
  private async tellStopped(rows: SessionRow[]): Promise<void> {
    for (const { id, user_id } of rows) {
      await this.live.toSession(user_id, id, 'session_stopped', await this.load(id));
    }
  }

  /**
   * The screens hear of the sessions a start stopped, then of the start, then why: the
   * stopped session's screens show it inactive before anyone reads that it was replaced.
   */
  private async announceReplaced(
    ownerId: string,
    session: SessionDto,
    replaced: SessionRow[],
    type: 'session_created' | 'session_started',
  ): Promise<void> {
    await this.tellStopped(replaced);
    await this.live.toSession(ownerId, session.id, type, session);
    for (const stopped of replaced) {
      await this.live.toSession(ownerId, session.id, 'session_replaced', {
        id: session.id,
        name: session.name,
        stoppedId: stopped.id,
        stoppedName: stopped.name,
      });
    }
  }

  private async load(sessionId: string): Promise<SessionDto> {
    const row = await this.sessions.find(sessionId);
    if (!row) throw new DomainError('SESSION_NOT_FOUND');
    return toSessionDto(row);
  }
}

/** SessionStatusChanged of a session row just started or stopped in the owner's channel. */
function statusOf(
  row: Pick<SessionRow, 'id' | 'user_id' | 'name' | 'started_at' | 'ended_at'>,
  isActive: boolean,
  channel: string,
): SessionStatusChanged {
  const at = isActive ? row.started_at : row.ended_at;
  return {
    sessionId: row.id,
    ownerId: row.user_id,
    channel,
    name: row.name,
    isActive,
    at: (at ?? new Date()).toISOString(),
  };
}

/**
 * An auto-started session's name: the stream's title and the day it went live (UTC), or the
 * spec's '{login} Stream' for a stream without a title; within the name's length limit.
 */
export function autoStartedName(title: string | null, since: Date, login: string): string {
  const day = since.toISOString().slice(0, 10);
  if (!title) return `${login} Stream`;
  const suffix = ` — ${day}`;
  const room = MAX_SESSION_NAME_LENGTH - suffix.length;
  const shown = title.length > room ? `${title.slice(0, room - 1).trimEnd()}…` : title;
  return `${shown}${suffix}`;
}

function requiredName(raw: string): string {
  const name = raw.trim();
  if (!name) {
    throw new DomainError('VALIDATION_FAILED', 'Session name is required.', [
      { field: 'name', problems: ['name must not be empty'] },
    ]);
  }
  return name;
}

/** The keywords as stored: a normalised JSON list; malformed input is an empty list. */
function keywordsText(raw: string | undefined): string {
  const reading = readKeywords(raw ?? '[]');
  if (!reading.ok) {
    const problem = reading.problem === 'too-many' ? 'too many keywords' : 'a keyword is too long';
    throw new DomainError('VALIDATION_FAILED', 'Invalid keywords.', [
      { field: 'keywords', problems: [problem] },
    ]);
  }
  return JSON.stringify(reading.keywords);
}
