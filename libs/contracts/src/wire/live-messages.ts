import type { ChatterDto, RaidDto, SessionDto } from '../entities/entities.js';

/**
 * The live channel at `/ws` (spec section 7). Every message is `{ type, payload }` JSON. The
 * server validates client messages with the classes in live/live-messages.ts; the browser
 * checks server messages with `parseServerMessage` before anything reads them.
 */

export const MAX_LIVE_MESSAGE_BYTES = 4_096;
export const MAX_KEYWORDS = 50;
export const MAX_KEYWORD_LENGTH = 100;

export interface ClientMessagePayloads {
  auth: { userId: string };
  start_session: { sessionId: string; keywords?: string[] };
  join_session: { sessionId: string };
  /** `leave_session` and `stop_session` act on the joined session unless one is named. */
  leave_session: { sessionId?: string };
  stop_session: { sessionId?: string };
  update_keywords: { sessionId?: string; keywords: string[] };
  /** A soft claim (ADR 0034): the sender is about to greet this chatter of a joined session. */
  claim_chatter: { sessionId: string; chatterId: string };
  /** Ends the sender's claim in the session (greeted, or moved away). */
  release_chatter: { sessionId: string };
}

export type ClientMessageType = keyof ClientMessagePayloads;

export const CLIENT_MESSAGE_TYPES = [
  'auth',
  'start_session',
  'join_session',
  'leave_session',
  'stop_session',
  'update_keywords',
  'claim_chatter',
  'release_chatter',
] as const satisfies readonly ClientMessageType[];

export type ClientMessage = {
  [K in ClientMessageType]: { type: K; payload: ClientMessagePayloads[K] };
}[ClientMessageType];

export interface ServerMessagePayloads {
  session_started: SessionDto;
  session_stopped: SessionDto;
  session_created: SessionDto;
  session_updated: SessionDto;
  session_deleted: { id: string; name: string };
  new_chatter: ChatterDto;
  chatter_update: ChatterDto;
  /** A raid reached the session's channel (ADR 0032). */
  raid: RaidDto;
  user_approved: { message: string };
  user_rejected: { message: string };
  /** To admins only: how many users wait for approval (ADR 0019). */
  admin_pending_users: PendingUsersNotice;
  /** Who has the session open (ADR 0034): each signed-in user once, the receiver included. */
  presence_update: SessionPresence;
  /** The session's soft claims now (ADR 0034), the receiver's own included. */
  claims_update: SessionClaims;
}

/** A person with a session open, as presence and claims name them. */
export interface PresenceUser {
  id: string;
  username: string;
  displayName: string;
  profileImage: string | null;
}

export interface SessionPresence {
  sessionId: string;
  users: PresenceUser[];
}

/** Someone about to greet a chatter: shown to the others, never blocks a greeting. */
export interface ChatterClaim {
  chatterId: string;
  user: PresenceUser;
}

export interface SessionClaims {
  sessionId: string;
  claims: ChatterClaim[];
}

/** How long a claim lasts unless renewed; browsers renew a held claim every CLAIM_RENEW_MS. */
export const CLAIM_TTL_MS = 8_000;
export const CLAIM_RENEW_MS = 3_000;

/** The count of users waiting for approval, sent live to every admin. */
export interface PendingUsersNotice {
  pendingUsers: number;
  /** The user who just started waiting, when that is why the count changed. */
  user: { id: string; username: string; displayName: string } | null;
}

export type ServerMessageType = keyof ServerMessagePayloads;

export const SERVER_MESSAGE_TYPES = [
  'session_started',
  'session_stopped',
  'session_created',
  'session_updated',
  'session_deleted',
  'new_chatter',
  'chatter_update',
  'raid',
  'user_approved',
  'user_rejected',
  'admin_pending_users',
  'presence_update',
  'claims_update',
] as const satisfies readonly ServerMessageType[];

export type ServerMessage = {
  [K in ServerMessageType]: { type: K; payload: ServerMessagePayloads[K] };
}[ServerMessageType];

/**
 * The string fields each server message's payload must have: those the web app keys on (a
 * session's or a chatter's id, the session a chatter belongs to). Kept this small on purpose:
 * the check ships in the overlay, whose bundle is on a tight budget.
 */
const REQUIRED_FIELDS: Record<ServerMessageType, string[]> = {
  session_started: ['id', 'name'],
  session_stopped: ['id', 'name'],
  session_created: ['id', 'name'],
  session_updated: ['id', 'name'],
  session_deleted: ['id', 'name'],
  new_chatter: ['id', 'sessionId'],
  chatter_update: ['id', 'sessionId'],
  raid: ['id', 'sessionId'],
  user_approved: ['message'],
  user_rejected: ['message'],
  admin_pending_users: [],
  presence_update: ['sessionId'],
  claims_update: ['sessionId'],
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The server message in `data` (parsed JSON), or undefined when it is not one this version
 * knows: an unknown type, or a payload without the fields its type promises.
 */
export function parseServerMessage(data: unknown): ServerMessage | undefined {
  if (!isObject(data) || typeof data.type !== 'string') return undefined;
  if (!Object.hasOwn(REQUIRED_FIELDS, data.type)) return undefined;
  const { payload } = data;
  const fields = REQUIRED_FIELDS[data.type as ServerMessageType];
  const complete = isObject(payload) && fields.every((name) => typeof payload[name] === 'string');
  return complete ? (data as ServerMessage) : undefined;
}
