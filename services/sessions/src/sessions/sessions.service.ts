import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  DomainError,
  readKeywords,
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

  /** The actor's own sessions and those of every owner who made them a global editor. */
  async listVisible(actor: SessionActor): Promise<SessionDto[]> {
    return (await this.sessions.listVisible(actor.id)).map(toSessionDto);
  }

  async listAll(actor: SessionActor): Promise<SessionDto[]> {
    assertAdmin(actor);
    return (await this.sessions.listAll()).map(toSessionDto);
  }

  /** Creating also starts the session. */
  async create(request: CreateSessionRequest): Promise<SessionDto> {
    const { actor } = request;
    if (!actor.isApproved) throw new DomainError('ACCOUNT_NOT_APPROVED');
    const name = requiredName(request.name);
    const keywords = keywordsText(request.keywords);
    const row = await this.dataSource.transaction(async (manager) => {
      const counts = await this.sessions.lockAndCountOwned(manager, actor.id);
      assertWithinLimits(counts, this.limits, true);
      const created = await this.sessions.insertRunning(manager, actor.id, name, keywords);
      if (!created) throw new DomainError('INTERNAL');
      await this.events.session(manager, 'sessionCreated', created.id);
      // The creator is the owner: their login is the channel even before the projection has it.
      await this.events.statusChanged(
        manager,
        statusOf(created, true, created.username || actor.username),
      );
      return created;
    });
    this.events.publish();
    const session = toSessionDto({ ...row, username: row.username || actor.username });
    await this.live.toSession(actor.id, session.id, 'session_created', session);
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
    const before = await this.dataSource.transaction(async (manager) => {
      const current = await this.sessions.lockForUpdate(manager, sessionId);
      if (!current) throw new DomainError('SESSION_NOT_FOUND');
      if (isActive === true && !current.is_active) {
        const counts = await this.sessions.lockAndCountOwned(manager, access.ownerId);
        assertWithinLimits(counts, this.limits, false);
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
      return current;
    });
    this.events.publish();
    const session = await this.load(sessionId);
    if (isActive !== undefined && isActive !== before.is_active) {
      const type = isActive ? 'session_started' : 'session_stopped';
      await this.live.toSession(access.ownerId, sessionId, type, session);
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
    const stopped = await this.dataSource.transaction(async (manager) => {
      const rows = await this.sessions.stopAllOf(manager, ownerId);
      const channel = rows.length > 0 ? await this.sessions.ownerLogin(manager, ownerId) : '';
      for (const row of rows) {
        await this.events.session(manager, 'sessionStopped', row.id);
        await this.events.statusChanged(manager, statusOf(row, false, channel ?? ''));
      }
      return rows;
    });
    this.events.publish();
    for (const { id } of stopped) {
      await this.live.toSession(ownerId, id, 'session_stopped', await this.load(id));
    }
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
