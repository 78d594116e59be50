import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { DomainError } from '@greetboard/contracts';
import type { KeyValueStore } from '@greetboard/kv';
import { GATEWAY_KV } from '../gateway.tokens.js';
import { GATEWAY_AUTH_SETTINGS, type GatewayAuthSettings } from './gateway-auth.settings.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The options of the security headers for an app served at `publicUrl`. Images may come from
 * Twitch's CDN (and the emulator). Only an app whose public address is https asks browsers to
 * stay on https (`upgrade-insecure-requests`, HSTS): served over plain http (a PC or a NAS on
 * the home network, `http://192.168.1.20:3000`), the upgrade would rewrite the app's own
 * scripts to an https address nothing answers, and the page would stay blank. Headers that
 * browsers honour only in a secure context (Cross-Origin-Opener-Policy, Origin-Agent-Cluster)
 * are left out over http too: Chromium ignores them there with an error in the console.
 */
export function securityHeaderOptions(
  publicUrl: string,
  imageOrigins: string[] = [],
): HelmetOptions {
  const https = new URL(publicUrl).protocol === 'https:';
  return {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'https:', ...imageOrigins],
        'connect-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'frame-ancestors': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        // Helmet adds the directive by default; null leaves it out.
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    strictTransportSecurity: https,
    crossOriginOpenerPolicy: https,
    originAgentCluster: https,
    // Avatars are loaded from other origins that send no CORP header.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
  };
}

/** Security headers on every answer of an app served at `publicUrl`. */
export function securityHeaders(publicUrl: string, imageOrigins: string[] = []) {
  return helmet(securityHeaderOptions(publicUrl, imageOrigins));
}

/** The origin a request says it comes from: its Origin, else its Referer; null when unreadable. */
/**
 * Answers of the API and of sign-in are one user's: no browser or proxy cache may keep them
 * (a shared computer's next user, a corporate proxy). Routes that cache on purpose, such as
 * the chatter list's ETag, set their own header afterwards.
 */
export function noStoreForUserAnswers() {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (/^\/(api|auth)(\/|$)/i.test(request.path)) response.setHeader('Cache-Control', 'no-store');
    next();
  };
}

function claimedOrigin(request: Request): string | null | undefined {
  const { origin, referer } = request.headers;
  const value = origin ?? referer;
  if (value === undefined) return undefined;
  // `Origin: null` (sandboxed frames, some redirects) and garbage are a claim we cannot
  // check, not an absent one.
  if (!URL.canParse(value)) return null;
  const parsed = new URL(value).origin;
  return parsed === 'null' ? null : parsed;
}

/**
 * Refuses state-changing requests sent by another site (cross-site request forgery). Browsers
 * always send `Origin` (or at least `Referer`) with such requests; it must be the app's public
 * origin or the origin the request was addressed to. A request with neither is not a browser's
 * cross-site request (and SameSite=Lax keeps the cookie off those anyway).
 */
@Injectable()
export class SameOriginCheck implements NestMiddleware {
  private readonly publicOrigin: () => string;

  constructor(@Inject(GATEWAY_AUTH_SETTINGS) settings: GatewayAuthSettings) {
    this.publicOrigin = () => new URL(settings.publicUrl).origin;
  }

  use(request: Request, _response: Response, next: NextFunction): void {
    if (!STATE_CHANGING.has(request.method)) return next();
    const origin = claimedOrigin(request);
    if (origin === undefined) return next();
    const addressed = `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin === this.publicOrigin() || origin === addressed) return next();
    next(new DomainError('CSRF_REJECTED'));
  }
}

const WINDOW_MS = 60_000;

/** A request counted against a limit: whether it is within, and when the window ends. */
export interface RequestCount {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one request of a client address in a route group's fixed one-minute window, in the
 * gateway's key-value store (Redis in cluster mode, so every replica shares the counts).
 */
export async function countRequest(
  kv: KeyValueStore,
  group: string,
  address: string,
  limit: number,
): Promise<RequestCount> {
  const window = Math.floor(Date.now() / WINDOW_MS);
  const count = await kv.increment(`rate:${group}:${address}:${window}`, WINDOW_MS);
  return {
    allowed: count <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - Date.now()) / 1000)),
  };
}

/** Fixed-window rate limits per client address and route group (see countRequest). */
@Injectable()
export class RateLimit implements NestMiddleware {
  constructor(
    @Inject(GATEWAY_KV) private readonly kv: KeyValueStore,
    @Inject(GATEWAY_AUTH_SETTINGS) private readonly settings: GatewayAuthSettings,
  ) {}

  async use(request: Request, response: Response, next: NextFunction): Promise<void> {
    // Routing ignores case (/API/SETTINGS is /api/settings), so the limit must too.
    const group = this.groupOf(request.path.toLowerCase());
    if (!group) return next();
    try {
      const counted = await countRequest(this.kv, group.name, request.ip ?? 'unknown', group.limit);
      if (counted.allowed) return next();
      response.setHeader('Retry-After', String(counted.retryAfterSeconds));
      next(new DomainError('RATE_LIMITED'));
    } catch (error) {
      next(error);
    }
  }

  private groupOf(path: string): { name: string; limit: number } | undefined {
    if (path === '/auth/twitch' || path.startsWith('/auth/twitch/')) {
      return { name: 'sign-in', limit: this.settings.signInRequestsPerMinute };
    }
    if (path.startsWith('/api/') || path.startsWith('/auth/')) {
      return { name: 'api', limit: this.settings.apiRequestsPerMinute };
    }
    return undefined;
  }
}
