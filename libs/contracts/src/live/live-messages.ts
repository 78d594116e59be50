import { z } from 'zod';

import { CHANNEL_JOIN_FAILURES } from '../chat/channel-join-status.js';
import type { ChatterDto, RaidDto, SessionDto } from '../entities/entities.js';
import { MAX_KEYWORD_LENGTH, MAX_KEYWORDS } from '../wire/live-messages.js';

/**
 * Every message of the live channel at `/ws`, defined once: a zod schema of each message's
 * payload, by message type. The gateway validates client messages with these schemas; the
 * browser imports only the types derived from them (wire/live-messages.ts), so that zod stays
 * out of the overlay's bundle.
 */

/**
 * A string's length as class-validator's `MaxLength` counts it (a surrogate pair is one
 * character, a variation selector none), so a keyword accepted before is accepted still.
 */
function characterCount(text: string): number {
  const surrogatePairs = text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0;
  const variationSelectors = text.match(/\uFE0F|\uFE0E/g)?.length ?? 0;
  return text.length - surrogatePairs - variationSelectors;
}

const keywords = z
  .array(z.string().refine((keyword) => characterCount(keyword) <= MAX_KEYWORD_LENGTH))
  .max(MAX_KEYWORDS);

/**
 * Strict: a payload with a field its type does not name is refused, not trimmed. An optional
 * field may be null as well as absent: clients have always been allowed to send either.
 */
export const CLIENT_MESSAGE_PAYLOADS = {
  auth: z.strictObject({ userId: z.uuid() }),
  start_session: z.strictObject({ sessionId: z.uuid(), keywords: keywords.nullish() }),
  join_session: z.strictObject({ sessionId: z.uuid() }),
  /** `leave_session` and `stop_session` act on the joined session unless one is named. */
  leave_session: z.strictObject({ sessionId: z.uuid().nullish() }),
  stop_session: z.strictObject({ sessionId: z.uuid().nullish() }),
  update_keywords: z.strictObject({ sessionId: z.uuid().nullish(), keywords }),
  /** A soft claim (ADR 0034): the sender is about to greet this chatter of a joined session. */
  claim_chatter: z.strictObject({ sessionId: z.uuid(), chatterId: z.uuid() }),
  /** Ends the sender's claim in the session (greeted, or moved away). */
  release_chatter: z.strictObject({ sessionId: z.uuid() }),
};

/** The payload fields a refused client message failed on: misfit ones, and those no type names. */
export function fieldsAtFault(error: z.ZodError): string[] {
  const fields = error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys' ? issue.keys : [String(issue.path[0])],
  );
  return [...new Set(fields)];
}

/** A person with a session open, as presence and claims name them. */
const presenceUser = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  profileImage: z.string().nullable(),
});

/** Someone about to greet a chatter: shown to the others, never blocks a greeting. */
const chatterClaim = z.object({ chatterId: z.string(), user: presenceUser });

/** The count of users waiting for approval, sent live to every admin. */
const pendingUsersNotice = z.object({
  pendingUsers: z.number(),
  /** The user who just started waiting, when that is why the count changed. */
  user: z.object({ id: z.string(), username: z.string(), displayName: z.string() }).nullable(),
});

/**
 * Whether a session's Twitch chat is being read (ADR 0042): `not_connected` with its reason
 * once the channel has stayed unjoined past a short grace, or nobody reads it at all.
 */
export const CHAT_CONNECTION_STATUSES = [
  'inactive',
  'connecting',
  'connected',
  'not_connected',
] as const;
/** Why it is not connected: the JOIN failure, or `unread` when no replica holds the channel. */
export const CHAT_CONNECTION_PROBLEMS = [...CHANNEL_JOIN_FAILURES, 'unread'] as const;

const chatConnection = z.object({
  sessionId: z.string(),
  status: z.enum(CHAT_CONNECTION_STATUSES),
  reason: z.enum(CHAT_CONNECTION_PROBLEMS).nullable(),
  /** Since when it is connected or not connected (ISO 8601); null otherwise. */
  since: z.string().nullable(),
});

/**
 * Twitch accepted a session announcement's request but did not post it (ADR 0044): sent to
 * the session owner's browsers (never an overlay) with Twitch's own code and reason.
 */
const announcementDropped = z.object({
  sessionId: z.string(),
  /** Which announcement: the session started, or ended. */
  kind: z.enum(['session_started', 'session_ended']),
  /** Twitch's `drop_reason.code`, e.g. `msg_duplicate`, `msg_rejected`, `channel_settings`. */
  code: z.string(),
  /** Twitch's `drop_reason.message`, shown to the streamer as Twitch wrote it. */
  message: z.string(),
});

/** The entities the HTTP API returns too: entities.ts defines their shapes. */
const sessionDto = z.custom<SessionDto>();
const chatterDto = z.custom<ChatterDto>();
const raidDto = z.custom<RaidDto>();

export const SERVER_MESSAGE_PAYLOADS = {
  session_started: sessionDto,
  session_stopped: sessionDto,
  session_created: sessionDto,
  session_updated: sessionDto,
  session_deleted: z.object({ id: z.string(), name: z.string() }),
  new_chatter: chatterDto,
  chatter_update: chatterDto,
  /** A raid reached the session's channel (ADR 0032). */
  raid: raidDto,
  user_approved: z.object({ message: z.string() }),
  user_rejected: z.object({ message: z.string() }),
  /** To admins only: how many users wait for approval (ADR 0019). */
  admin_pending_users: pendingUsersNotice,
  /** Who has the session open (ADR 0034): each signed-in user once, the receiver included. */
  presence_update: z.object({ sessionId: z.string(), users: z.array(presenceUser) }),
  /** The session's soft claims now (ADR 0034), the receiver's own included. */
  claims_update: z.object({ sessionId: z.string(), claims: z.array(chatterClaim) }),
  /** The session's chat connection changed (ADR 0042); also `GET …/chat-connection`. */
  chat_connection: chatConnection,
  /**
   * One session per channel reads chat (ADR 0045): starting session `id` stopped session
   * `stoppedId`. Sent to the owner's and editors' screens beside the usual `session_stopped`.
   */
  session_replaced: z.object({
    id: z.string(),
    name: z.string(),
    stoppedId: z.string(),
    stoppedName: z.string(),
  }),
  /** Twitch dropped a session announcement (ADR 0044); to the owner's browsers only. */
  announcement_dropped: announcementDropped,
};

/** Types the gateway writes to browsers only, never to an overlay link's socket. */
export const BROWSER_ONLY_MESSAGE_TYPES: readonly ServerMessageType[] = ['announcement_dropped'];

export type ClientMessagePayloads = {
  [K in keyof typeof CLIENT_MESSAGE_PAYLOADS]: z.infer<(typeof CLIENT_MESSAGE_PAYLOADS)[K]>;
};
export type ServerMessagePayloads = {
  [K in keyof typeof SERVER_MESSAGE_PAYLOADS]: z.infer<(typeof SERVER_MESSAGE_PAYLOADS)[K]>;
};
export type PresenceUser = z.infer<typeof presenceUser>;
export type ChatterClaim = z.infer<typeof chatterClaim>;
export type PendingUsersNotice = z.infer<typeof pendingUsersNotice>;
export type ChatConnection = z.infer<typeof chatConnection>;
export type AnnouncementDropped = z.infer<typeof announcementDropped>;
export type ChatConnectionStatus = ChatConnection['status'];
export type ChatConnectionProblem = NonNullable<ChatConnection['reason']>;
export type SessionReplaced = ServerMessagePayloads['session_replaced'];
export type SessionPresence = ServerMessagePayloads['presence_update'];
export type SessionClaims = ServerMessagePayloads['claims_update'];
export type ServerMessageType = keyof ServerMessagePayloads;

/** The types a service may relay to browsers. */
export const SERVER_MESSAGE_TYPES = Object.keys(SERVER_MESSAGE_PAYLOADS) as ServerMessageType[];
