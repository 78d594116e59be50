import { Injectable } from '@nestjs/common';
import {
  DomainError,
  type ChatterCardDto,
  type ChatterDto,
  type ChatterListVersion,
  type ChatterPage,
  type ChatterView,
  type ChatterViewRequest,
  type SessionActor,
} from '@greetboard/contracts';
import { greetDuration, secondsSince } from '@greetboard/metrics';
import { LiveEvents } from '../live/live-events.js';
import { SessionAccessRules } from '../sessions/session-access.js';
import { ChattersRepository } from './chatters.repository.js';
import { KeyedQueue } from './keyed-queue.js';
import { WelcomeService } from '../welcome/welcome.service.js';

@Injectable()
export class ChattersService {
  private readonly greets = new KeyedQueue();

  constructor(
    private readonly chatters: ChattersRepository,
    private readonly access: SessionAccessRules,
    private readonly live: LiveEvents,
    private readonly welcome: WelcomeService,
  ) {}

  async listVersion(actor: SessionActor, sessionId: string): Promise<ChatterListVersion> {
    await this.access.toManageChatters(sessionId, actor);
    return { sessionId, version: await this.chatters.listVersion(sessionId) };
  }

  async page(actor: SessionActor, sessionId: string, after?: string): Promise<ChatterPage> {
    await this.access.toManageChatters(sessionId, actor);
    return this.chatters.page(sessionId, after);
  }

  async view(request: ChatterViewRequest): Promise<ChatterView> {
    const { actor, sessionId, ...query } = request;
    await this.access.toManageChatters(sessionId, actor);
    return this.chatters.view(sessionId, query);
  }

  /** A chatter's card, for the owner and the owner's editors (ADR 0055). */
  async card(actor: SessionActor, sessionId: string, chatterId: string): Promise<ChatterCardDto> {
    await this.access.toManageChatters(sessionId, actor);
    return this.chatters.card(sessionId, chatterId);
  }

  /**
   * Greets or un-greets for the owner or an editor of the owner. The answer and the
   * `chatter_update` event carry the chatter as stored after the write, re-read so that
   * concurrent toggles end with every screen showing the state that won.
   */
  async greet(actor: SessionActor, chatterId: string, isGreeted: boolean): Promise<ChatterDto> {
    const start = process.hrtime.bigint();
    try {
      return await this.toggleGreeted(actor, chatterId, isGreeted);
    } finally {
      greetDuration.observe(secondsSince(start));
    }
  }

  private async toggleGreeted(
    actor: SessionActor,
    chatterId: string,
    isGreeted: boolean,
  ): Promise<ChatterDto> {
    const found = await this.chatters.findOwnerOf(chatterId);
    if (!found) throw new DomainError('CHATTER_NOT_FOUND');
    const access = await this.access.of(found.sessionId, actor).catch((error: unknown) => {
      // The session was deleted between the two reads: its chatters are gone too.
      if (error instanceof DomainError && error.code === 'SESSION_NOT_FOUND') {
        throw new DomainError('CHATTER_NOT_FOUND');
      }
      throw error;
    });
    if (access.role === 'none') throw new DomainError('FORBIDDEN');
    return this.greets.run(chatterId, async () => {
      const listVersion = await this.chatters.setGreeted(chatterId, isGreeted, actor.id);
      const chatter = await this.chatters.load(chatterId);
      if (listVersion !== undefined) {
        await this.live.toSession(
          access.ownerId,
          access.sessionId,
          'chatter_update',
          chatter,
          listVersion,
        );
        await this.welcome.afterGreet(access, chatter, isGreeted);
      }
      return chatter;
    });
  }
}
