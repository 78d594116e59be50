import type { UserDto } from '../entities/entities.js';
import type { OverlayAccess, OverlayLinkLook } from '../login-sessions/overlay-links.js';
import type { UserDataCount } from '../users/user-data.js';

/**
 * The gateway's HTTP answers that are not a DTO of their own. The other
 * routes answer a DTO as it is: a list is a bare JSON array, a single record a bare object,
 * never wrapped in `{ data }` or `{ <name>: ... }`.
 */

/**
 * `GET /auth/me?optional=true`: the user, or `{ user: null }` for a visitor. Through an
 * overlay link, the user it belongs to, what the link may do (`overlayAccess`) and how its
 * page looks (`overlayLook`, ADR 0056).
 */
export type MeAnswer =
  (UserDto & { overlayAccess?: OverlayAccess; overlayLook?: OverlayLinkLook }) | { user: null };

/** `GET /api/app-info`: what the footer and the demo banner show. */
export interface AppInfoDto {
  version: string;
  /** The build's commit; empty when unknown. */
  commit: string;
  demoMode: boolean;
  /**
   * Where emote images are: `{id}` is the emote id, `{theme}` is `light` or `dark`
   * (Twitch's CDN by default, the emulator in demo mode).
   */
  emoteUrlTemplate: string;
}

/** `DELETE` of an ignored user or a global editor: the id that was removed. */
export interface RemovedAnswer {
  id: string;
}

/** `POST /api/twitch/import-user`, 201: the user now in the database. */
export interface UserImportedAnswer {
  message: string;
  user: UserDto;
}

/** `POST /api/twitch/import-user`, 409: the user was in the database already (unchanged). */
export interface UserExistsAnswer {
  error: string;
  code: 'USER_ALREADY_EXISTS';
  user: UserDto;
}

/** `DELETE /api/account` and `DELETE /api/admin/users/{id}`: what was deleted with the user. */
export interface UserDeletedAnswer {
  success: true;
  deletedData: UserDataCount;
}

/** `POST /api/admin/users/{id}/{action}`: the user after the action. */
export interface UserActionAnswer {
  success: true;
  user: UserDto;
}
