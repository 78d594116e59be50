import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  renderWelcome,
  sendRequest,
  TWITCH_CHAT_REQUESTS,
  WELCOME_KINDS,
  welcomeTemplateProblem,
  type ChatterDto,
  type RaidDto,
  type RaidShoutoutDto,
  type SessionActor,
  type ShoutoutResult,
  type UpdateWelcomeBody,
  type WelcomeKind,
  type WelcomeMessageDto,
  type WelcomeSettingsDto,
} from '@greetboard/contracts';
import { shoutouts } from '@greetboard/metrics';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import {
  assertMayEdit,
  SessionAccessRules,
  type SessionAccess,
} from '../sessions/session-access.js';
import { WelcomeRepository, type StoredWelcomeSettings } from './welcome.repository.js';

export const WELCOME_OPTIONS = Symbol('WELCOME_OPTIONS');

export interface WelcomeOptions {
  /** Between a greet and its welcome: un-greeting within it cancels the welcome. */
  undoWindowMs: number;
  /**
   * Send Chat Message's rate for the sender (Twitch: 100 per 30 s for the broadcaster);
   * each owner's welcomes go out at most this many per 30 seconds, evenly spaced.
   */
  messagesPer30s: number;
  /** How often the sender looks for due welcomes. */
  pollMs: number;
}

export const DEFAULT_WELCOME_OPTIONS: WelcomeOptions = {
  undoWindowMs: 5_000,
  messagesPer30s: 100,
  pollMs: 250,
};

const CHAT_SCOPE = 'user:write:chat';
const SHOUTOUT_SCOPE = 'moderator:manage:shoutouts';

/** Which template greets the chatter (ADR 0054). */
export function welcomeKindOf(chatter: ChatterDto): WelcomeKind {
  if (chatter.raidId !== null) return 'raider';
  if (chatter.isFirstTimeChatter || chatter.sessionsSeen <= 1) return 'firstTime';
  return 'returning';
}

/** A session's welcome settings, the welcome a greet queues, and shoutouts (ADR 0054). */
@Injectable()
export class WelcomeService {
  private readonly logger = new Logger('welcome');

  constructor(
    private readonly welcome: WelcomeRepository,
    private readonly access: SessionAccessRules,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(WELCOME_OPTIONS) private readonly options: WelcomeOptions,
  ) {}

  async settings(actor: SessionActor, sessionId: string): Promise<WelcomeSettingsDto> {
    const access = await this.access.toManageChatters(sessionId, actor);
    return this.toDto(access, await this.welcome.settings(sessionId));
  }

  /** The owner changes them; a template too long or with an unknown placeholder changes nothing. */
  async update(
    actor: SessionActor,
    sessionId: string,
    changes: UpdateWelcomeBody,
  ): Promise<WelcomeSettingsDto> {
    const access = await this.access.of(sessionId, actor);
    assertMayEdit(access);
    const next: StoredWelcomeSettings = { ...(await this.welcome.settings(sessionId)) };
    if (changes.enabled !== undefined) next.enabled = changes.enabled;
    if (changes.shoutoutRaiders !== undefined) next.shoutoutRaiders = changes.shoutoutRaiders;
    for (const kind of WELCOME_KINDS) {
      const template = changes[kind];
      if (template === undefined) continue;
      const problem = welcomeTemplateProblem(kind, template);
      if (problem) throw new DomainError(problem.code, undefined, problem);
      next[kind] = template.trim();
    }
    return this.toDto(access, await this.welcome.saveSettings(sessionId, next));
  }

  async messages(actor: SessionActor, sessionId: string): Promise<WelcomeMessageDto[]> {
    await this.access.toManageChatters(sessionId, actor);
    return this.welcome.list(sessionId);
  }

  /**
   * After a greet toggle is stored: a greet queues the chatter's welcome (when the session
   * welcomes and the kind has a template), an un-greet within the undo window cancels it.
   * Never fails the greet: a problem here is logged.
   */
  async afterGreet(access: SessionAccess, chatter: ChatterDto, isGreeted: boolean): Promise<void> {
    try {
      if (!isGreeted) {
        await this.welcome.cancel(chatter.id);
        return;
      }
      const settings = await this.welcome.settings(access.sessionId);
      if (!settings.enabled) return;
      const kind = welcomeKindOf(chatter);
      const template = settings[kind];
      if (!template) return;
      const raid = chatter.raidId ? await this.welcome.raidOf(chatter.raidId) : null;
      const text = renderWelcome(template, {
        name: chatter.displayName || chatter.username,
        raider: raid?.raider ?? '',
        viewers: String(raid?.viewers ?? ''),
      });
      if (!text) return;
      await this.welcome.schedule({
        sessionId: access.sessionId,
        ownerId: access.ownerId,
        chatterId: chatter.id,
        displayName: chatter.displayName || chatter.username,
        kind,
        text,
        dueInMs: this.options.undoWindowMs,
      });
    } catch (error) {
      this.logger.warn(
        `Could not queue the welcome of chatter ${chatter.id}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** `POST /api/sessions/{id}/shoutouts`: the owner or an editor shouts a channel out. */
  async shoutout(
    actor: SessionActor,
    sessionId: string,
    twitchId: string,
  ): Promise<ShoutoutResult> {
    const access = await this.access.toManageChatters(sessionId, actor);
    return this.sendShoutout(access.ownerId, twitchId);
  }

  async raidShoutouts(actor: SessionActor, sessionId: string): Promise<RaidShoutoutDto[]> {
    await this.access.toManageChatters(sessionId, actor);
    return this.welcome.raidShoutouts(sessionId);
  }

  /**
   * New raids on sessions that shout raiders out: one shoutout each, in the background; the
   * raid keeps Twitch's answer for the streamer to see. Never fails the chat batch: a problem
   * is logged.
   */
  async raidsArrived(raids: { raid: RaidDto; ownerId: string }[]): Promise<void> {
    const shouting = await this.welcome
      .shoutingOutRaiders(raids.map(({ raid }) => raid.sessionId))
      .catch((error: unknown) => {
        this.logger.warn(`Could not read the raid shoutout settings: ${String(error)}`);
        return new Set<string>();
      });
    for (const { raid, ownerId } of raids) {
      if (!shouting.has(raid.sessionId)) continue;
      this.sendShoutout(ownerId, raid.raiderTwitchId)
        .then(
          () => this.welcome.recordRaidShoutout(raid.id, 'sent', null),
          (error: unknown) => {
            const message = error instanceof Error ? error.message : String(error);
            this.logger.warn(
              `Could not shout out raider ${raid.raiderLogin} on session ${raid.sessionId}: ${message}`,
            );
            const code = error instanceof DomainError ? error.code : 'INTERNAL';
            return this.welcome.recordRaidShoutout(raid.id, 'refused', { code, message });
          },
        )
        .catch((error: unknown) => {
          this.logger.warn(`Could not keep the shoutout of raid ${raid.id}: ${String(error)}`);
        });
    }
  }

  private async sendShoutout(ownerId: string, twitchId: string): Promise<ShoutoutResult> {
    try {
      const result = await sendRequest(this.bus, TWITCH_CHAT_REQUESTS.sendShoutout, {
        userId: ownerId,
        toTwitchId: twitchId,
      });
      shoutouts.inc({ outcome: 'sent' });
      return result;
    } catch (error) {
      const limited = error instanceof DomainError && error.code === 'SHOUTOUT_RATE_LIMITED';
      shoutouts.inc({ outcome: limited ? 'rate_limited' : 'failed' });
      throw error;
    }
  }

  private async toDto(
    access: SessionAccess,
    settings: StoredWelcomeSettings,
  ): Promise<WelcomeSettingsDto> {
    let twitch: WelcomeSettingsDto['twitch'] = null;
    try {
      const { scopes } = await sendRequest(this.bus, TWITCH_CHAT_REQUESTS.twitchScopes, {
        userId: access.ownerId,
      });
      twitch = {
        chat: scopes?.includes(CHAT_SCOPE) ?? false,
        shoutouts: scopes?.includes(SHOUTOUT_SCOPE) ?? false,
      };
    } catch {
      // Auth did not answer: the page shows the settings without the token's state.
    }
    return {
      sessionId: access.sessionId,
      ...settings,
      twitch,
      undoWindowSeconds: Math.round(this.options.undoWindowMs / 1000),
    };
  }
}
