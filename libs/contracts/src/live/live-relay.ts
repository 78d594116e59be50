import { IsArray, IsIn, IsObject, IsOptional, IsUUID } from 'class-validator';
import { defineEvent } from '../messaging/definitions.js';
import { SUBJECTS } from '../wire/subjects.js';
import { SERVER_MESSAGE_TYPES, type ServerMessage } from '../wire/live-messages.js';

/**
 * A live-channel message on its way to browsers. A service emits it on the bus; every
 * gateway replica receives it (no queue group) and writes it to its own sockets whose user
 * is in `userIds` or who joined the room of `sessionId`.
 */
export class LiveEventEnvelope {
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
}

export const LIVE_EVENTS = {
  relay: defineEvent<LiveEventEnvelope>(SUBJECTS.live.relay, LiveEventEnvelope),
} as const;
