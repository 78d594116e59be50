import { Injectable } from '@nestjs/common';
import {
  DomainError,
  RAID_WINDOW_SECONDS,
  type ChatterDto,
  type RaidDto,
  type RaidSettingsDto,
  type RaidGreetResult,
  type SessionActor,
} from '@greetboard/contracts';
import { greetDuration, secondsSince } from '@greetboard/metrics';
import { LiveEvents } from '../live/live-events.js';
import { SessionAccessRules } from '../sessions/session-access.js';
import { RaidsRepository } from './raids.repository.js';

/** A session's raids, greeting a raid's raiders as a group, the raid window (ADR 0032, 0053). */
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

  /**
   * Greets those of `chatterIds` (the raiders shown to the greeter, ADR 0053) that are the
   * raid's ungreeted raiders, or without `chatterIds` every one of them; answers exactly those.
   */
  greetAll(
    actor: SessionActor,
    sessionId: string,
    raidId: string,
    chatterIds?: string[],
  ): Promise<RaidGreetResult> {
    return this.setGreeted(actor, sessionId, raidId, true, chatterIds ?? null);
  }

  /** The raid's raiders not greeted yet: what 'greet all raiders' shows before it greets. */
  async pendingRaiders(
    actor: SessionActor,
    sessionId: string,
    raidId: string,
  ): Promise<ChatterDto[]> {
    await this.access.toManageChatters(sessionId, actor);
    if (!(await this.raids.exists(sessionId, raidId))) throw new DomainError('RAID_NOT_FOUND');
    return this.raids.pendingRaiders(sessionId, raidId);
  }

  /** The actor's own raid settings (ADR 0053). */
  async settings(actor: SessionActor): Promise<RaidSettingsDto> {
    return { windowSeconds: await this.raids.windowSecondsOf(actor.id) };
  }

  /** Changes the actor's raid window; raids from now on mark raiders by it. */
  async updateSettings(actor: SessionActor, windowSeconds: number): Promise<RaidSettingsDto> {
    const { min, max } = RAID_WINDOW_SECONDS;
    if (!Number.isInteger(windowSeconds) || windowSeconds < min || windowSeconds > max) {
      throw new DomainError('RAID_WINDOW_OUT_OF_RANGE');
    }
    await this.raids.setWindowSeconds(actor.id, windowSeconds);
    return { windowSeconds };
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
