import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainError, type SessionActor } from '@greetboard/contracts';
import { SessionsRepository } from './sessions.repository.js';

/** How the actor stands towards a session: its owner, a global editor of the owner, or neither. */
export type SessionRole = 'owner' | 'editor' | 'none';

export interface SessionAccess {
  sessionId: string;
  ownerId: string;
  name: string;
  isActive: boolean;
  role: SessionRole;
}

/**
 * The permission rules of sessions and chatters in one place. The editor link is read on every
 * request, so removing it takes effect at once.
 */
@Injectable()
export class SessionAccessRules {
  constructor(private readonly sessions: SessionsRepository) {}

  /** The session and the actor's role; SESSION_NOT_FOUND when it does not exist or is a stranger's. */
  async of(
    sessionId: string,
    actor: SessionActor,
    manager?: Pick<EntityManager, 'query'>,
  ): Promise<SessionAccess> {
    const row = await this.sessions.access(sessionId, actor.id, manager);
    if (!row) throw new DomainError('SESSION_NOT_FOUND');
    // An overlay link reaches its owner's sessions only: others' answer as a stranger's.
    if (actor.ownSessionsOnly && row.user_id !== actor.id) {
      throw new DomainError('SESSION_NOT_FOUND');
    }
    const role: SessionRole =
      row.user_id === actor.id ? 'owner' : row.is_editor ? 'editor' : 'none';
    // Another user's session answers like a missing one, so ids reveal nothing; admins see
    // every session and get the rule that refuses them instead.
    if (role === 'none' && !actor.isAdmin) throw new DomainError('SESSION_NOT_FOUND');
    return {
      sessionId: row.id,
      ownerId: row.user_id,
      name: row.name,
      isActive: row.is_active,
      role,
    };
  }

  /** Seeing a session's chatters and greeting them: the owner and the owner's editors. */
  async toManageChatters(sessionId: string, actor: SessionActor): Promise<SessionAccess> {
    const access = await this.of(sessionId, actor);
    if (access.role === 'none') throw new DomainError('FORBIDDEN');
    return access;
  }
}

/** Start and stop: the owner only, and starting needs an approved account. */
export function assertMayStartOrStop(
  access: SessionAccess,
  actor: SessionActor,
  start: boolean,
): void {
  if (access.role !== 'owner') throw new DomainError('NOT_SESSION_OWNER');
  if (start && !actor.isApproved) throw new DomainError('ACCOUNT_NOT_APPROVED');
}

/** Renaming and changing keywords: the owner only. */
export function assertMayEdit(access: SessionAccess): void {
  if (access.role !== 'owner') throw new DomainError('FORBIDDEN');
}

/** Deleting: the owner or an admin, never an editor. */
export function assertMayDelete(access: SessionAccess, actor: SessionActor): void {
  if (access.role !== 'owner' && !actor.isAdmin) throw new DomainError('FORBIDDEN');
}

export function assertAdmin(actor: SessionActor): void {
  if (!actor.isAdmin) throw new DomainError('ADMIN_REQUIRED');
}
