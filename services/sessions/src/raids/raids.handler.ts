import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  ActorRequest,
  GreetRaidersRequest,
  RAID_REQUESTS,
  RaidRequest,
  SessionIdRequest,
  UngreetRaidersRequest,
  UpdateRaidSettingsRequest,
  type ChatterDto,
  type RaidDto,
  type RaidGreetResult,
  type RaidSettingsDto,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { RaidsService } from './raids.service.js';

@Controller()
export class RaidsHandler {
  constructor(private readonly raids: RaidsService) {}

  @OnRequest(RAID_REQUESTS.listRaids)
  list(@Payload() request: SessionIdRequest): Promise<RaidDto[]> {
    return this.raids.list(request.actor, request.sessionId);
  }

  @OnRequest(RAID_REQUESTS.greetRaiders)
  greetAll(@Payload() request: GreetRaidersRequest): Promise<RaidGreetResult> {
    const { actor, sessionId, raidId, chatterIds } = request;
    return this.raids.greetAll(actor, sessionId, raidId, chatterIds);
  }

  @OnRequest(RAID_REQUESTS.listPendingRaiders)
  pending(@Payload() request: RaidRequest): Promise<ChatterDto[]> {
    return this.raids.pendingRaiders(request.actor, request.sessionId, request.raidId);
  }

  @OnRequest(RAID_REQUESTS.getRaidSettings)
  settings(@Payload() request: ActorRequest): Promise<RaidSettingsDto> {
    return this.raids.settings(request.actor);
  }

  @OnRequest(RAID_REQUESTS.updateRaidSettings)
  updateSettings(@Payload() request: UpdateRaidSettingsRequest): Promise<RaidSettingsDto> {
    return this.raids.updateSettings(request.actor, request.windowSeconds);
  }

  @OnRequest(RAID_REQUESTS.ungreetRaiders)
  ungreet(@Payload() request: UngreetRaidersRequest): Promise<RaidGreetResult> {
    return this.raids.ungreet(request.actor, request.sessionId, request.raidId, request.chatterIds);
  }
}
