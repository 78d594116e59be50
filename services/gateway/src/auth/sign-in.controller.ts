import { timingSafeEqual } from 'node:crypto';
import { Controller, Get, HttpCode, Inject, Logger, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  AUTH_REQUESTS,
  DomainError,
  ERROR_CODES,
  LOGIN_SESSION_REQUESTS,
  OAUTH_STATE_PATTERN,
  sendRequest,
  type MeAnswer,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { Public } from '../http/access.guard.js';
import {
  GATEWAY_AUTH_SETTINGS,
  cookieOptions,
  sessionCookieName,
  signInStateCookieName,
  type GatewayAuthSettings,
} from './gateway-auth.settings.js';
import { cookieSessionIdOf, type RequestWithSession } from './session-resolution.middleware.js';

export const SIGN_IN_CANCELLED = 'Sign-in was cancelled on Twitch.';
export const SIGN_IN_EXPIRED =
  'Your sign-in expired or was started in another browser. Please try again.';

/** Sign-in with Twitch, the current user, logout and logout everywhere. */
@Controller('auth')
export class SignInController {
  private readonly logger = new Logger('sign-in');

  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(GATEWAY_AUTH_SETTINGS) private readonly settings: GatewayAuthSettings,
  ) {}

  /** Sends the browser to Twitch with a fresh state bound to it by a short-lived cookie. */
  @Public()
  @Get('twitch')
  async signIn(@Res() response: Response): Promise<void> {
    const begun = await sendRequest(this.bus, AUTH_REQUESTS.beginSignIn, {});
    response.cookie(
      signInStateCookieName(this.settings),
      begun.state,
      cookieOptions(this.settings, begun.stateTtlSeconds * 1000),
    );
    response.setHeader('Cache-Control', 'no-store');
    response.redirect(302, begun.authorizeUrl);
  }

  /** Twitch sends the browser back here with a code (or an error) and the state. */
  @Public()
  @Get('twitch/callback')
  async callback(@Req() request: Request, @Res() response: Response): Promise<void> {
    const stateCookie = signInStateCookieName(this.settings);
    const cookies = request.cookies as Record<string, string | undefined>;
    const expected = cookies[stateCookie];
    response.clearCookie(stateCookie, cookieOptions(this.settings));
    response.setHeader('Cache-Control', 'no-store');
    const { code, state, error } = request.query;
    if (typeof error === 'string') return this.failed(response, SIGN_IN_CANCELLED);
    if (
      typeof code !== 'string' ||
      typeof state !== 'string' ||
      !OAUTH_STATE_PATTERN.test(state) ||
      expected === undefined ||
      !sameText(state, expected)
    ) {
      return this.failed(response, SIGN_IN_EXPIRED);
    }
    try {
      const signedIn = await sendRequest(this.bus, AUTH_REQUESTS.completeSignIn, {
        code: code.slice(0, 512),
        state,
        previousSessionId: cookieSessionIdOf(request, this.settings),
        userAgent: request.get('user-agent')?.slice(0, 512),
        ipAddress: request.ip?.slice(0, 64),
      });
      const lifetimeMs = Date.parse(signedIn.expiresAt) - Date.now();
      response.cookie(
        sessionCookieName(this.settings),
        signedIn.sessionId,
        cookieOptions(this.settings, lifetimeMs),
      );
      response.redirect(302, '/dashboard');
    } catch (failure) {
      if (!(failure instanceof DomainError)) throw failure;
      this.logger.warn(`Sign-in failed: ${failure.code}`);
      this.failed(
        response,
        failure.code === 'SIGN_IN_FAILED' ? failure.message : ERROR_CODES[failure.code],
      );
    }
  }

  /**
   * The signed-in user. A visitor gets 401, unless the caller expects visitors
   * (`?optional=true`, the web app's sign-in check): then 200 `{ "user": null }`, because a
   * failed request is an error in the browser's console on every signed-out page load.
   * A browser whose session Greetboard ended because Twitch revoked the grant gets 401
   * TWITCH_AUTHORIZATION_REVOKED either way, once: the cookie goes with that answer (ADR 0044).
   */
  @Public()
  @Get('me')
  me(
    @Req() request: RequestWithSession,
    @Res({ passthrough: true }) response: Response,
    @Query('optional') optional?: string,
  ): MeAnswer {
    if (request.user) {
      // Through an overlay link: whose overlay it is, and what the link may do (ADR 0029).
      // Through an overlay link: also how its page looks (ADR 0056).
      const { overlayLook } = request;
      if (request.access === 'overlay-read')
        return { ...request.user, overlayAccess: 'read', overlayLook };
      if (request.access === 'overlay-greet')
        return { ...request.user, overlayAccess: 'greet', overlayLook };
      return request.user;
    }
    if (request.sessionEndedBecause === 'twitch-revoked') {
      response.clearCookie(sessionCookieName(this.settings), cookieOptions(this.settings));
      throw new DomainError('TWITCH_AUTHORIZATION_REVOKED');
    }
    if (optional === 'true') return { user: null };
    throw new DomainError('UNAUTHENTICATED');
  }

  /** Ends this browser's session; answers the same whether or not one was open. */
  @Public()
  @Post('logout')
  @HttpCode(200)
  async logout(
    @Req() request: RequestWithSession,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ success: true }> {
    // An overlay link is ended by revoking it in settings, never by the overlay itself.
    if (request.sessionId && (request.access ?? 'browser') === 'browser') {
      await sendRequest(this.bus, AUTH_REQUESTS.endSession, { sessionId: request.sessionId });
    }
    response.clearCookie(sessionCookieName(this.settings), cookieOptions(this.settings));
    return { success: true };
  }

  /** Ends every login session of the signed-in user, in every browser and overlay. */
  @Post('logout-everywhere')
  @HttpCode(200)
  async logoutEverywhere(
    @Req() request: RequestWithSession,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ success: true }> {
    if (request.sessionId) {
      await sendRequest(this.bus, LOGIN_SESSION_REQUESTS.endAllOfUser, {
        sessionId: request.sessionId,
      });
    }
    response.clearCookie(sessionCookieName(this.settings), cookieOptions(this.settings));
    return { success: true };
  }

  /** Back to the login page with a readable error; nothing was created. */
  private failed(response: Response, message: string): void {
    response.redirect(302, `/login?error=${encodeURIComponent(message)}`);
  }
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
