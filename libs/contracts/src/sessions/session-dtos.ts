import type { ChatterDto } from '../entities/entities.js';

/** Answer of a session delete. */
export interface DeleteSessionResult {
  sessionName: string;
  deletedChatters: number;
}

/** A user as the settings screen shows them next to an editor link or an invite. */
export interface UserSummaryDto {
  username: string;
  displayName: string;
  profileImage: string | null;
}

export interface IgnoredUserDto {
  id: string;
  username: string;
  reason: string | null;
  createdAt: string;
}

export interface GlobalEditorDto {
  id: string;
  editorId: string;
  editor: UserSummaryDto;
  createdAt: string;
}

export const INVITE_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export interface GlobalEditorInviteDto {
  id: string;
  status: InviteStatus;
  senderId: string;
  receiverId: string;
  sender: UserSummaryDto;
  receiver: UserSummaryDto;
  createdAt: string;
}

/**
 * The version of a session's chatter list: it changes whenever a chatter of the session is
 * added or changes, so a cached list with the same version is current.
 */
export interface ChatterListVersion {
  sessionId: string;
  version: string;
}

/**
 * One page of a session's chatters in a screen's order and filters, with the counts the
 * screen shows: `total`, `greeted` and `pending` over the whole session (pending: neither
 * greeted nor banned or timed out, ADR 0041), `matching` over the filters ('Showing a-b of
 * matching'). `version` is the list version the page was read at.
 */
export interface ChatterView {
  version: string;
  total: number;
  greeted: number;
  pending: number;
  matching: number;
  offset: number;
  chatters: ChatterDto[];
}

/** One page of a session's chatters, oldest first; `next` continues after the last one. */
export interface ChatterPage {
  version: string;
  chatters: ChatterDto[];
  next: string | null;
}
