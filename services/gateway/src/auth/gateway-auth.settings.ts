/** What the sign-in routes and protections need to know about where the app is served. */
export interface GatewayAuthSettings {
  /** The app's public origin without a trailing slash, e.g. https://greetboard.example.com */
  publicUrl: string;
  signInRequestsPerMinute: number;
  apiRequestsPerMinute: number;
  demoMode: boolean;
  version: string;
  commit: string;
  /** Where emote images are (TWITCH_EMOTE_URL_TEMPLATE). */
  emoteUrlTemplate?: string;
  /** Live sockets one user may hold open at once (LIVE_SOCKETS_PER_USER). */
  liveSocketsPerUser?: number;
  /** Live sockets one overlay link may hold open at once (LIVE_SOCKETS_PER_OVERLAY_LINK). */
  liveSocketsPerOverlayLink?: number;
  /** Live messages one user may send per 10 s across all sockets (LIVE_MESSAGES_PER_USER). */
  liveMessagesPerUser?: number;
}

export const GATEWAY_AUTH_SETTINGS = Symbol('GATEWAY_AUTH_SETTINGS');

/**
 * Browsers accept the `__Host-` prefix only on Secure cookies, and Secure cookies only over
 * HTTPS: a `__Host-` cookie cannot be set or overwritten by a sibling subdomain or a plain-HTTP
 * page. Over plain HTTP (local use, the demo) the prefix would make browsers drop the cookie,
 * so the unprefixed name is used there.
 */
export function isHttps(settings: GatewayAuthSettings): boolean {
  return settings.publicUrl.startsWith('https://');
}

export function sessionCookieName(settings: GatewayAuthSettings): string {
  return isHttps(settings) ? '__Host-greetboard_session' : 'greetboard_session';
}

export function signInStateCookieName(settings: GatewayAuthSettings): string {
  return isHttps(settings) ? '__Host-greetboard_sign_in' : 'greetboard_sign_in';
}

/** HttpOnly, SameSite=Lax (sent on the top-level return from Twitch), Path=/ for `__Host-`. */
export function cookieOptions(settings: GatewayAuthSettings, maxAgeMs?: number) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isHttps(settings),
    path: '/',
    ...(maxAgeMs === undefined ? {} : { maxAge: maxAgeMs }),
  };
}
