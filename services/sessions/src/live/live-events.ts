import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  emitEvent,
  LIVE_EVENTS,
  type ServerMessage,
  type ServerMessagePayloads,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { EditorsRepository } from '../editors/editors.repository.js';

type SessionEventType = Exclude<ServerMessage['type'], 'user_approved' | 'user_rejected'>;

export interface SessionEvent<K extends SessionEventType = SessionEventType> {
  ownerId: string;
  sessionId: string;
  type: K;
  payload: ServerMessagePayloads[K];
}

/**
 * Publishes live-channel events after a change has committed. They go over the bus so that
 * every gateway replica relays them to its sockets of the owner, the owner's editors and the
 * session's room. A failed publish is logged, never turned into a failed request: the change
 * is already stored and clients reload lists on reconnect.
 */
@Injectable()
export class LiveEvents {
  private readonly logger = new Logger(LiveEvents.name);

  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    private readonly editors: EditorsRepository,
  ) {}

  async toSession<K extends SessionEventType>(
    ownerId: string,
    sessionId: string,
    type: K,
    payload: ServerMessagePayloads[K],
  ): Promise<void> {
    await this.toSessions([{ ownerId, sessionId, type, payload }]);
  }

  /**
   * Publishes many events, looking up the owners' editors once for the whole batch (the chat
   * pipeline sends one event per chatter touched by a batch of lines).
   */
  async toSessions(events: SessionEvent[]): Promise<void> {
    if (events.length === 0) return;
    try {
      const editors = await this.editors.editorIdsOf([
        ...new Set(events.map((event) => event.ownerId)),
      ]);
      await Promise.all(
        events.map(({ ownerId, sessionId, type, payload }) =>
          emitEvent(this.bus, LIVE_EVENTS.relay, {
            userIds: [ownerId, ...(editors.get(ownerId) ?? [])],
            sessionId,
            type,
            payload,
          }),
        ),
      );
    } catch (error) {
      this.logger.error(`Could not publish ${events.length} live events: ${String(error)}`);
    }
  }

  /**
   * Tells one user that sessions left their view (no room: the sessions themselves go on for
   * everyone else). An editor removed from an owner gets `session_deleted` for each of the
   * owner's sessions, so their open pages drop them at once.
   */
  async sessionsGoneFor(userId: string, sessions: { id: string; name: string }[]): Promise<void> {
    try {
      await Promise.all(
        sessions.map((session) =>
          emitEvent(this.bus, LIVE_EVENTS.relay, {
            userIds: [userId],
            type: 'session_deleted',
            payload: { id: session.id, name: session.name },
          }),
        ),
      );
    } catch (error) {
      this.logger.error(`Could not tell user ${userId} about lost sessions: ${String(error)}`);
    }
  }
}
