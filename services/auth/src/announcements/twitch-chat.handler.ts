import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  DomainError,
  OwnChatMessageRequest,
  OwnShoutoutRequest,
  TWITCH_CHAT_REQUESTS,
  TwitchScopesRequest,
  type OwnChatMessageResult,
  type ShoutoutResult,
  type TwitchScopesAnswer,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { CHAT_SCOPE, SHOUTOUT_SCOPE, TwitchClient } from '../twitch/twitch-client.js';
import { TwitchTokenVault } from '../twitch/twitch-token-vault.js';
import { UsersService } from '../users/users.service.js';

/**
 * The Helix calls other services need the streamer's token for (ADR 0046: the token stays in
 * auth). A user without a token, or whose token lacks the scope, gets TWITCH_SCOPE_MISSING:
 * signing in again grants it (ADR 0054).
 */
@Controller()
export class TwitchChatHandler {
  constructor(
    private readonly users: UsersService,
    private readonly tokens: TwitchTokenVault,
    private readonly twitch: TwitchClient,
  ) {}

  @OnRequest(TWITCH_CHAT_REQUESTS.sendOwnChatMessage)
  async sendOwn(@Payload() request: OwnChatMessageRequest): Promise<OwnChatMessageResult> {
    const twitchId = await this.broadcasterWith(request.userId, CHAT_SCOPE);
    const result = await this.tokens.withAccessToken(request.userId, (token) =>
      this.twitch.sendChatMessage(token, twitchId, request.message),
    );
    if (result === null) throw new DomainError('TWITCH_SCOPE_MISSING');
    return { sent: result.sent, dropReason: result.dropReason ?? null };
  }

  @OnRequest(TWITCH_CHAT_REQUESTS.sendShoutout)
  async shoutout(@Payload() request: OwnShoutoutRequest): Promise<ShoutoutResult> {
    const twitchId = await this.broadcasterWith(request.userId, SHOUTOUT_SCOPE);
    const done = await this.tokens.withAccessToken(request.userId, async (token) => {
      await this.twitch.sendShoutout(token, twitchId, request.toTwitchId);
      return true;
    });
    if (done === null) throw new DomainError('TWITCH_SCOPE_MISSING');
    return { success: true };
  }

  @OnRequest(TWITCH_CHAT_REQUESTS.twitchScopes)
  async scopes(@Payload() request: TwitchScopesRequest): Promise<TwitchScopesAnswer> {
    return { scopes: await this.tokens.scopesOf(request.userId) };
  }

  /** The user's Twitch id, when their stored token carries `scope`. */
  private async broadcasterWith(userId: string, scope: string): Promise<string> {
    const [user, scopes] = await Promise.all([
      this.users.findById(userId),
      this.tokens.scopesOf(userId),
    ]);
    if (!user) throw new DomainError('USER_NOT_FOUND');
    if (!scopes?.includes(scope))
      throw new DomainError('TWITCH_SCOPE_MISSING', undefined, { scope });
    return user.twitchId;
  }
}
