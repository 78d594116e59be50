import {
  IsArray,
  IsIn,
  IsInt,
  IsNumberString,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Min,
} from 'class-validator';
import { defineEvent } from '../messaging/definitions.js';
import { SUBJECTS } from '../wire/subjects.js';
import type { ChatterDto } from '../entities/entities.js';
import type { ServerMessage } from '../wire/live-messages.js';
import { SERVER_MESSAGE_TYPES } from './live-messages.js';

/**
 * A live-channel message on its way to browsers. A service emits it on the bus; every
 * gateway replica receives it (no queue group) and writes it to its own sockets whose user
 * is in `userIds` or who joined the room of `sessionId`.
 */
export class LiveEventEnvelope {
  /** With a `sessionId`: the session's owner first, then the owner's editors. */
  @IsOptional()
  @IsArray()
  @IsUUID('all', { each: true })
  userIds?: string[];

  @IsOptional()
  @IsUUID()
  sessionId?: string;

  @IsIn(SERVER_MESSAGE_TYPES)
  type: ServerMessage['type'];

  @IsObject()
  payload: ServerMessage['payload'];

  /**
   * For a chatter change: the session's chatter-list version its transaction committed (one
   * more than the version before it). Gateways keep their chatter-list copies current with it.
   */
  @IsOptional()
  @IsNumberString({ no_symbols: true })
  listVersion?: string;
}

/**
 * The chatters one batch of chat lines created (`new_chatter`) or changed (`chatter_update`)
 * in one session: the chat pipeline's single live event per session and batch. Every gateway
 * replica receives it and sends each chatter as the spec's own message to the sockets of
 * `userIds` (the owner first, then the owner's editors when the batch committed) and of the session's
 * room, as it does a `LiveEventEnvelope`. Gateways check it with `isLiveChattersEvent` (the
 * hot path skips class-validator); the decorators document the same shape.
 */
export class LiveChattersEvent {
  @IsUUID()
  sessionId: string;

  @IsArray()
  @IsUUID('all', { each: true })
  userIds: string[];

  @IsArray()
  @IsObject({ each: true })
  created: ChatterDto[];

  @IsArray()
  @IsObject({ each: true })
  updated: ChatterDto[];

  /**
   * The session's chatter-list version the batch committed (one more than before it). Absent
   * on the parts of an event split to fit the bus: each part alone is not that version.
   */
  @IsOptional()
  @IsNumberString({ no_symbols: true })
  listVersion?: string;

  /**
   * By chatter id, the Twitch time (`tmi-sent-ts`, epoch ms) of the newest chat line behind
   * that chatter's change; only for changes chat lines made. Gateways measure the time from
   * it to the sockets (`greetboard_chat_line_to_socket_seconds`); browsers never see it.
   */
  @IsOptional()
  @IsObject()
  linesSentAt?: Record<string, number>;
}

/** Epoch milliseconds by chatter id, as `linesSentAt` carries them. */
const isSentAtMap = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((sentAt) => Number.isFinite(sentAt) && (sentAt as number) >= 0);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** A list version as the sessions service writes it: a bigint in decimal. */
export const isListVersion = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{1,19}$/.test(value);

/** A chatter the browser can key on: a string id and the batch's own session. */
const isChatterOf = (sessionId: string, value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ChatterDto).id === 'string' &&
  (value as ChatterDto).sessionId === sessionId;

/**
 * Whether `value` is a `LiveChattersEvent`: a session id, the user ids allowed to see it, and
 * chatters that all belong to that session (what the browser's `parseServerMessage` requires
 * of `new_chatter` and `chatter_update`).
 */
export function isLiveChattersEvent(value: unknown): value is LiveChattersEvent {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  const { sessionId, userIds, created, updated, listVersion, linesSentAt } = event;
  return (
    isUuid(sessionId) &&
    (listVersion === undefined || isListVersion(listVersion)) &&
    (linesSentAt === undefined || isSentAtMap(linesSentAt)) &&
    Array.isArray(userIds) &&
    userIds.every(isUuid) &&
    Array.isArray(created) &&
    created.every((chatter) => isChatterOf(sessionId, chatter)) &&
    Array.isArray(updated) &&
    updated.every((chatter) => isChatterOf(sessionId, chatter))
  );
}

/**
 * One session's part of a `LiveChatterMessages` event: its chatters as the spec's own
 * `new_chatter` and `chatter_update` messages, serialised once by the sessions service (ADR
 * 0060), for the sockets of `userIds` (the owner first, then the owner's editors) and of the
 * session's room.
 */
export class LiveSessionMessages {
  @IsUUID()
  sessionId: string;

  @IsArray()
  @IsUUID('all', { each: true })
  userIds: string[];

  /**
   * The messages as browsers receive them, one JSON text a line (JSON text never holds a raw
   * line break), new chatters first. Gateways write them without parsing them.
   */
  @IsString()
  messages: string;

  /**
   * Per message, in order: the Twitch time (`tmi-sent-ts`, epoch ms) of the newest chat line
   * behind it, or -1 where no chat line made the change. Gateways measure the time from it to
   * the sockets (`greetboard_chat_line_to_socket_seconds`); browsers never see it.
   */
  @IsArray()
  @IsInt({ each: true })
  @Min(-1, { each: true })
  linesSentAt: number[];

  /**
   * The session's chatter-list version the batch committed, as on `LiveChattersEvent`; absent
   * on the parts of a session's messages split over several events.
   */
  @IsOptional()
  @IsNumberString({ no_symbols: true })
  listVersion?: string;
}

/**
 * The chat pipeline's live event (ADR 0060): every chatter one batch of chat lines (or one
 * round of a job) created or changed, in every session it touched, in one bus message. Every
 * gateway replica receives it; gateways check it with `isLiveChatterMessages` (the hot path
 * skips class-validator, the decorators document the same shape) and each message line with
 * `chatterMessageLines`.
 */
export class LiveChatterMessages {
  @IsArray()
  @IsObject({ each: true })
  sessions: LiveSessionMessages[];
}

/** How each line of `LiveSessionMessages.messages` starts. */
const CHATTER_MESSAGE_STARTS = [
  '{"type":"new_chatter","payload":{',
  '{"type":"chatter_update","payload":{',
];

/**
 * The message lines of `LiveSessionMessages.messages`, or undefined unless every line starts
 * as a chatter message does. The lines are not parsed: the sessions service wrote each with
 * `JSON.stringify({ type, payload })`.
 */
export function chatterMessageLines(messages: string): string[] | undefined {
  if (messages === '') return [];
  const lines = messages.split('\n');
  return lines.every((line) => CHATTER_MESSAGE_STARTS.some((start) => line.startsWith(start)))
    ? lines
    : undefined;
}

const isLineTime = (value: unknown): boolean =>
  Number.isSafeInteger(value) && (value as number) >= -1;

/** Whether `value` is one session's part of a `LiveChatterMessages` event (lines unchecked). */
function isLiveSessionMessages(value: unknown): value is LiveSessionMessages {
  if (typeof value !== 'object' || value === null) return false;
  const { sessionId, userIds, messages, linesSentAt, listVersion } = value as Record<
    string,
    unknown
  >;
  return (
    isUuid(sessionId) &&
    (listVersion === undefined || isListVersion(listVersion)) &&
    Array.isArray(userIds) &&
    userIds.every(isUuid) &&
    typeof messages === 'string' &&
    Array.isArray(linesSentAt) &&
    linesSentAt.every(isLineTime)
  );
}

/**
 * Whether `value` is a `LiveChatterMessages` event: sessions by UUID, the user ids allowed to
 * see each, a text of messages and a line time for each. Whether each message line is one of
 * the two chatter messages, and has its line time, `chatterMessageLines` tells the gateway.
 */
export function isLiveChatterMessages(value: unknown): value is LiveChatterMessages {
  if (typeof value !== 'object' || value === null) return false;
  const { sessions } = value as Record<string, unknown>;
  return Array.isArray(sessions) && sessions.every(isLiveSessionMessages);
}

export const LIVE_EVENTS = {
  relay: defineEvent<LiveEventEnvelope>(SUBJECTS.live.relay, LiveEventEnvelope),
  /**
   * The chat pipeline's event before ADR 0060. Gateways of this release still relay it from
   * sessions replicas of the previous one during a rolling upgrade; nothing of this release
   * sends it.
   */
  chatters: defineEvent<LiveChattersEvent>(SUBJECTS.live.chatters, LiveChattersEvent),
  chatterMessages: defineEvent<LiveChatterMessages>(
    SUBJECTS.live.chatterMessages,
    LiveChatterMessages,
  ),
} as const;
