import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  type ImportUserResponse,
  type TwitchUserDto,
  type UserSearchResponse,
} from '@greetboard/contracts';
import type { KeyValueStore } from '@greetboard/kv';
import { AUTH_KV } from '../auth.tokens.js';
import { toUserDto } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { TwitchClient, type HelixUser } from './twitch-client.js';

/** Helix answers are kept briefly: typing a name searches on every pause. */
const HELIX_CACHE_TTL_MS = 60_000;
/**
 * "No such account" is kept only for the typing pauses: an account created on Twitch a moment
 * ago can be imported right away.
 */
const HELIX_MISS_TTL_MS = 5_000;

/** Finding Twitch accounts by login, in the database and on Twitch, and importing them. */
@Injectable()
export class TwitchUserSearch {
  constructor(
    @Inject(AUTH_KV) private readonly kv: KeyValueStore,
    private readonly twitch: TwitchClient,
    private readonly users: UsersService,
  ) {}

  async search(login: string): Promise<UserSearchResponse> {
    const [stored, twitchUser] = await Promise.all([
      this.users.findByLogin(login),
      this.helixUser(login),
    ]);
    const user = stored ? toUserDto(stored) : null;
    return {
      found: user !== null || twitchUser !== null,
      inDatabase: user !== null,
      user,
      twitchUser: twitchUser && toTwitchUserDto(twitchUser, user?.isApproved ?? false),
    };
  }

  async import(login: string): Promise<ImportUserResponse> {
    const stored = await this.users.findByLogin(login);
    if (stored) return { created: false, user: toUserDto(stored) };
    const twitchUser = await this.helixUser(login, true);
    if (!twitchUser) throw new DomainError('USER_NOT_FOUND', 'User not found on Twitch.');
    const { created, user } = await this.users.importFromTwitch(twitchUser);
    return { created, user: toUserDto(user) };
  }

  /** `fresh`: ask Twitch even when a "not found" is cached (importing, not typing). */
  private async helixUser(login: string, fresh = false): Promise<HelixUser | null> {
    const key = `helix-user:${login}`;
    const cached = await this.kv.get(key);
    if (cached) {
      const user = JSON.parse(cached) as HelixUser | null;
      if (user || !fresh) return user;
    }
    const user = await this.twitch.userByLogin(login);
    await this.kv.set(key, JSON.stringify(user), {
      ttlMs: user ? HELIX_CACHE_TTL_MS : HELIX_MISS_TTL_MS,
    });
    return user;
  }
}

function toTwitchUserDto(user: HelixUser, isApproved: boolean): TwitchUserDto {
  return {
    twitchId: user.id,
    username: user.login,
    displayName: user.displayName,
    profileImage: user.profileImage,
    isApproved,
  };
}
