import { Controller, Delete, Get, HttpCode, Inject, Param, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  DomainError,
  LOGIN_SESSION_REQUESTS,
  LoginSessionParams,
  sendRequest,
  type LoginSessionDto,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import {
  GATEWAY_AUTH_SETTINGS,
  cookieOptions,
  sessionCookieName,
  type GatewayAuthSettings,
} from './gateway-auth.settings.js';
import type { RequestWithSession } from './session-resolution.middleware.js';

/**
 * The settings' list of signed-in browsers (ADR 0046): where and when each login session was
 * used, and ending any one of them. From a signed-in browser only (an overlay link cannot
 * reach these routes); sessions are named by a public id, never their secret one.
 */
@Controller('api/login-sessions')
export class LoginSessionsController {
  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(GATEWAY_AUTH_SETTINGS) private readonly settings: GatewayAuthSettings,
  ) {}

  @Get()
  list(@Req() request: RequestWithSession): Promise<LoginSessionDto[]> {
    return sendRequest(this.bus, LOGIN_SESSION_REQUESTS.listOfUser, {
      sessionId: this.sessionIdOf(request),
    });
  }

  /** Ends one; ending this browser's own signs it out here and now. */
  @Delete(':id')
  @HttpCode(200)
  async end(
    @Req() request: RequestWithSession,
    @Param() { id }: LoginSessionParams,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ success: true; current: boolean }> {
    const { current } = await sendRequest(this.bus, LOGIN_SESSION_REQUESTS.endOneOfUser, {
      sessionId: this.sessionIdOf(request),
      id,
    });
    if (current)
      response.clearCookie(sessionCookieName(this.settings), cookieOptions(this.settings));
    return { success: true, current };
  }

  private sessionIdOf(request: RequestWithSession): string {
    if (!request.sessionId) throw new DomainError('UNAUTHENTICATED');
    return request.sessionId;
  }
}
