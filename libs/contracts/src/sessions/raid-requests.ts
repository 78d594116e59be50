import { ArrayMaxSize, IsArray, IsUUID } from 'class-validator';
import { defineRequest } from '../messaging/definitions.js';
import { SUBJECTS } from '../wire/subjects.js';
import type { RaidDto, RaidGreetResult } from '../entities/entities.js';
import { SessionIdRequest, withActor } from './session-requests.js';

/** More raiders than one undo names: Twitch raids rarely bring more than a few thousand chatters. */
export const MAX_RAIDERS_PER_UNDO = 10_000;

/** `{id}` and `{raidId}` in `/api/sessions/{id}/raids/{raidId}/…`. */
export class RaidParams {
  @IsUUID()
  id: string;

  @IsUUID()
  raidId: string;
}

/** `POST /api/sessions/{id}/raids/{raidId}/ungreet`: the chatters 'greet all raiders' greeted. */
export class UngreetRaidersBody {
  @IsArray()
  @ArrayMaxSize(MAX_RAIDERS_PER_UNDO)
  @IsUUID('all', { each: true })
  chatterIds: string[];
}

export class RaidRequest extends SessionIdRequest {
  @IsUUID()
  raidId: string;
}

export class UngreetRaidersRequest extends withActor(UngreetRaidersBody) {
  @IsUUID()
  sessionId: string;

  @IsUUID()
  raidId: string;
}

/** The raids of a session and greeting their raiders as a group (ADR 0032). */
export const RAID_REQUESTS = {
  listRaids: defineRequest<SessionIdRequest, RaidDto[]>(
    SUBJECTS.sessions.listRaids,
    SessionIdRequest,
  ),
  greetRaiders: defineRequest<RaidRequest, RaidGreetResult>(
    SUBJECTS.sessions.greetRaiders,
    RaidRequest,
  ),
  ungreetRaiders: defineRequest<UngreetRaidersRequest, RaidGreetResult>(
    SUBJECTS.sessions.ungreetRaiders,
    UngreetRaidersRequest,
  ),
};
