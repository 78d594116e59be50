import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  emitEvent,
  LIVE_EVENTS,
  type ChatterDto,
  type LiveChatterMessages,
  type LiveChattersEvent,
  type LiveSessionMessages,
  type ServerMessage,
  type ServerMessagePayloads,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
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

  /** Publishes chatter events as `chatterTextsChanged` does, writing each chatter's JSON here. */
  async chattersChanged(events: LiveChattersEvent[]): Promise<void> {
    await this.chatterTextsChanged(events.map(asTexts));
  }

  /**
   * Publishes the chat pipeline's events (ADR 0060): every chatter of the events, in every
   * session, as the spec's own `new_chatter` or `chatter_update` message around the chatter's
   * JSON as given (ADR 0063), in as few bus messages as fit (one for nearly every batch). The
   * gateways write the messages to the sockets that may see each session without parsing them.
   */
  async chatterTextsChanged(events: LiveChatterTexts[]): Promise<void> {
    if (events.length === 0) return;
    try {
      await Promise.all(
        packToFit(events).map((packed) => emitEvent(this.bus, LIVE_EVENTS.chatterMessages, packed)),
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

/** A chatter for the live channel as its `ChatterDto` in JSON, forwarded without parsing. */
export interface ChatterText {
  id: string;
  json: string;
}

/** A `LiveChattersEvent` whose chatters are JSON text. */
export interface LiveChatterTexts extends Omit<LiveChattersEvent, 'created' | 'updated'> {
  created: ChatterText[];
  updated: ChatterText[];
}

/** The event with each chatter written as JSON. */
export function asTexts(event: LiveChattersEvent): LiveChatterTexts {
  const text = (chatter: ChatterDto) => ({ id: chatter.id, json: JSON.stringify(chatter) });
  return { ...event, created: event.created.map(text), updated: event.updated.map(text) };
}

/**
 * Bytes one bus message of chatter messages takes at most, under NATS's 1 MB default payload
 * limit. Counted with an upper bound (`escapedBytesAtMost`), about twice the real size of
 * ordinary messages, so a batch of 500 chat lines (about 350 KB) is one bus message.
 */
export const MESSAGES_BYTES = 896 * 1024;
/** What a session adds to the bus message beside its messages (ids, keys), rounded up. */
const SESSION_BYTES = 256;
/** A line time in the bus message, rounded up. */
const LINE_TIME_BYTES = 16;

/**
 * The events' chatters as `LiveChatterMessages` of at most MESSAGES_BYTES of messages each,
 * in order: sessions one after another, each session's new chatters before its changed ones.
 * A session whose messages do not fit in what is left of one is continued in the next, and
 * its parts carry no list version (no part alone is the committed version).
 */
export function packToFit(events: LiveChatterTexts[]): LiveChatterMessages[] {
  const packs: LiveChatterMessages[] = [];
  let pack: LiveSessionMessages[] = [];
  /** Bytes of the bus message being packed. */
  let bytes = 0;
  for (const event of events) {
    const lines = messageLines(event);
    if (lines.length === 0) continue;
    // Where the session's lines break: each part goes in its own bus message, the first in
    // the one being packed.
    const parts: { lines: MessageLine[]; nextPack: boolean }[] = [];
    let part: { lines: MessageLine[]; nextPack: boolean } = { lines: [], nextPack: false };
    bytes += SESSION_BYTES;
    for (const line of lines) {
      const size = line.bytes + LINE_TIME_BYTES;
      if (bytes + size > MESSAGES_BYTES && bytes > SESSION_BYTES) {
        if (part.lines.length > 0) parts.push(part);
        part = { lines: [], nextPack: true };
        bytes = SESSION_BYTES;
      }
      part.lines.push(line);
      bytes += size;
    }
    parts.push(part);
    for (const { lines: own, nextPack } of parts) {
      if (nextPack && pack.length > 0) {
        packs.push({ sessions: pack });
        pack = [];
      }
      pack.push({
        sessionId: event.sessionId,
        userIds: event.userIds,
        messages: own.map((line) => line.text).join('\n'),
        linesSentAt: own.map((line) => line.sentAt),
        ...(parts.length === 1 && event.listVersion !== undefined
          ? { listVersion: event.listVersion }
          : {}),
      });
    }
  }
  if (pack.length > 0) packs.push({ sessions: pack });
  return packs;
}

interface MessageLine {
  text: string;
  sentAt: number;
  bytes: number;
}

/** The event's chatters as message lines: new chatters first, each with its line time. */
function messageLines(event: LiveChatterTexts): MessageLine[] {
  const sentAt = event.linesSentAt ?? {};
  const lines: MessageLine[] = [];
  const add = (prefix: string, chatter: ChatterText) => {
    // The spec's message, `{ type, payload }`, with the chatter's JSON as its payload. Its
    // size is counted from the parts (the prefix is ASCII): measuring the joined text would
    // copy it into one piece first, and the session's text copies it once anyway.
    const text = prefix + chatter.json + '}';
    const bytes = escapedBytesAtMost(prefix.length + Buffer.byteLength(chatter.json) + 1);
    lines.push({ text, sentAt: sentAt[chatter.id] ?? -1, bytes });
  };
  for (const chatter of event.created) add(NEW_CHATTER_PREFIX, chatter);
  for (const chatter of event.updated) add(CHATTER_UPDATE_PREFIX, chatter);
  return lines;
}

const NEW_CHATTER_PREFIX = '{"type":"new_chatter","payload":';
const CHATTER_UPDATE_PREFIX = '{"type":"chatter_update","payload":';

/**
 * At least the bytes a message line of `utf8Bytes` takes inside the bus message's JSON, with
 * the line break after it: escaping there turns a byte into two at most (a quote or a
 * backslash; the line, written by `JSON.stringify`, holds no raw control characters).
 */
function escapedBytesAtMost(utf8Bytes: number): number {
  return 2 * utf8Bytes + 2;
}
