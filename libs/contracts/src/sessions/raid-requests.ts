import { ArrayMaxSize, IsArray, IsInt, IsOptional, IsUUID } from 'class-validator';
import { defineRequest } from '../messaging/definitions.js';
import { SUBJECTS } from '../wire/subjects.js';
import type { ChatterDto, RaidDto, RaidGreetResult } from '../entities/entities.js';
import { ActorRequest, SessionIdRequest, withActor } from './session-requests.js';
import type { RaidSettingsDto } from './raid-window.js';

/** More raiders than one undo names: Twitch raids rarely bring more than a few thousand chatters. */
export const MAX_RAIDERS_PER_UNDO = 10_000;

/** `PUT /api/settings/raids`; a whole number out of bounds is RAID_WINDOW_OUT_OF_RANGE. */
export class RaidSettingsBody {
  @IsInt()
  windowSeconds: number;
}

export class UpdateRaidSettingsRequest extends withActor(RaidSettingsBody) {}

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

/**
 * `POST /api/sessions/{id}/raids/{raidId}/greet`: the raiders shown to the greeter (ADR 0053).
 * Without it, every ungreeted raider of the raid (ADR 0032's route, kept).
 */
export class GreetRaidersBody {
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_RAIDERS_PER_UNDO)
  @IsUUID('all', { each: true })
  chatterIds?: string[];
}

export class GreetRaidersRequest extends withActor(GreetRaidersBody) {
  @IsUUID()
  sessionId: string;

  @IsUUID()
  raidId: string;
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

/** The raids of a session and greeting their raiders as a group (ADR 0032, 0053). */
export const RAID_REQUESTS = {
  listRaids: defineRequest<SessionIdRequest, RaidDto[]>(
    SUBJECTS.sessions.listRaids,
    SessionIdRequest,
  ),
  greetRaiders: defineRequest<GreetRaidersRequest, RaidGreetResult>(
    SUBJECTS.sessions.greetRaiders,
    GreetRaidersRequest,
  ),
  /** The raid's raiders not greeted yet, first seen first: what 'greet all raiders' shows. */
  listPendingRaiders: defineRequest<RaidRequest, ChatterDto[]>(
    SUBJECTS.sessions.listPendingRaiders,
    RaidRequest,
  ),
  getRaidSettings: defineRequest<ActorRequest, RaidSettingsDto>(
    SUBJECTS.sessions.getRaidSettings,
    ActorRequest,
  ),
  updateRaidSettings: defineRequest<UpdateRaidSettingsRequest, RaidSettingsDto>(
    SUBJECTS.sessions.updateRaidSettings,
    UpdateRaidSettingsRequest,
  ),
  ungreetRaiders: defineRequest<UngreetRaidersRequest, RaidGreetResult>(
    SUBJECTS.sessions.ungreetRaiders,
    UngreetRaidersRequest,
  ),
};
