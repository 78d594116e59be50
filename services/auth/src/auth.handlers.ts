import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AUTH_REQUESTS,
  type AdminUserDto,
  type BeginSignInResponse,
  CompleteSignInRequest,
  type CompleteSignInResponse,
  DeleteUserRequest,
  LOGIN_SESSION_REQUESTS,
  type DeleteUserResponse,
  type ImportUserResponse,
  type ResolveSessionResponse,
  SessionRequest,
  TwitchLoginRequest,
  UpdateSettingsRequest,
  UserAdminActionRequest,
  type UserDto,
  UserRequest,
  type UserSearchResponse,
  type UserSettingsDto,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { AutoStartWatcher } from './auto-start/auto-start-watcher.js';
import { LoginSessions } from './login-sessions/login-sessions.js';
import { SettingsService } from './settings/settings.service.js';
import { SignInService } from './sign-in/sign-in.service.js';
import { TwitchUserSearch } from './twitch/twitch-user-search.js';
import { toUserDto } from './users/user.entity.js';
import { UserEvents } from './users/user-events.js';
import { UsersService } from './users/users.service.js';

/** Sign-in and login sessions. */
@Controller()
export class SignInHandlers {
  constructor(
    private readonly signIn: SignInService,
    private readonly sessions: LoginSessions,
    private readonly users: UsersService,
    private readonly userEvents: UserEvents,
  ) {}

  @OnRequest(AUTH_REQUESTS.beginSignIn)
  begin(): Promise<BeginSignInResponse> {
    return this.signIn.begin();
  }

  @OnRequest(AUTH_REQUESTS.completeSignIn)
  complete(@Payload() request: CompleteSignInRequest): Promise<CompleteSignInResponse> {
    return this.signIn.complete(request);
  }

  /** The gateway asks this on every request that carries a session cookie. */
  @OnRequest(AUTH_REQUESTS.resolveSession)
  async resolve(@Payload() request: SessionRequest): Promise<ResolveSessionResponse> {
    const userId = await this.sessions.resolve(request.sessionId);
    const user = userId ? await this.users.findById(userId) : null;
    return { user: user ? toUserDto(user) : null };
  }

  /** Logout ends this browser's session only; the user's other browsers stay signed in. */
  @OnRequest(AUTH_REQUESTS.endSession)
  async end(@Payload() request: SessionRequest): Promise<{ ended: boolean }> {
    const userId = await this.sessions.end(request.sessionId);
    if (userId) await this.userEvents.loginSessionEnded(userId, request.sessionId);
    return { ended: userId !== null };
  }

  /** Sign out everywhere: every session of the user, and their open pages on every gateway. */
  @OnRequest(LOGIN_SESSION_REQUESTS.endAllOfUser)
  async endAll(@Payload() request: SessionRequest): Promise<{ ended: boolean }> {
    const userId = await this.sessions.resolve(request.sessionId);
    if (userId) await this.users.endSessions(userId, 'logout');
    return { ended: userId !== null };
  }
}

/** Settings, account deletion and user administration. */
@Controller()
export class UserHandlers {
  constructor(
    private readonly settings: SettingsService,
    private readonly users: UsersService,
    private readonly search: TwitchUserSearch,
    private readonly autoStart: AutoStartWatcher,
  ) {}

  @OnRequest(AUTH_REQUESTS.getSettings)
  getSettings(@Payload() request: UserRequest): Promise<UserSettingsDto> {
    return this.settings.get(request.userId);
  }

  @OnRequest(AUTH_REQUESTS.updateSettings)
  async updateSettings(@Payload() request: UpdateSettingsRequest): Promise<UserSettingsDto> {
    const settings = await this.settings.update(request.userId, request.changes);
    // Watching starts or stops now rather than at the watcher's next round.
    if (request.changes.autoStartSessions !== undefined) this.autoStart.refresh();
    return settings;
  }

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

  @OnRequest(AUTH_REQUESTS.importTwitchUser)
  importTwitchUser(@Payload() request: TwitchLoginRequest): Promise<ImportUserResponse> {
    return this.search.import(request.username);
  }
}
