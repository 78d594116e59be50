import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  DomainError,
  USER_DATA_REQUESTS,
  sendRequest,
  type AdminUserDto,
  type DeleteUserResponse,
  type UserAdminAction,
  type UserDataCount,
  type UserDto,
  type UserSessionsEnded,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { AUTH_CONFIG } from '../auth.tokens.js';
import type { AuthConfig } from '../config.js';
import { LoginSessions } from '../login-sessions/login-sessions.js';
import type { HelixUser } from '../twitch/twitch-client.js';
import { TwitchTokenVault } from '../twitch/twitch-token-vault.js';
import { UserEvents } from './user-events.js';
import { toUserDto, UserEntity } from './user.entity.js';
import { UsersRepository } from './users.repository.js';

/** USER_DATA_REQUESTS.count takes at most this many ids at once. */
const COUNT_BATCH = 1000;

/** Users: sign-in upserts, approval, roles and deletion. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    private readonly sessions: LoginSessions,
    private readonly tokens: TwitchTokenVault,
    private readonly events: UserEvents,
  ) {}

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findById(id);
  }

  findByLogin(login: string): Promise<UserEntity | null> {
    return this.users.findByUsername(login.toLowerCase());
  }

  findByTwitchId(twitchId: string): Promise<UserEntity | null> {
    return this.users.findByTwitchId(twitchId);
  }

  /**
   * Creates the user of a Twitch account or refreshes its profile. New accounts are pending;
   * logins in ADMIN_TWITCH_LOGINS become approved admins, so a fresh install has an admin.
   */
  async upsertFromTwitch(twitchUser: HelixUser, manager: EntityManager): Promise<UserEntity> {
    const user =
      (await this.users.findByTwitchId(twitchUser.id, manager)) ??
      Object.assign(new UserEntity(), {
        twitchId: twitchUser.id,
        isApproved: false,
        isAdmin: false,
      });
    user.username = twitchUser.login.toLowerCase();
    user.displayName = twitchUser.displayName;
    user.profileImage = twitchUser.profileImage;
    if (this.config.adminLogins.has(user.username)) {
      user.isAdmin = true;
      user.isApproved = true;
    }
    return this.users.save(user, manager);
  }

  /** Adds a Twitch account found by an admin's search, pending like any new account. */
  async importFromTwitch(twitchUser: HelixUser): Promise<{ created: boolean; user: UserEntity }> {
    const existing =
      (await this.findByTwitchId(twitchUser.id)) ?? (await this.findByLogin(twitchUser.login));
    if (existing) return { created: false, user: existing };
    const user = await this.users.inTransaction(async (manager) => {
      const saved = await this.upsertFromTwitch(twitchUser, manager);
      await this.events.changed(saved, manager);
      return saved;
    });
    await this.events.publish();
    await this.announcePending(null);
    return { created: true, user };
  }

  async listForAdmin(): Promise<AdminUserDto[]> {
    const users = await this.users.newestFirst();
    const counts = await this.countData(users.map((user) => user.id));
    return users.map((user) => ({
      ...toUserDto(user),
      createdAt: user.createdAt.toISOString(),
      _count: counts[user.id] ?? { sessions: 0, chatters: 0 },
    }));
  }

  async administer(actorId: string, userId: string, action: UserAdminAction): Promise<UserDto> {
    await this.requireAdmin(actorId);
    switch (action) {
      case 'approve':
        return this.setApproval(userId, true);
      case 'reject':
        return this.reject(userId);
      case 'promote':
        return this.setAdmin(userId, true);
      case 'demote':
        return this.setAdmin(userId, false);
      case 'force-logout': {
        const user = await this.require(userId);
        await this.endSessions(userId, 'force-logout');
        return toUserDto(user);
      }
    }
  }

  /**
   * Deletes an account: counts what the sessions service holds first (the answer reports it),
   * removes the user with settings and tokens, ends every login session, tells the other
   * services to remove the rest, and revokes the Twitch token.
   */
  async delete(userId: string, actorId?: string): Promise<DeleteUserResponse> {
    if (actorId !== undefined) await this.requireAdmin(actorId);
    await this.require(userId);
    const counts = await this.countData([userId]);
    const twitchTokens = await this.tokens.takeForRevocation(userId);
    await this.users.inTransaction(async (manager) => {
      const user = await this.lockedUser(manager, userId);
      if (actorId !== undefined && user.isAdmin) await this.refuseIfLastAdmin(manager);
      await this.users.delete(manager, userId);
      await this.events.deleted(userId, manager);
    });
    await this.endSessions(userId, 'deleted');
    await this.events.publish();
    await this.tokens.revoke(twitchTokens);
    await this.announcePending(null);
    return { deletedData: counts[userId] ?? { sessions: 0, chatters: 0 } };
  }

  /** The CLI's promote-admin: approves and promotes by login, without an acting admin. */
  async promoteByLogin(login: string): Promise<UserEntity | null> {
    const user = await this.findByLogin(login);
    if (!user) return null;
    user.isAdmin = true;
    user.isApproved = true;
    const saved = await this.users.inTransaction(async (manager) => {
      const stored = await this.users.save(user, manager);
      await this.events.changed(stored, manager);
      return stored;
    });
    await this.events.publish();
    return saved;
  }

  /**
   * A rejected account loses its admin rights and its sessions at once (it may sign in again
   * as pending); the sessions service stops its running sessions when the change reaches it.
   */
  private async reject(userId: string): Promise<UserDto> {
    const saved = await this.users.inTransaction(async (manager) => {
      const user = await this.lockedUser(manager, userId);
      if (user.isAdmin) await this.refuseIfLastAdmin(manager);
      user.isApproved = false;
      user.isAdmin = false;
      const stored = await this.users.save(user, manager);
      await this.events.changed(stored, manager);
      return stored;
    });
    await this.events.publish();
    await this.events.approvalDecided(userId, false);
    await this.endSessions(userId, 'rejected');
    return toUserDto(saved);
  }

  private async setApproval(userId: string, approved: boolean): Promise<UserDto> {
    const user = await this.require(userId);
    user.isApproved = approved;
    const saved = await this.users.inTransaction(async (manager) => {
      const stored = await this.users.save(user, manager);
      await this.events.changed(stored, manager);
      return stored;
    });
    await this.events.publish();
    await this.events.approvalDecided(userId, approved);
    await this.announcePending(null);
    // A rejected account loses its sessions at once; it may sign in again as pending.
    if (!approved) await this.endSessions(userId, 'rejected');
    return toUserDto(saved);
  }

  private async setAdmin(userId: string, admin: boolean): Promise<UserDto> {
    const saved = await this.users.inTransaction(async (manager) => {
      const user = await this.lockedUser(manager, userId);
      if (!admin && user.isAdmin) await this.refuseIfLastAdmin(manager);
      user.isAdmin = admin;
      // An admin must be able to use the product they administer.
      if (admin) user.isApproved = true;
      const stored = await this.users.save(user, manager);
      await this.events.changed(stored, manager);
      return stored;
    });
    await this.events.publish();
    return toUserDto(saved);
  }

  /** Locks the admin rows so two admins demoting each other cannot both succeed. */
  private async refuseIfLastAdmin(manager: EntityManager): Promise<void> {
    if ((await this.users.lockAdmins(manager)) <= 1) throw new DomainError('LAST_ADMIN');
  }

  private async lockedUser(manager: EntityManager, userId: string): Promise<UserEntity> {
    const user = await this.users.lock(manager, userId);
    if (!user) throw new DomainError('USER_NOT_FOUND');
    return user;
  }

  /**
   * Tells every admin how many users wait for approval, naming `waiting` when it is a new
   * account that just signed in; admins approve within seconds instead of finding out later.
   */
  async announcePending(waiting: UserEntity | null): Promise<void> {
    // A notification follows a committed change; failing to count never fails the change.
    const counted = await Promise.all([this.users.countPending(), this.users.adminIds()]).catch(
      () => null,
    );
    if (!counted) return;
    const [pendingUsers, admins] = counted;
    await this.events.pendingUsersChanged(admins, {
      pendingUsers,
      user: waiting
        ? { id: waiting.id, username: waiting.username, displayName: waiting.displayName }
        : null,
    });
  }

  /** Ends every login session of the user at once; gateways close the user's live sockets. */
  async endSessions(userId: string, reason: UserSessionsEnded['reason']): Promise<void> {
    await this.sessions.endAllFor(userId, { keepOverlayLinks: reason === 'logout' });
    await this.events.sessionsEnded(userId, reason);
  }

  private async require(userId: string): Promise<UserEntity> {
    const user = await this.findById(userId);
    if (!user) throw new DomainError('USER_NOT_FOUND');
    return user;
  }

  /** The gateway checks roles too; auth checks again so a bus message alone cannot act. */
  private async requireAdmin(actorId: string): Promise<void> {
    const actor = await this.findById(actorId);
    if (!actor?.isAdmin) throw new DomainError('ADMIN_REQUIRED');
  }

  private async countData(userIds: string[]): Promise<Record<string, UserDataCount>> {
    const counts: Record<string, UserDataCount> = {};
    for (let start = 0; start < userIds.length; start += COUNT_BATCH) {
      Object.assign(
        counts,
        await sendRequest(this.bus, USER_DATA_REQUESTS.count, {
          userIds: userIds.slice(start, start + COUNT_BATCH),
        }),
      );
    }
    return counts;
  }
}
