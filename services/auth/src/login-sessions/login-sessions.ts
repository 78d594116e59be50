import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type {
  LoginAccess,
  LoginSessionDto,
  LoginSessionEndReason,
  OverlayAccess,
  OverlayLinkDto,
  OverlayLinkLook,
  OverlayLook,
} from '@greetboard/contracts';
import type { KeyValueStore } from '@greetboard/kv';
import { AUTH_CONFIG, AUTH_KV } from '../auth.tokens.js';
import type { AuthConfig } from '../config.js';
import { LoginSessionsRepository, type StoredOverlayLink } from './login-sessions.repository.js';
import { summariseUserAgent } from './user-agent.js';

/** An overlay link never ends by time: it ends when revoked or rotated. */
const NEVER_MS = Number.MAX_SAFE_INTEGER;

export interface ResolvedLoginSession {
  userId: string;
  access: LoginAccess;
  /** An overlay link's look (ADR 0056). */
  overlayLook?: OverlayLinkLook;
}

/** A stored link as the settings page lists it. */
function toOverlayLinkDto(row: StoredOverlayLink): OverlayLinkDto {
  return {
    id: row.id_hash,
    access: row.kind === 'overlay-greet' ? 'greet' : 'read',
    createdAt: new Date(Number(row.created_at_ms)).toISOString(),
    look: row.overlay_look,
    animate: row.overlay_animate,
  };
}

export interface NewOverlayLink extends OverlayLinkDto {
  token: string;
  /** The hashes of the links of this access it replaced (their sockets close). */
  replaced: string[];
}

/** Idle sessions are re-armed at most this often, so a busy user does not write on every call. */
const TOUCH_INTERVAL_MS = 60_000;

export interface NewLoginSession {
  sessionId: string;
  expiresAt: Date;
  /** The hashes of the user's oldest sessions this one ended (over the cap; ADR 0046). */
  ended: string[];
}

/** Where a browser signs in from, as the gateway saw it. */
export interface SignInOrigin {
  userAgent?: string;
  ipAddress?: string;
}

/**
 * Server-side login sessions in auth's schema (ADR 0024), with an idle and an absolute
 * lifetime: PostgreSQL in cluster mode, the embedded database in standalone, so a restart
 * signs no browser or overlay out.
 *
 * A session is keyed by the SHA-256 of its id, so a dump of the table holds nothing a
 * browser could present. Times are milliseconds written by this process, not the database's
 * clock, so every replica and the tests agree on them.
 */
@Injectable()
export class LoginSessions {
  constructor(
    private readonly sessions: LoginSessionsRepository,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    @Inject(AUTH_KV) private readonly kv: KeyValueStore,
  ) {}

  /**
   * A new browser session for the user; past `loginSessionsPerUser` their oldest ends, so
   * sign-ins from everywhere cannot pile up live credentials (ADR 0046).
   */
  async begin(userId: string, origin: SignInOrigin = {}): Promise<NewLoginSession> {
    const sessionId = randomBytes(32).toString('base64url');
    const now = Date.now();
    const expiresAt = now + this.config.sessionAbsoluteTtlSeconds * 1000;
    // Ended-by-time sessions are removed here, so the table does not grow without bound.
    await this.sessions.removeEnded(now);
    const ended = await this.sessions.addBrowserSession({
      idHash: hashOf(sessionId),
      userId,
      now,
      expiresAt,
      idleExpiresAt: this.idleExpiry(now, expiresAt),
      userAgent: origin.userAgent?.slice(0, 512) ?? null,
      ipAddress: origin.ipAddress?.slice(0, 64) ?? null,
      keep: this.config.loginSessionsPerUser,
    });
    return { sessionId, expiresAt: new Date(expiresAt), ended };
  }

  /** The browser sessions of the user `sessionId` belongs to, marking that one `current`. */
  async listOfUser(sessionId: string): Promise<LoginSessionDto[] | null> {
    const userId = await this.resolve(sessionId);
    if (!userId) return null;
    const currentHash = hashOf(sessionId);
    const rows = await this.sessions.browserSessions(userId, Date.now());
    return rows.map((row) => ({
      id: row.public_id,
      ...summariseUserAgent(row.user_agent),
      ipAddress: row.ip_address,
      createdAt: new Date(Number(row.created_at_ms)).toISOString(),
      lastUsedAt: new Date(Number(row.touched_at_ms)).toISOString(),
      current: row.id_hash === currentHash,
    }));
  }

  /**
   * Ends the browser session `publicId` of the user `sessionId` belongs to; answers its hash
   * and whether it was that very session, or null when the user has no such session.
   */
  async endOneOfUser(
    sessionId: string,
    publicId: string,
  ): Promise<{ userId: string; hash: string; current: boolean } | null> {
    const userId = await this.resolve(sessionId);
    if (!userId) return null;
    const hash = await this.sessions.endBrowserSession(userId, publicId);
    return hash ? { userId, hash, current: hash === hashOf(sessionId) } : null;
  }

  /** The user id of a live session, re-arming its idle lifetime; null when it ended. */
  async resolve(sessionId: string): Promise<string | null> {
    return (await this.resolveWithAccess(sessionId))?.userId ?? null;
  }

  /** The user of a live session and what it may do (a browser, or an overlay link). */
  async resolveWithAccess(sessionId: string): Promise<ResolvedLoginSession | null> {
    const session = await this.sessions.find(hashOf(sessionId));
    if (!session) return null;
    if (session.kind !== 'browser') {
      const overlayLook = { look: session.overlay_look, animate: session.overlay_animate };
      return { userId: session.user_id, access: session.kind, overlayLook };
    }
    const now = Date.now();
    const expiresAt = Number(session.expires_at_ms);
    if (expiresAt <= now || Number(session.idle_expires_at_ms) <= now) {
      await this.sessions.end(hashOf(sessionId));
      return null;
    }
    if (now - Number(session.touched_at_ms) >= TOUCH_INTERVAL_MS) {
      await this.sessions.touch(hashOf(sessionId), now, this.idleExpiry(now, expiresAt));
    }
    return { userId: session.user_id, access: 'browser' };
  }

  /**
   * A new overlay link of `access` for the user, replacing the one they had (rotation): the
   * token is answered this once and stored only as its hash.
   */
  async createOverlayLink(userId: string, access: OverlayAccess): Promise<NewOverlayLink> {
    const token = randomBytes(32).toString('base64url');
    const kind: LoginAccess = `overlay-${access}`;
    const now = Date.now();
    const replaced = await this.sessions.replaceOverlayLink(
      userId,
      kind,
      hashOf(token),
      now,
      NEVER_MS,
    );
    const link = (await this.sessions.overlayLinks(userId)).find((row) => row.kind === kind);
    const look = link
      ? { look: link.overlay_look, animate: link.overlay_animate }
      : { look: 'dock' as const, animate: false };
    return {
      id: hashOf(token),
      access,
      createdAt: new Date(now).toISOString(),
      ...look,
      token,
      replaced,
    };
  }

  async overlayLinks(userId: string): Promise<OverlayLinkDto[]> {
    return (await this.sessions.overlayLinks(userId)).map(toOverlayLinkDto);
  }

  /** Changes the look of the user's overlay link `id` (its hash); null when they have none. */
  async updateOverlayLink(
    userId: string,
    id: string,
    change: { look?: OverlayLook; animate?: boolean },
  ): Promise<OverlayLinkDto | null> {
    const row = await this.sessions.updateOverlayLink(userId, id, change);
    return row ? toOverlayLinkDto(row) : null;
  }

  /** Ends the user's overlay link `id` (its hash); false when they have no such link. */
  revokeOverlayLink(userId: string, id: string): Promise<boolean> {
    return this.sessions.revokeOverlayLink(userId, id);
  }

  /** Ends one session; answers whose it was, or null when there was none. */
  end(sessionId: string): Promise<string | null> {
    return this.sessions.end(hashOf(sessionId));
  }

  /**
   * Ends every session of the user at once (rejection, deletion, an admin's force logout).
   * Logging out everywhere ends every browser's and keeps the overlay links, which the
   * streamer revokes in settings.
   */
  async endAllFor(userId: string, options: { keepOverlayLinks?: boolean } = {}): Promise<void> {
    await this.sessions.endAllFor(userId, options.keepOverlayLinks ?? false);
  }

  /**
   * Ends every browser session of a user whose Twitch grant Twitch no longer honours (ADR
   * 0044), remembering why by the hash of each, so the browser that presents one next learns
   * the reason. Overlay links keep working: they read Greetboard's data, not Twitch's, and the
   * streamer revokes them in settings. Answers the hashes of the sessions it ended.
   */
  async endForRevokedGrant(userId: string): Promise<string[]> {
    const ended = await this.sessions.endBrowsersOf(userId);
    const ttlMs = this.config.sessionAbsoluteTtlSeconds * 1000;
    await Promise.all(
      ended.map((hash) => this.kv.set(endReasonKey(hash), 'twitch-revoked', { ttlMs })),
    );
    return ended;
  }

  /** Why the session `sessionId` was ended by Greetboard, when it was and that is remembered. */
  async endReasonOf(sessionId: string): Promise<LoginSessionEndReason | null> {
    const reason = await this.kv.get(endReasonKey(hashOf(sessionId)));
    return reason === 'twitch-revoked' ? reason : null;
  }

  private idleExpiry(now: number, expiresAt: number): number {
    return Math.min(now + this.config.sessionIdleTtlSeconds * 1000, expiresAt);
  }
}

function endReasonKey(hash: string): string {
  return `login-session-ended:${hash}`;
}

function hashOf(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url');
}
