import { Injectable } from '@nestjs/common';
import {
  SESSIONS_REQUESTS,
  sendRequest,
  type SessionActor,
  type StreamReport,
} from '@greetboard/contracts';
import { Inject } from '@nestjs/common';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { SettingsService } from '../settings/settings.service.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';

/** A streamer's stream as the watcher last saw it change. */
export interface StreamState {
  live: boolean;
  /** The stream's title when known (Helix streams); null otherwise. */
  title: string | null;
  /** When it went live or offline, as first seen. */
  since: Date;
}

/**
 * Tells the sessions service about a streamer's stream, with the owner's auto-start settings
 * (ADR 0045). Sessions decides what follows: the running session notes the stream, an
 * auto-started one waits out the grace when the stream goes offline, and with auto-start on
 * a stream going live with no session running starts one named after its title. Reporting
 * the same state twice changes nothing, so the watcher may repeat itself.
 */
@Injectable()
export class AutoStartSessions {
  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    private readonly users: UsersService,
    private readonly settings: SettingsService,
  ) {}

  async report(userId: string, stream: StreamState): Promise<StreamReport | undefined> {
    const user = await this.users.findById(userId);
    if (!user) return undefined;
    const settings = await this.settings.get(userId);
    return sendRequest(this.bus, SESSIONS_REQUESTS.reportStream, {
      actor: actorOf(user),
      live: stream.live,
      title: stream.title,
      since: stream.since.toISOString(),
      autoStart: settings.autoStartSessions,
      graceMinutes: settings.autoStartGraceMinutes,
      keywords: settings.defaultKeywords,
    });
  }
}

function actorOf(user: UserEntity): SessionActor {
  return {
    id: user.id,
    username: user.username,
    isApproved: user.isApproved,
    isAdmin: user.isAdmin,
  };
}
