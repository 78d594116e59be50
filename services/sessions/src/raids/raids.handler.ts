import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  RAID_REQUESTS,
  RaidRequest,
  SessionIdRequest,
  UngreetRaidersRequest,
  type RaidDto,
  type RaidGreetResult,
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
  greetAll(@Payload() request: RaidRequest): Promise<RaidGreetResult> {
    return this.raids.greetAll(request.actor, request.sessionId, request.raidId);
  }

  @OnRequest(RAID_REQUESTS.ungreetRaiders)
  ungreet(@Payload() request: UngreetRaidersRequest): Promise<RaidGreetResult> {
    return this.raids.ungreet(request.actor, request.sessionId, request.raidId, request.chatterIds);
  }
}
