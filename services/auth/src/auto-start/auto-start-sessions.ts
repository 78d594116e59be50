import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  SESSIONS_REQUESTS,
  sendRequest,
  type SessionActor,
} from '@greetboard/contracts';
import type { KeyValueStore } from '@greetboard/kv';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { AUTH_KV } from '../auth.tokens.js';
import { SettingsService } from '../settings/settings.service.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';

/** Which session auto-start created for a user; kept past any stream's length. */
const sessionKey = (userId: string) => `auto-start:session:${userId}`;
const SESSION_KEY_TTL_MS = 3 * 24 * 60 * 60_000;

/** The spec's default session name (the new-session form's prefill). */
export function autoStartSessionName(username: string): string {
  return `${username} Stream`;
}

/**
 * What auto-start does when a stream goes online or offline, through the sessions service
 * like any client. Going offline stops only the session auto-start created: a session the
 * streamer started by hand stays under their control, and an online stream that found a
 * session already running creates nothing and so stops nothing.
 */
@Injectable()
export class AutoStartSessions {
  private readonly logger = new Logger(AutoStartSessions.name);

  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(AUTH_KV) private readonly kv: KeyValueStore,
    private readonly users: UsersService,
    private readonly settings: SettingsService,
  ) {}

  /** Creates (and so starts) '{username} Stream' unless the owner already has an active session. */
  async streamOnline(userId: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user?.isApproved) return;
    const actor = actorOf(user);
    const sessions = await sendRequest(this.bus, SESSIONS_REQUESTS.listSessions, { actor });
    if (sessions.some((session) => session.userId === userId && session.isActive)) {
      this.logger.log(`User ${userId} went live with a session already active; none created`);
      return;
    }
    const { defaultKeywords } = await this.settings.get(userId);
    const session = await sendRequest(this.bus, SESSIONS_REQUESTS.createSession, {
      actor,
      name: autoStartSessionName(user.username),
      keywords: defaultKeywords,
    });
    await this.kv.set(sessionKey(userId), session.id, { ttlMs: SESSION_KEY_TTL_MS });
    this.logger.log(`User ${userId} went live: started session ${session.id}`);
  }

  /** Stops the session auto-start created for this stream, if it is still there. */
  async streamOffline(userId: string): Promise<void> {
    const sessionId = await this.kv.get(sessionKey(userId));
    if (!sessionId) return;
    const user = await this.users.findById(userId);
    if (user) {
      try {
        await sendRequest(this.bus, SESSIONS_REQUESTS.updateSession, {
          actor: actorOf(user),
          sessionId,
          isActive: false,
        });
        this.logger.log(`User ${userId} went offline: stopped session ${sessionId}`);
      } catch (error) {
        // Deleted meanwhile: nothing left to stop.
        if (!(error instanceof DomainError && error.code === 'SESSION_NOT_FOUND')) throw error;
      }
    }
    await this.kv.delete(sessionKey(userId));
  }
}

function actorOf(user: UserEntity): SessionActor {
  return {
    id: user.id,
    username: user.username,
    isApproved: user.isApproved,
    isAdmin: user.isAdmin,
  };
}
