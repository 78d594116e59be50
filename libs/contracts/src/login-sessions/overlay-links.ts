import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { defineRequest } from '../messaging/definitions.js';
import { SUBJECTS } from '../wire/subjects.js';
import { SESSION_ID_PATTERN } from '../wire/tokens.js';

/**
 * Overlay links (ADR 0029): a link the streamer pastes into an OBS browser source, carrying a
 * revocable token instead of the sign-in cookie. A read link shows the overlay; a greet link
 * may also greet. The token is a login session of its own kind: stored hashed, never shown
 * again after it was made, ended by revoking or rotating it.
 */
export const OVERLAY_ACCESS = ['read', 'greet'] as const;
export type OverlayAccess = (typeof OVERLAY_ACCESS)[number];

/**
 * How an overlay link's page looks (ADR 0056): `transparent` over a scene (no controls),
 * `minimal` the names alone for a browser source (no picker, no controls), `dock` the
 * interactive overlay. Stored with the link, changed without rotating it.
 */
export const OVERLAY_LOOKS = ['transparent', 'minimal', 'dock'] as const;
export type OverlayLook = (typeof OVERLAY_LOOKS)[number];

/** What an overlay link's page shows, as `GET /auth/me` answers it through the link. */
export interface OverlayLinkLook {
  look: OverlayLook;
  /** New chatters slide in (never for a reader who asks for reduced motion). */
  animate: boolean;
}

/** What a login session may do: a browser's everything its user may; an overlay link less. */
export type LoginAccess = 'browser' | `overlay-${OverlayAccess}`;

/**
 * Why Greetboard ended a browser's login session on its own (ADR 0044): Twitch no longer
 * honours the user's grant (they disconnected Greetboard on Twitch, or it was revoked).
 */
export type LoginSessionEndReason = 'twitch-revoked';

/** An overlay link as the settings page lists it (never its token). */
export interface OverlayLinkDto extends OverlayLinkLook {
  /** The SHA-256 of the token (base64url): names the link without revealing it. */
  id: string;
  access: OverlayAccess;
  createdAt: string;
}

/** `POST /api/overlay-links`: the new link, its token shown this once. */
export interface CreatedOverlayLinkDto extends OverlayLinkDto {
  token: string;
}

export class OverlayLinksRequest {
  @IsUUID()
  userId: string;
}

/** `POST /api/overlay-links`. */
export class CreateOverlayLinkBody {
  @IsIn(OVERLAY_ACCESS, { message: `access must be one of: ${OVERLAY_ACCESS.join(', ')}` })
  access: OverlayAccess;
}

export class CreateOverlayLinkRequest extends CreateOverlayLinkBody {
  @IsUUID()
  userId: string;
}

/** `{id}` of `DELETE /api/overlay-links/{id}`: a link's id (the hash of its token). */
export class OverlayLinkParams {
  @IsString()
  @MaxLength(64)
  @Matches(SESSION_ID_PATTERN, { message: 'id must be an overlay link id' })
  id: string;
}

export class RevokeOverlayLinkRequest extends OverlayLinkParams {
  @IsUUID()
  userId: string;
}

/** `PATCH /api/overlay-links/{id}`: the link's look, either or both fields. */
export class UpdateOverlayLinkBody {
  @IsOptional()
  @IsIn(OVERLAY_LOOKS, { message: `look must be one of: ${OVERLAY_LOOKS.join(', ')}` })
  look?: OverlayLook;

  @IsOptional()
  @IsBoolean()
  animate?: boolean;
}

export class UpdateOverlayLinkRequest extends UpdateOverlayLinkBody {
  @IsUUID()
  userId: string;

  @IsString()
  @MaxLength(64)
  @Matches(SESSION_ID_PATTERN, { message: 'id must be an overlay link id' })
  id: string;
}

export const OVERLAY_LINK_REQUESTS = {
  list: defineRequest<OverlayLinksRequest, OverlayLinkDto[]>(
    SUBJECTS.auth.listOverlayLinks,
    OverlayLinksRequest,
  ),
  /** Makes the user's link of that access, ending the one it replaces (rotation). */
  create: defineRequest<CreateOverlayLinkRequest, CreatedOverlayLinkDto>(
    SUBJECTS.auth.createOverlayLink,
    CreateOverlayLinkRequest,
  ),
  revoke: defineRequest<RevokeOverlayLinkRequest, { revoked: true }>(
    SUBJECTS.auth.revokeOverlayLink,
    RevokeOverlayLinkRequest,
  ),
  /** Changes a link's look; the link and its token stay. */
  update: defineRequest<UpdateOverlayLinkRequest, OverlayLinkDto>(
    SUBJECTS.auth.updateOverlayLink,
    UpdateOverlayLinkRequest,
  ),
} as const;
