import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AUTH_REQUESTS,
  type AdminUserDto,
  DeleteUserRequest,
  type DeleteUserResponse,
  type ImportUserResponse,
  TwitchLoginRequest,
  TwitchUserProfilesRequest,
  type TwitchUserProfiles,
  UserAdminActionRequest,
  type UserDto,
  type UserSearchResponse,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { AutoStartWatcher } from '../auto-start/auto-start-watcher.js';
import { TwitchClient } from '../twitch/twitch-client.js';
import { TwitchUserSearch } from '../twitch/twitch-user-search.js';
import { UsersService } from './users.service.js';

/** Account deletion, user administration and looking up Twitch users. */
@Controller()
export class UsersHandler {
  constructor(
    private readonly users: UsersService,
    private readonly search: TwitchUserSearch,
    private readonly autoStart: AutoStartWatcher,
    private readonly twitch: TwitchClient,
  ) {}

  @OnRequest(AUTH_REQUESTS.listUsers)
  listUsers(): Promise<AdminUserDto[]> {
    return this.users.listForAdmin();
  }

  @OnRequest(AUTH_REQUESTS.administerUser)
  administer(@Payload() request: UserAdminActionRequest): Promise<UserDto> {
    return this.users.administer(request.actorId, request.userId, request.action);
  }

  @OnRequest(AUTH_REQUESTS.deleteUser)
  async delete(@Payload() request: DeleteUserRequest): Promise<DeleteUserResponse> {
    const answer = await this.users.delete(request.userId, request.actorId);
    this.autoStart.refresh();
    return answer;
  }

  @OnRequest(AUTH_REQUESTS.searchTwitchUser)
  searchTwitchUser(@Payload() request: TwitchLoginRequest): Promise<UserSearchResponse> {
    return this.search.search(request.username);
  }

  /** Chatters' profile images and account ages (ADR 0055) for the sessions service's profile job (ADR 0033). */
  @OnRequest(AUTH_REQUESTS.twitchUserProfiles)
  async twitchUserProfiles(
    @Payload() request: TwitchUserProfilesRequest,
  ): Promise<TwitchUserProfiles> {
    const users = await this.twitch.usersByIds(request.twitchIds);
    return {
      profiles: users.map((user) => ({
        twitchId: user.id,
        profileImage: user.profileImage,
        createdAt: user.createdAt,
      })),
    };
  }

  @OnRequest(AUTH_REQUESTS.importTwitchUser)
  importTwitchUser(@Payload() request: TwitchLoginRequest): Promise<ImportUserResponse> {
    return this.search.import(request.username);
  }
}
