import { Body, Controller, Delete, Get, Inject, Put, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  AUTH_REQUESTS,
  SettingsChanges,
  sendRequest,
  type UserDataCount,
  type UserSettingsDto,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { OverlayRoute } from '../http/access.guard.js';
import { CurrentUser, type AuthenticatedUser } from '../http/current-user.decorator.js';
import {
  GATEWAY_AUTH_SETTINGS,
  cookieOptions,
  sessionCookieName,
  type GatewayAuthSettings,
} from './gateway-auth.settings.js';

/** The signed-in user's own settings and account. */
@Controller('api')
export class AccountController {
  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(GATEWAY_AUTH_SETTINGS) private readonly settings: GatewayAuthSettings,
  ) {}

  /** The overlay reads the OBS mode and language from here, through a link too. */
  @OverlayRoute('read')
  @Get('settings')
  getSettings(@CurrentUser() user: AuthenticatedUser): Promise<UserSettingsDto> {
    return sendRequest(this.bus, AUTH_REQUESTS.getSettings, { userId: user.id });
  }

  /** Merges the given fields into the stored settings and answers the full settings. */
  @Put('settings')
  updateSettings(
    @CurrentUser() user: AuthenticatedUser,
    @Body() changes: SettingsChanges,
  ): Promise<UserSettingsDto> {
    return sendRequest(this.bus, AUTH_REQUESTS.updateSettings, {
      userId: user.id,
      changes: { ...changes },
    });
  }

  /** Deletes the account and everything of it; the user is logged out everywhere. */
  @Delete('account')
  async deleteAccount(
    @CurrentUser() user: AuthenticatedUser,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ success: true; deletedData: UserDataCount }> {
    const { deletedData } = await sendRequest(this.bus, AUTH_REQUESTS.deleteUser, {
      userId: user.id,
    });
    response.clearCookie(sessionCookieName(this.settings), cookieOptions(this.settings));
    return { success: true, deletedData };
  }
}
