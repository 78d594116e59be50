import { Injectable } from '@nestjs/common';
import {
  DomainError,
  type RaidDto,
  type RaidGreetResult,
  type SessionActor,
} from '@greetboard/contracts';
import { greetDuration, secondsSince } from '@greetboard/metrics';
import { LiveEvents } from '../live/live-events.js';
import { SessionAccessRules } from '../sessions/session-access.js';
import { RaidsRepository } from './raids.repository.js';

/** A session's raids, and greeting a raid's raiders as a group (ADR 0032). */
@Injectable()
export class RaidsService {
  constructor(
    private readonly raids: RaidsRepository,
    private readonly access: SessionAccessRules,
    private readonly live: LiveEvents,
  ) {}

  async list(actor: SessionActor, sessionId: string): Promise<RaidDto[]> {
    await this.access.toManageChatters(sessionId, actor);
    return this.raids.list(sessionId);
  }

  /** Greets every raider of the raid not greeted yet; answers exactly those. */
  greetAll(actor: SessionActor, sessionId: string, raidId: string): Promise<RaidGreetResult> {
    return this.setGreeted(actor, sessionId, raidId, true, null);
  }

  /** The undo of greetAll: un-greets those of `chatterIds` that are the raid's greeted raiders. */
  ungreet(
    actor: SessionActor,
    sessionId: string,
    raidId: string,
    chatterIds: string[],
  ): Promise<RaidGreetResult> {
    return this.setGreeted(actor, sessionId, raidId, false, chatterIds);
  }

  private async setGreeted(
    actor: SessionActor,
    sessionId: string,
    raidId: string,
    isGreeted: boolean,
    chatterIds: string[] | null,
  ): Promise<RaidGreetResult> {
    const start = process.hrtime.bigint();
    try {
      const access = await this.access.toManageChatters(sessionId, actor);
      if (!(await this.raids.exists(sessionId, raidId))) throw new DomainError('RAID_NOT_FOUND');
      const { chatters, listVersion } =
        chatterIds?.length === 0
          ? { chatters: [] }
          : await this.raids.setRaidersGreeted(sessionId, raidId, isGreeted, actor.id, chatterIds);
      await this.live.chattersUpdated(access.ownerId, sessionId, chatters, listVersion);
      return { raidId, chatters };
    } finally {
      greetDuration.observe(secondsSince(start));
    }
  }
}
