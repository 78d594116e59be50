import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  CreateOverlayLinkRequest,
  DomainError,
  OVERLAY_LINK_REQUESTS,
  OverlayLinksRequest,
  RevokeOverlayLinkRequest,
  UpdateOverlayLinkRequest,
  type CreatedOverlayLinkDto,
  type OverlayLinkDto,
} from '@greetboard/contracts';
import { OnRequest } from '@greetboard/transport';
import { LoginSessions } from '../login-sessions/login-sessions.js';
import { UserEvents } from '../users/user-events.js';

/** The streamer's overlay links (ADR 0029): list, make or rotate, revoke. */
@Controller()
export class OverlayLinksHandler {
  constructor(
    private readonly sessions: LoginSessions,
    private readonly userEvents: UserEvents,
  ) {}

  @OnRequest(OVERLAY_LINK_REQUESTS.list)
  list(@Payload() request: OverlayLinksRequest): Promise<OverlayLinkDto[]> {
    return this.sessions.overlayLinks(request.userId);
  }

  /** A rotated link stops at once: the sockets of the one it replaced close. */
  @OnRequest(OVERLAY_LINK_REQUESTS.create)
  async create(@Payload() request: CreateOverlayLinkRequest): Promise<CreatedOverlayLinkDto> {
    const { replaced, ...link } = await this.sessions.createOverlayLink(
      request.userId,
      request.access,
    );
    for (const hash of replaced) await this.userEvents.loginSessionEnded(request.userId, { hash });
    return link;
  }

  /** A link's look changes in place: its token, and the sources using it, stay (ADR 0056). */
  @OnRequest(OVERLAY_LINK_REQUESTS.update)
  async update(@Payload() request: UpdateOverlayLinkRequest): Promise<OverlayLinkDto> {
    const link = await this.sessions.updateOverlayLink(request.userId, request.id, {
      look: request.look,
      animate: request.animate,
    });
    if (!link) throw new DomainError('OVERLAY_LINK_NOT_FOUND');
    return link;
  }

  @OnRequest(OVERLAY_LINK_REQUESTS.revoke)
  async revoke(@Payload() request: RevokeOverlayLinkRequest): Promise<{ revoked: true }> {
    if (!(await this.sessions.revokeOverlayLink(request.userId, request.id))) {
      throw new DomainError('OVERLAY_LINK_NOT_FOUND');
    }
    await this.userEvents.loginSessionEnded(request.userId, { hash: request.id });
    return { revoked: true };
  }
}
