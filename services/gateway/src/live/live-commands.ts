import { Inject, Injectable } from '@nestjs/common';
import {
  AUTH_REQUESTS,
  CLIENT_MESSAGE_PAYLOADS,
  DomainError,
  fieldsAtFault,
  SESSIONS_REQUESTS,
  sendRequest,
  type ClientMessage,
  type ClientMessageType,
  type ErrorCode,
  type SessionActor,
  type UserDto,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { SessionAccessCache } from '../sessions/session-access-cache.js';
import { CLOSE, MAX_ROOMS, type LiveConnection } from './live-connection.js';
import { LiveHub } from './live-hub.js';
import { LiveLimits } from './live-limits.js';
import { RefusedJoins } from './refused-joins.js';
import { LivePresence } from './presence/live-presence.js';

const isMessageType = (value: unknown): value is ClientMessageType =>
  typeof value === 'string' && Object.hasOwn(CLIENT_MESSAGE_PAYLOADS, value);

/**
 * Parses and validates a client message; undefined (with the reason told to `refusal`) when
 * it is not JSON, not a known type, or its payload fails validation.
 */
export function parseClientMessage(
  text: string,
  refusal: { warn(reason: string): unknown },
): ClientMessage | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    refusal.warn('Dropped a live message that is not JSON');
    return undefined;
  }
  const { type, payload } = (raw ?? {}) as { type?: unknown; payload?: unknown };
  if (!isMessageType(type)) {
    refusal.warn(`Dropped a live message of unknown type ${JSON.stringify(type)?.slice(0, 40)}`);
    return undefined;
  }
  if (payload !== undefined && (typeof payload !== 'object' || payload === null)) {
    refusal.warn(`Dropped a ${type} message whose payload is not an object`);
    return undefined;
  }
  const parsed = CLIENT_MESSAGE_PAYLOADS[type].safeParse(payload ?? {});
  if (!parsed.success) {
    refusal.warn(`Dropped an invalid ${type} message: ${fieldsAtFault(parsed.error).join(', ')}`);
    return undefined;
  }
  return { type, payload: parsed.data } as ClientMessage;
}

/** Carries out what a live socket asks: rooms, and start/stop/keywords through the sessions service. */
/** What an overlay link's socket may send (ADR 0029). */
const OVERLAY_COMMANDS = new Set<ClientMessage['type']>(['auth', 'join_session', 'leave_session']);
/** A join refused with one of these is refused again for a moment without asking (not outages). */
const REFUSAL_CODES = new Set<ErrorCode>(['SESSION_NOT_FOUND', 'FORBIDDEN']);
const SERVER_FAILURES = new Set<ErrorCode>([
  'SERVICE_UNAVAILABLE',
  'SERVICE_TIMEOUT',
  'DATABASE_UNAVAILABLE',
  'TWITCH_UNAVAILABLE',
  'INTERNAL',
]);
const NO_USER_CHECK = new Set<ClientMessage['type']>([
  'auth',
  'leave_session',
  'claim_chatter',
  'release_chatter',
]);

@Injectable()
export class LiveCommands {
  private readonly refusedJoins = new RefusedJoins();

  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    private readonly hub: LiveHub,
    private readonly access: SessionAccessCache,
    private readonly presence: LivePresence,
    private readonly limits: LiveLimits,
  ) {}

  async handle(connection: LiveConnection, message: ClientMessage): Promise<void> {
    let actor = actorOf(connection);
    if (
      message.type === 'join_session' &&
      !this.access.allows(actor, message.payload.sessionId) &&
      this.refusedJoins.has(actor, message.payload.sessionId)
    ) {
      // Refused a moment ago, or the user had many joins refused lately: refused before any
      // bus request, so a flood of joins costs a map lookup each.
      this.limits.refuse(connection, 'not_allowed', `join_session: refused again`);
      return;
    }
    try {
      // Claims act only in rooms joined after that check, and a sign-out closes the socket:
      // no round trip to auth for a message sent every few seconds (ADR 0034).
      if (!NO_USER_CHECK.has(message.type)) {
        // Who the user is now, as REST asks on every request: approval or admin rights may
        // have changed since the socket opened, and a session that ended closes the socket.
        const current = await this.currentUser(connection);
        if (!current) {
          connection.close(CLOSE.signedOut, 'Signed out');
          return;
        }
        connection.user = current;
        actor = actorOf(connection);
      }
      if (connection.access !== 'browser' && !OVERLAY_COMMANDS.has(message.type)) {
        // An overlay link watches; starting, stopping and keywords are the signed-in owner's.
        throw new DomainError('OVERLAY_LINK_REFUSED');
      }
      switch (message.type) {
        case 'auth':
          // The socket is already authenticated by its cookie; a different id is an impostor.
          if (message.payload.userId !== connection.user.id) {
            connection.close(CLOSE.policy, 'User does not match the signed-in session');
          }
          return;
        case 'join_session': {
          const { sessionId } = message.payload;
          if (connection.rooms.has(sessionId)) return;
          if (connection.rooms.size >= MAX_ROOMS) {
            this.limits.refuse(connection, 'room_limit', `more than ${MAX_ROOMS} rooms`);
            return;
          }
          if (!this.access.allows(actor, sessionId)) {
            // Answers only when the actor may see the session (owner or editor).
            try {
              await sendRequest(this.bus, SESSIONS_REQUESTS.chatterListVersion, {
                actor,
                sessionId,
              });
            } catch (error) {
              if (error instanceof DomainError && REFUSAL_CODES.has(error.code))
                this.refusedJoins.add(actor, sessionId);
              throw error;
            }
            this.access.grant(actor, sessionId);
          }
          this.hub.join(connection, sessionId);
          return;
        }
        case 'leave_session': {
          const rooms = message.payload.sessionId
            ? [message.payload.sessionId]
            : [...connection.rooms];
          for (const room of rooms) this.hub.leave(connection, room);
          return;
        }
        case 'start_session':
          await sendRequest(this.bus, SESSIONS_REQUESTS.updateSession, {
            actor,
            sessionId: message.payload.sessionId,
            isActive: true,
            ...(message.payload.keywords
              ? { keywords: JSON.stringify(message.payload.keywords) }
              : {}),
          });
          return;
        case 'stop_session': {
          const sessionId = this.targetSession(connection, message.payload.sessionId);
          if (sessionId) {
            await sendRequest(this.bus, SESSIONS_REQUESTS.updateSession, {
              actor,
              sessionId,
              isActive: false,
            });
          }
          return;
        }
        case 'update_keywords': {
          const sessionId = this.targetSession(connection, message.payload.sessionId);
          if (sessionId) {
            await sendRequest(this.bus, SESSIONS_REQUESTS.updateSession, {
              actor,
              sessionId,
              keywords: JSON.stringify(message.payload.keywords),
            });
          }
          return;
        }
        case 'claim_chatter': {
          const dropped = this.presence.claim(
            connection,
            message.payload.sessionId,
            message.payload.chatterId,
          );
          if (dropped) this.limits.refuse(connection, dropped, 'claim_chatter dropped');
          return;
        }
        case 'release_chatter':
          this.presence.release(connection, message.payload.sessionId);
          return;
      }
    } catch (error) {
      const reason = error instanceof DomainError ? error.code : String(error);
      // Our own failure (a service down or slow) is not the client's: counted, never held
      // against the socket.
      const ours = !(error instanceof DomainError) || SERVER_FAILURES.has(error.code);
      this.limits.refuse(connection, ours ? 'failed' : 'not_allowed', `${message.type}: ${reason}`);
    }
  }

  /** Who the socket's session belongs to now; null once it ended (or a link was revoked). */
  private async currentUser(connection: LiveConnection): Promise<UserDto | null> {
    if (!connection.loginSessionId) return connection.user;
    const { user } = await sendRequest(this.bus, AUTH_REQUESTS.resolveSession, {
      sessionId: connection.loginSessionId,
    });
    return user;
  }

  /** The named session, or the only joined one. */
  private targetSession(
    connection: LiveConnection,
    named: string | null | undefined,
  ): string | undefined {
    if (named) return named;
    if (connection.rooms.size === 1) return [...connection.rooms][0];
    this.limits.refuse(connection, 'no_session', 'a command without a session to apply it to');
    return undefined;
  }
}

/** The socket's user; an overlay link's reaches their own sessions only (ADR 0046). */
function actorOf(connection: LiveConnection): SessionActor {
  const { id, username, isApproved, isAdmin } = connection.user;
  return {
    id,
    username,
    isApproved,
    isAdmin,
    ...(connection.access === 'browser' ? {} : { ownSessionsOnly: true }),
  };
}
