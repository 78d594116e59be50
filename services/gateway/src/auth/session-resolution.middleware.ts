import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import {
  AUTH_REQUESTS,
  SESSION_ID_PATTERN,
  sendRequest,
  type LoginSessionEndReason,
  type OverlayLinkLook,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import type { RequestWithUser } from '../http/current-user.decorator.js';
import {
  GATEWAY_AUTH_SETTINGS,
  cookieOptions,
  sessionCookieName,
  type GatewayAuthSettings,
} from './gateway-auth.settings.js';

export interface RequestWithSession extends RequestWithUser {
  /** The login-session id from the cookie, when it named a live session. */
  sessionId?: string;
  /** An overlay link's look (ADR 0056). */
  overlayLook?: OverlayLinkLook;
  /** The cookie named a session Greetboard ended on its own, and why (ADR 0044). */
  sessionEndedBecause?: LoginSessionEndReason;
}

/** Kubernetes probes: answered alike with or without a cookie, and never asking auth. */
const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/** Where a request's login session came from: a browser's cookie, or an overlay link's header. */
export type CredentialSource = 'cookie' | 'bearer';

/**
 * The login session a request names: the session cookie, or an overlay link's token sent as
 * `Authorization: Bearer <token>` (ADR 0029), when it has the shape of a session id.
 */
export function credentialOf(
  request: Request,
  settings: GatewayAuthSettings,
): { sessionId: string; source: CredentialSource } | undefined {
  const cookies = request.cookies as Record<string, string | undefined> | undefined;
  const cookie = cookies?.[sessionCookieName(settings)];
  const [value, source]: [string | undefined, CredentialSource] =
    cookie !== undefined ? [cookie, 'cookie'] : [bearerOf(request.get('authorization')), 'bearer'];
  return value !== undefined && SESSION_ID_PATTERN.test(value)
    ? { sessionId: value, source }
    : undefined;
}

/** The browser's login session from its cookie; an overlay link never counts as one. */
export function cookieSessionIdOf(
  request: Request,
  settings: GatewayAuthSettings,
): string | undefined {
  const credential = credentialOf(request, settings);
  return credential?.source === 'cookie' ? credential.sessionId : undefined;
}

function bearerOf(header: string | undefined): string | undefined {
  const match = header === undefined ? null : /^Bearer (\S+)$/.exec(header);
  return match?.[1];
}

/**
 * Attaches the signed-in user to every request that carries a live session cookie, by asking
 * auth (the session may have been ended by another gateway a moment ago). Runs before the
 * AccessGuard, which decides what a request without a user may do.
 */
@Injectable()
export class SessionResolution implements NestMiddleware {
  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(GATEWAY_AUTH_SETTINGS) private readonly settings: GatewayAuthSettings,
  ) {}

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    if (PROBE_PATHS.has(request.path)) return next();
    const cookieName = sessionCookieName(this.settings);
    const credential = credentialOf(request, this.settings);
    const cookies = request.cookies as Record<string, string | undefined> | undefined;
    if (credential === undefined) {
      if (cookies?.[cookieName] !== undefined) {
        response.clearCookie(cookieName, cookieOptions(this.settings));
      }
      return next();
    }
    const { sessionId, source } = credential;
    try {
      const {
        user,
        access = 'browser',
        overlayLook,
        endedBecause,
      } = await sendRequest(this.bus, AUTH_REQUESTS.resolveSession, { sessionId });
      // A browser's login session travels only in its cookie (ADR 0046): sent as a bearer
      // token it would work from anywhere a header or URL is logged, so it counts as none.
      if (source === 'bearer' && access === 'browser') return next();
      if (user) {
        Object.assign(request as RequestWithSession, { user, sessionId, access, overlayLook });
      } else if (endedBecause) {
        // Kept until GET /auth/me has told the browser why (ADR 0044): another request of the
        // page may come first, and it must not take the reason with the cookie.
        (request as RequestWithSession).sessionEndedBecause = endedBecause;
      } else {
        response.clearCookie(cookieName, cookieOptions(this.settings));
      }
      next();
    } catch (error) {
      next(error);
    }
  }
}
