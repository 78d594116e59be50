import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  Param,
  Patch,
  Post,
} from '@nestjs/common';
import {
  CreateOverlayLinkBody,
  DomainError,
  OVERLAY_LINK_REQUESTS,
  OverlayLinkParams,
  sendRequest,
  UpdateOverlayLinkBody,
  type CreatedOverlayLinkDto,
  type OverlayLinkDto,
} from '@greetboard/contracts';
import { BUS_CLIENT, type BusClient } from '@greetboard/transport';
import { CurrentUser, type AuthenticatedUser } from '../http/current-user.decorator.js';

/**
 * The settings' OBS box (ADR 0029): the streamer's overlay links, made, rotated and revoked
 * from a signed-in browser only (an overlay link cannot reach these routes).
 */
@Controller('api/overlay-links')
export class OverlayLinksController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @Get()
  list(@CurrentUser() user: AuthenticatedUser): Promise<OverlayLinkDto[]> {
    return sendRequest(this.bus, OVERLAY_LINK_REQUESTS.list, { userId: user.id });
  }

  /** Makes the link of that access, replacing (and ending) the one the user had. */
  @Post()
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CreateOverlayLinkBody,
  ): Promise<CreatedOverlayLinkDto> {
    if (!user.isApproved) throw new DomainError('ACCOUNT_NOT_APPROVED');
    return sendRequest(this.bus, OVERLAY_LINK_REQUESTS.create, {
      userId: user.id,
      access: body.access,
    });
  }

  /** Changes a link's look (ADR 0056) without rotating it: its address keeps working. */
  @Patch(':id')
  update(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id }: OverlayLinkParams,
    @Body() body: UpdateOverlayLinkBody,
  ): Promise<OverlayLinkDto> {
    return sendRequest(this.bus, OVERLAY_LINK_REQUESTS.update, {
      userId: user.id,
      id,
      look: body.look,
      animate: body.animate,
    });
  }

  @Delete(':id')
  @HttpCode(200)
  revoke(
    @CurrentUser() user: AuthenticatedUser,
    @Param() { id }: OverlayLinkParams,
  ): Promise<{ revoked: true }> {
    return sendRequest(this.bus, OVERLAY_LINK_REQUESTS.revoke, { userId: user.id, id });
  }
}
