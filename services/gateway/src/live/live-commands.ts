import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AUTH_REQUESTS,
  CLIENT_MESSAGE_PAYLOADS,
  DomainError,
  fieldsAtFault,
  SESSIONS_REQUESTS,
  sendRequest,
  type ClientMessage,
  type ClientMessageType,
  type SessionActor,
  type UserDto,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { SessionAccessCache } from '../sessions/session-access-cache.js';
import { CLOSE, MAX_ROOMS, type LiveConnection } from './live-connection.js';
import { LiveHub } from './live-hub.js';
import { LivePresence } from './presence/live-presence.js';

const isMessageType = (value: unknown): value is ClientMessageType =>
  typeof value === 'string' && Object.hasOwn(CLIENT_MESSAGE_PAYLOADS, value);

/**
 * Parses and validates a client message; undefined (with the reason logged) when it is not
 * JSON, not a known type, or its payload fails validation.
 */
export function parseClientMessage(text: string, logger: Logger): ClientMessage | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    logger.warn('Dropped a live message that is not JSON');
    return undefined;
  }
  const { type, payload } = (raw ?? {}) as { type?: unknown; payload?: unknown };
  if (!isMessageType(type)) {
    logger.warn(`Dropped a live message of unknown type ${JSON.stringify(type)?.slice(0, 40)}`);
    return undefined;
  }
  if (payload !== undefined && (typeof payload !== 'object' || payload === null)) {
    logger.warn(`Dropped a ${type} message whose payload is not an object`);
    return undefined;
  }
  const parsed = CLIENT_MESSAGE_PAYLOADS[type].safeParse(payload ?? {});
  if (!parsed.success) {
    logger.warn(`Dropped an invalid ${type} message: ${fieldsAtFault(parsed.error).join(', ')}`);
    return undefined;
  }
  return { type, payload: parsed.data } as ClientMessage;
}

/** Carries out what a live socket asks: rooms, and start/stop/keywords through the sessions service. */
/** What an overlay link's socket may send (ADR 0029). */
const OVERLAY_COMMANDS = new Set<ClientMessage['type']>(['auth', 'join_session', 'leave_session']);
const NO_USER_CHECK = new Set<ClientMessage['type']>([
  'auth',
  'leave_session',
  'claim_chatter',
  'release_chatter',
]);

@Injectable()
export class LiveCommands {
  private readonly logger = new Logger('live');

  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    private readonly hub: LiveHub,
    private readonly access: SessionAccessCache,
    private readonly presence: LivePresence,
  ) {}

  async handle(connection: LiveConnection, message: ClientMessage): Promise<void> {
    let actor = actorOf(connection);
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
            this.logger.warn(`User ${actor.id} tried to join more than ${MAX_ROOMS} rooms`);
            return;
          }
          if (!this.access.allows(actor, sessionId)) {
            // Answers only when the actor may see the session (owner or editor).
            await sendRequest(this.bus, SESSIONS_REQUESTS.chatterListVersion, { actor, sessionId });
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
        case 'claim_chatter':
          this.presence.claim(connection, message.payload.sessionId, message.payload.chatterId);
          return;
        case 'release_chatter':
          this.presence.release(connection, message.payload.sessionId);
          return;
      }
    } catch (error) {
      const reason = error instanceof DomainError ? error.code : String(error);
      this.logger.warn(`Live ${message.type} from user ${actor.id} refused: ${reason}`);
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
    this.logger.warn(`User ${connection.user.id} sent a command without a session to apply it to`);
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
