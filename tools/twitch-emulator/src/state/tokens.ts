import { randomBytes } from 'node:crypto';

export interface OAuthClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUris: readonly string[];
}

export interface IssuedToken {
  readonly accessToken: string;
  readonly clientId: string;
  /** Absent for app access tokens (client credentials grant). */
  readonly userId?: string;
  readonly scopes: readonly string[];
  readonly refreshToken?: string;
  expiresAt: number;
}

interface AuthorizationCode {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly userId: string;
  readonly scopes: readonly string[];
  readonly expiresAt: number;
}

interface RefreshGrant {
  readonly clientId: string;
  readonly userId: string;
  readonly scopes: readonly string[];
}

/** Users' grants as plain data: what Twitch keeps across a restart of its own. */
export interface UserGrants {
  tokens: IssuedToken[];
  refreshGrants: [string, RefreshGrant][];
}

/** Twitch authorization codes live for a few minutes; the exact figure is undocumented. */
const CODE_LIFETIME_MS = 10 * 60_000;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Opaque lowercase alphanumeric strings, the shape of Twitch's tokens (30 chars) and refresh tokens (50). */
export function opaqueToken(length: number): string {
  const bytes = randomBytes(length);
  let token = '';
  for (const byte of bytes) token += ALPHABET[byte % ALPHABET.length];
  return token;
}

/** OAuth clients, authorization codes, access tokens and refresh tokens. */
export class TokenStore {
  private readonly clients = new Map<string, OAuthClient>();
  private readonly codes = new Map<string, AuthorizationCode>();
  private readonly tokens = new Map<string, IssuedToken>();
  private readonly refreshGrants = new Map<string, RefreshGrant>();
  /** Called after users' grants changed (issued, refreshed, revoked); see `userGrants`. */
  onGrantsChanged: (() => void) | undefined;

  constructor(
    clients: readonly OAuthClient[],
    private readonly expiresInSeconds: number,
    private readonly now: () => number = Date.now,
  ) {
    for (const client of clients) this.clients.set(client.clientId, client);
  }

  client(clientId: string): OAuthClient | undefined {
    return this.clients.get(clientId);
  }

  registerClient(client: OAuthClient): void {
    this.clients.set(client.clientId, client);
  }

  issueCode(grant: Omit<AuthorizationCode, 'expiresAt'>): string {
    const code = opaqueToken(30);
    this.codes.set(code, { ...grant, expiresAt: this.now() + CODE_LIFETIME_MS });
    return code;
  }

  /** Codes are single use: redeeming removes the code whether or not the rest of the request is valid. */
  redeemCode(code: string): AuthorizationCode | undefined {
    const grant = this.codes.get(code);
    this.codes.delete(code);
    if (!grant || grant.expiresAt <= this.now()) return undefined;
    return grant;
  }

  issueUserToken(clientId: string, userId: string, scopes: readonly string[]): IssuedToken {
    const refreshToken = opaqueToken(50);
    this.refreshGrants.set(refreshToken, { clientId, userId, scopes });
    const issued = this.store({
      accessToken: opaqueToken(30),
      clientId,
      userId,
      scopes,
      refreshToken,
    });
    this.onGrantsChanged?.();
    return issued;
  }

  /** Users' live tokens and refresh grants (app tokens are not kept: clients ask anew). */
  userGrants(): UserGrants {
    return {
      tokens: [...this.tokens.values()].filter(
        (token) => token.userId !== undefined && token.expiresAt > this.now(),
      ),
      refreshGrants: [...this.refreshGrants],
    };
  }

  /** Takes back grants kept by `userGrants`, as after a restart. */
  restoreUserGrants(grants: UserGrants): void {
    for (const token of grants.tokens) this.tokens.set(token.accessToken, { ...token });
    for (const [value, grant] of grants.refreshGrants) this.refreshGrants.set(value, grant);
  }

  issueAppToken(clientId: string): IssuedToken {
    return this.store({ accessToken: opaqueToken(30), clientId, scopes: [] });
  }

  /** Rotation: the presented refresh token stops working once it has been used. */
  refresh(refreshToken: string, clientId: string): IssuedToken | undefined {
    const grant = this.refreshGrants.get(refreshToken);
    if (!grant || grant.clientId !== clientId) return undefined;
    this.refreshGrants.delete(refreshToken);
    return this.issueUserToken(grant.clientId, grant.userId, grant.scopes);
  }

  /** The live token, or undefined when unknown, revoked or expired. */
  lookup(accessToken: string): IssuedToken | undefined {
    const token = this.tokens.get(accessToken);
    if (!token || token.expiresAt <= this.now()) return undefined;
    return token;
  }

  secondsLeft(token: IssuedToken): number {
    return Math.max(0, Math.ceil((token.expiresAt - this.now()) / 1000));
  }

  /** Revokes an access token (or a refresh token) issued to the client; false when none matched. */
  revoke(tokenValue: string, clientId: string): boolean {
    const token = this.tokens.get(tokenValue);
    if (token && token.clientId === clientId) {
      this.tokens.delete(tokenValue);
      if (token.refreshToken) this.refreshGrants.delete(token.refreshToken);
      if (token.userId !== undefined) this.onGrantsChanged?.();
      return true;
    }
    const grant = this.refreshGrants.get(tokenValue);
    if (grant && grant.clientId === clientId) {
      this.refreshGrants.delete(tokenValue);
      this.onGrantsChanged?.();
      return true;
    }
    return false;
  }

  /**
   * Fault injection: tokens matching the filter expire now (refresh still works) or are
   * revoked. Revoking by user is the user disconnecting the app on Twitch: every refresh
   * token of theirs goes too, so no refresh brings the grant back.
   */
  invalidate(filter: { accessToken?: string; userId?: string }, mode: 'expire' | 'revoke'): number {
    let count = 0;
    if (mode === 'revoke' && filter.userId !== undefined) {
      for (const [value, grant] of [...this.refreshGrants]) {
        if (grant.userId === filter.userId) this.refreshGrants.delete(value);
      }
    }
    for (const token of [...this.tokens.values()]) {
      const matches =
        (filter.accessToken !== undefined && token.accessToken === filter.accessToken) ||
        (filter.userId !== undefined && token.userId === filter.userId);
      if (!matches) continue;
      count++;
      if (mode === 'expire') token.expiresAt = this.now();
      else this.revoke(token.accessToken, token.clientId);
    }
    this.onGrantsChanged?.();
    return count;
  }

  private store(token: Omit<IssuedToken, 'expiresAt'>): IssuedToken {
    const issued: IssuedToken = { ...token, expiresAt: this.now() + this.expiresInSeconds * 1000 };
    this.tokens.set(issued.accessToken, issued);
    return issued;
  }
}
