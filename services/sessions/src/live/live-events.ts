import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  emitEvent,
  LIVE_EVENTS,
  type ChatterDto,
  type LiveChattersEvent,
  type ServerMessage,
  type ServerMessagePayloads,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { jsonBytesAtMost } from '../chatters/chatter-rows.js';
import { EditorsRepository } from '../editors/editors.repository.js';

type SessionEventType = Exclude<ServerMessage['type'], 'user_approved' | 'user_rejected'>;

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
    /** For a chatter change: the list version it committed (see LiveEventEnvelope). */
    listVersion?: string,
  ): Promise<void> {
    try {
      const editors = await this.editors.editorIdsOf([ownerId]);
      await emitEvent(this.bus, LIVE_EVENTS.relay, {
        userIds: [ownerId, ...(editors.get(ownerId) ?? [])],
        sessionId,
        type,
        payload,
        ...(listVersion === undefined ? {} : { listVersion }),
      });
    } catch (error) {
      this.logger.error(`Could not publish live event ${type}: ${String(error)}`);
    }
  }

  /**
   * Publishes the chat pipeline's events: one per session of a batch of chat lines, carrying
   * every chatter the batch created or changed there (split only when it would not fit one
   * bus message). The gateways turn each chatter into the spec's `new_chatter` or
   * `chatter_update` for the sockets that may see it.
   */
  async chattersChanged(events: LiveChattersEvent[]): Promise<void> {
    if (events.length === 0) return;
    try {
      await Promise.all(
        events.flatMap(splitToFit).map((event) => emitEvent(this.bus, LIVE_EVENTS.chatters, event)),
      );
    } catch (error) {
      this.logger.error(
        `Could not publish chatters of ${events.length} sessions: ${String(error)}`,
      );
    }
  }

  /**
   * Chatters changed together (a raid's raiders greeted at once, ADR 0032), as one event of
   * the chat pipeline's kind: the gateways send each as a `chatter_update`.
   */
  async chattersUpdated(
    ownerId: string,
    sessionId: string,
    chatters: ChatterDto[],
    listVersion: string | undefined,
  ): Promise<void> {
    if (chatters.length === 0) return;
    try {
      const editors = await this.editors.editorIdsOf([ownerId]);
      const userIds = [ownerId, ...(editors.get(ownerId) ?? [])];
      await this.chattersChanged([
        { sessionId, userIds, created: [], updated: chatters, listVersion },
      ]);
    } catch (error) {
      this.logger.error(`Could not publish ${chatters.length} greeted raiders: ${String(error)}`);
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

/**
 * Bytes of chatters one bus message carries at most, well under NATS's 1 MB default payload
 * limit. A batch of 500 chat lines is about 250 KB of chatters; long first messages in
 * characters outside ASCII can make it more.
 */
const CHATTERS_BYTES = 512 * 1024;

/** The event as it is, or in parts of at most CHATTERS_BYTES of chatters each. */
export function splitToFit(event: LiveChattersEvent): LiveChattersEvent[] {
  // Nearly every event fits, which an upper bound of its size tells without serialising it
  // (it is serialised once, when published); only a large one is measured exactly.
  let bound = 0;
  for (const chatter of event.created) bound += jsonBytesAtMost(chatter);
  for (const chatter of event.updated) bound += jsonBytesAtMost(chatter);
  if (bound <= CHATTERS_BYTES) return [event];
  if (Buffer.byteLength(JSON.stringify([event.created, event.updated])) <= CHATTERS_BYTES)
    return [event];
  const parts: LiveChattersEvent[] = [];
  let part: LiveChattersEvent = { ...event, created: [], updated: [] };
  let bytes = 0;
  const add = (list: 'created' | 'updated', chatter: LiveChattersEvent['created'][number]) => {
    const size = Buffer.byteLength(JSON.stringify(chatter));
    if (bytes + size > CHATTERS_BYTES && bytes > 0) {
      parts.push(part);
      part = { ...event, created: [], updated: [] };
      bytes = 0;
    }
    part[list].push(chatter);
    bytes += size;
  };
  for (const chatter of event.created) add('created', chatter);
  for (const chatter of event.updated) add('updated', chatter);
  parts.push(part);
  if (parts.length === 1) return parts;
  // No part alone is the committed version, so none carries it.
  return parts.map(({ listVersion: _whole, linesSentAt, ...rest }) => {
    if (!linesSentAt) return rest;
    // Each part carries the line times of its own chatters only.
    const own = [...rest.created, ...rest.updated].filter((chatter) => chatter.id in linesSentAt);
    return {
      ...rest,
      linesSentAt: Object.fromEntries(own.map((chatter) => [chatter.id, linesSentAt[chatter.id]])),
    };
  });
}
