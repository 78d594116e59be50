import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  type BeginSignInResponse,
  type CompleteSignInRequest,
  type CompleteSignInResponse,
} from '@greetboard/contracts';
import type { KeyValueStore } from '@greetboard/kv';
import { AUTH_CONFIG, AUTH_KV } from '../auth.tokens.js';
import type { AuthConfig } from '../config.js';
import { LoginSessions } from '../login-sessions/login-sessions.js';
import { TwitchClient, TwitchRejectedError } from '../twitch/twitch-client.js';
import { TwitchTokenVault } from '../twitch/twitch-token-vault.js';
import { UserEvents } from '../users/user-events.js';
import { toUserDto } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';

/** How long a sign-in may take between leaving for Twitch and coming back. */
export const SIGN_IN_STATE_TTL_SECONDS = 600;

export const SIGN_IN_EXPIRED =
  'Your sign-in expired or was started in another browser. Please try again.';

/**
 * Sign-in with Twitch (authorization code flow). The `state` is single-use and short-lived
 * here; the gateway also binds it to the browser with a cookie.
 */
@Injectable()
export class SignInService {
  private readonly logger = new Logger(SignInService.name);

  constructor(
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(AUTH_KV) private readonly kv: KeyValueStore,
    private readonly usersRepository: UsersRepository,
    private readonly twitch: TwitchClient,
    private readonly tokens: TwitchTokenVault,
    private readonly users: UsersService,
    private readonly sessions: LoginSessions,
    private readonly events: UserEvents,
  ) {}

  async begin(): Promise<BeginSignInResponse> {
    const state = randomBytes(32).toString('base64url');
    await this.kv.set(stateKey(state), '1', { ttlMs: SIGN_IN_STATE_TTL_SECONDS * 1000 });
    return {
      authorizeUrl: this.twitch.authorizeUrl(state),
      state,
      stateTtlSeconds: SIGN_IN_STATE_TTL_SECONDS,
    };
  }

  async complete(request: CompleteSignInRequest): Promise<CompleteSignInResponse> {
    // Deleting the state consumes it: a replayed callback finds nothing.
    if ((await this.kv.delete(stateKey(request.state))) !== 1) {
      throw new DomainError('SIGN_IN_FAILED', SIGN_IN_EXPIRED);
    }
    const twitchTokens = await this.twitch.exchangeCode(request.code).catch((error: unknown) => {
      if (error instanceof TwitchRejectedError) throw new DomainError('SIGN_IN_FAILED');
      throw error;
    });
    const validation = await this.twitch.validate(twitchTokens.accessToken);
    if (!validation || validation.clientId !== this.config.twitch.clientId) {
      throw new DomainError('SIGN_IN_FAILED');
    }
    const twitchUser = await this.twitch.currentUser(twitchTokens.accessToken);
    const known = await this.users.findByTwitchId(twitchUser.id);
    const user = await this.usersRepository.inTransaction(async (manager) => {
      const saved = await this.users.upsertFromTwitch(twitchUser, manager);
      await this.tokens.store(saved.id, twitchTokens, manager);
      await this.events.changed(saved, manager);
      return saved;
    });
    await this.events.publish();
    if (!known && !user.isApproved) await this.users.announcePending(user);
    // Never carry a pre-login session id over: end it and issue a fresh one.
    if (request.previousSessionId) await this.sessions.end(request.previousSessionId);
    const session = await this.sessions.begin(user.id, {
      userAgent: request.userAgent,
      ipAddress: request.ipAddress,
    });
    // The oldest sessions over the cap end now; their open pages close with them.
    for (const hash of session.ended) await this.events.loginSessionEnded(user.id, { hash });
    this.logger.log(`User ${user.id} signed in`);
    return {
      sessionId: session.sessionId,
      expiresAt: session.expiresAt.toISOString(),
      user: toUserDto(user),
    };
  }
}

function stateKey(state: string): string {
  return `sign-in-state:${createHash('sha256').update(state).digest('base64url')}`;
}
