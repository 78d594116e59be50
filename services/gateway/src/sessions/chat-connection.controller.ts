import { Controller, Get, Inject, Param } from '@nestjs/common';
import {
  CHAT_INGEST_REQUESTS,
  chatConnectionOf,
  DomainError,
  IdParams,
  sendRequest,
  SESSIONS_REQUESTS,
  type ChannelJoinStatus,
  type ChatConnection,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { CurrentUser, type AuthenticatedUser } from '../http/current-user.decorator.js';
import { actorOf } from './actor.js';

/**
 * Whether the session's Twitch chat is being read now (ADR 0042): what a screen shows on
 * load and after its live socket reconnects, before the `chat_connection` changes arrive.
 */
@Controller('api/sessions')
export class ChatConnectionController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @Get(':id/chat-connection')
  async chatConnection(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id }: IdParams,
  ): Promise<ChatConnection> {
    // The caller's sessions and those they edit: the sessions service's one access rule.
    const sessions = await sendRequest(this.bus, SESSIONS_REQUESTS.listSessions, {
      actor: actorOf(user),
    });
    const session = sessions.find((candidate) => candidate.id === id);
    if (!session) throw new DomainError('SESSION_NOT_FOUND');
    const activeSince =
      session.isActive && session.startedAt ? Date.parse(session.startedAt) : null;
    const record = activeSince === null ? null : await this.joinRecord(session.user.username);
    return { sessionId: id, ...chatConnectionOf(record, activeSince, Date.now()) };
  }

  /** No chat-ingest replica to answer means nobody reads the channel: no record. */
  private async joinRecord(channel: string): Promise<ChannelJoinStatus | null> {
    try {
      const answer = await sendRequest(this.bus, CHAT_INGEST_REQUESTS.joinStatus, {
        channel: channel.toLowerCase(),
      });
      return answer.record;
    } catch {
      return null;
    }
  }
}
