import { IsArray, IsIn, IsNumberString, IsObject, IsOptional, IsUUID } from 'class-validator';
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

export const LIVE_EVENTS = {
  relay: defineEvent<LiveEventEnvelope>(SUBJECTS.live.relay, LiveEventEnvelope),
  chatters: defineEvent<LiveChattersEvent>(SUBJECTS.live.chatters, LiveChattersEvent),
} as const;
