import type {
  ClientMessagePayloads,
  ServerMessagePayloads,
  ServerMessageType,
} from '../live/live-messages.js';

/**
 * The live channel at `/ws`. Every message is `{ type, payload }` JSON. Each payload is
 * defined once, as a zod schema in live/live-messages.ts: the gateway validates client
 * messages with them. This module holds what the browser needs at run time, without zod
 * (the overlay's bundle has no room for it): the limits, and `parseServerMessage`, which
 * checks server messages before anything reads them.
 */

export const MAX_LIVE_MESSAGE_BYTES = 4_096;
export const MAX_KEYWORDS = 50;
export const MAX_KEYWORD_LENGTH = 100;

export type {
  AnnouncementDropped,
  ChatConnection,
  ChatConnectionProblem,
  ChatConnectionStatus,
  ChatterClaim,
  ClientMessagePayloads,
  PendingUsersNotice,
  PresenceUser,
  ServerMessagePayloads,
  ServerMessageType,
  SessionClaims,
  SessionPresence,
} from '../live/live-messages.js';

export type ClientMessageType = keyof ClientMessagePayloads;

export type ClientMessage = {
  [K in ClientMessageType]: { type: K; payload: ClientMessagePayloads[K] };
}[ClientMessageType];

export type ServerMessage = {
  [K in ServerMessageType]: { type: K; payload: ServerMessagePayloads[K] };
}[ServerMessageType];

/** How long a claim lasts unless renewed; browsers renew a held claim every CLAIM_RENEW_MS. */
export const CLAIM_TTL_MS = 8_000;
export const CLAIM_RENEW_MS = 3_000;

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
  chat_connection: ['sessionId', 'status'],
  session_replaced: ['id', 'name', 'stoppedId', 'stoppedName'],
  announcement_dropped: ['sessionId', 'kind', 'code', 'message'],
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
