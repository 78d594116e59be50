import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  AUTH_REQUESTS,
  DomainError,
  type BeginSignInResponse,
  CompleteSignInRequest,
  LOGIN_SESSION_REQUESTS,
  type CompleteSignInResponse,
  EndLoginSessionRequest,
  type LoginSessionDto,
  type ResolveSessionResponse,
  SessionRequest,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { LoginSessions } from '../login-sessions/login-sessions.js';
import { toUserDto } from '../users/user.entity.js';
import { UserEvents } from '../users/user-events.js';
import { UsersService } from '../users/users.service.js';
import { SignInService } from './sign-in.service.js';

/** Sign-in and login sessions. */
@Controller()
export class SignInHandler {
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
    const session = await this.sessions.resolveWithAccess(request.sessionId);
    const user = session ? await this.users.findById(session.userId) : null;
    if (user) {
      const { access, overlayLook } = session!;
      return { user: toUserDto(user), access, ...(overlayLook ? { overlayLook } : {}) };
    }
    const endedBecause = session ? null : await this.sessions.endReasonOf(request.sessionId);
    return endedBecause ? { user: null, endedBecause } : { user: null };
  }

  /** Logout ends this browser's session only; the user's other browsers stay signed in. */
  @OnRequest(AUTH_REQUESTS.endSession)
  async end(@Payload() request: SessionRequest): Promise<{ ended: boolean }> {
    const userId = await this.sessions.end(request.sessionId);
    if (userId) await this.userEvents.loginSessionEnded(userId, request.sessionId);
    return { ended: userId !== null };
  }

  /** The browsers the user is signed in with, for their settings (ADR 0046). */
  @OnRequest(LOGIN_SESSION_REQUESTS.listOfUser)
  async listOfUser(@Payload() request: SessionRequest): Promise<LoginSessionDto[]> {
    const list = await this.sessions.listOfUser(request.sessionId);
    if (!list) throw new DomainError('UNAUTHENTICATED');
    return list;
  }

  /** Ends one of the user's browsers' sessions; its open pages close on every gateway. */
  @OnRequest(LOGIN_SESSION_REQUESTS.endOneOfUser)
  async endOneOfUser(@Payload() request: EndLoginSessionRequest): Promise<{ current: boolean }> {
    const ended = await this.sessions.endOneOfUser(request.sessionId, request.id);
    if (!ended) throw new DomainError('LOGIN_SESSION_NOT_FOUND');
    await this.userEvents.loginSessionEnded(ended.userId, { hash: ended.hash });
    return { current: ended.current };
  }

  /** Sign out everywhere: every session of the user, and their open pages on every gateway. */
  @OnRequest(LOGIN_SESSION_REQUESTS.endAllOfUser)
  async endAll(@Payload() request: SessionRequest): Promise<{ ended: boolean }> {
    const userId = await this.sessions.resolve(request.sessionId);
    if (userId) await this.users.endSessions(userId, 'logout');
    return { ended: userId !== null };
  }
}
