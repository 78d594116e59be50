import { Body, Controller, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  AUTH_REQUESTS,
  DomainError,
  ERROR_CODES,
  sendRequest,
  type UserDto,
  type UserSearchResponse,
  TwitchLoginRequest,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { CurrentUser, type AuthenticatedUser } from '../http/current-user.decorator.js';

export const USER_IMPORTED = 'User imported successfully';

/** Finding people by Twitch login, for ignore lists and editor invites. */
@Controller('api/twitch')
export class TwitchUsersController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @Get('search-user')
  search(@Query() query: TwitchLoginRequest): Promise<UserSearchResponse> {
    return sendRequest(this.bus, AUTH_REQUESTS.searchTwitchUser, { username: query.username });
  }

  /**
   * Adds a Twitch account to the database as a pending user. Only approved users may, so a
   * pending account cannot fill the database. An existing user is answered with 409 and the user.
   */
  @Post('import-user')
  @HttpCode(201)
  async import(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: TwitchLoginRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ message: string; user: UserDto } | { error: string; code: string; user: UserDto }> {
    if (!user.isApproved) throw new DomainError('ACCOUNT_NOT_APPROVED');
    const imported = await sendRequest(this.bus, AUTH_REQUESTS.importTwitchUser, {
      username: body.username,
    });
    if (imported.created) return { message: USER_IMPORTED, user: imported.user };
    response.status(409);
    return {
      error: ERROR_CODES.USER_ALREADY_EXISTS,
      code: 'USER_ALREADY_EXISTS',
      user: imported.user,
    };
  }
}
