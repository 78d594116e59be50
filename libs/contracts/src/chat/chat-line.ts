import type { ChatEmote } from '../entities/entities.js';
import { CHAT_LINES_BATCH_SUBJECT } from '../wire/subjects.js';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
} from 'class-validator';

/**
 * Twitch's moderation commands as records on the chat-lines stream (ADR 0041): `ban` and
 * `timeout` (CLEARCHAT with a target user, a timeout with `ban-duration`), `clear_chat`
 * (CLEARCHAT without a target) and `delete_message` (CLEARMSG).
 */
export const MODERATION_ACTIONS = ['ban', 'timeout', 'clear_chat', 'delete_message'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Twitch's subscription notices that count as chat lines of the subscriber (ADR 0032). */
export const SUBSCRIPTION_NOTICES = ['sub', 'resub'] as const;
export type SubscriptionNotice = (typeof SUBSCRIPTION_NOTICES)[number];

/** Twitch's longest timeout: two weeks. */
export const MAX_TIMEOUT_SECONDS = 1_209_600;

/** Twitch logins: 1 to 25 characters of letters, digits and underscores (lower-cased here). */
export const TWITCH_LOGIN_PATTERN = /^[a-z0-9_]{1,25}$/;

/**
 * One chat line as chat-ingest read it from Twitch IRC. Stored in JetStream with `id`
 * (Twitch's message id) as the de-duplication key.
 */
export class ChatLineReceived {
  /** Twitch's message id (`id` tag). */
  @IsString()
  @MaxLength(64)
  id: string;

  /** Channel login, without the leading '#'. */
  @Matches(TWITCH_LOGIN_PATTERN)
  channel: string;

  /** The channel's Twitch user id (`room-id` tag). */
  @IsString()
  @MaxLength(32)
  channelId: string;

  /** The chatter's Twitch user id (`user-id` tag). */
  @IsString()
  @MaxLength(32)
  userId: string;

  @Matches(TWITCH_LOGIN_PATTERN)
  login: string;

  @IsString()
  @MaxLength(64)
  displayName: string;

  /** Twitch caps a chat message at 500 characters; leave room for /me framing. */
  @IsString()
  @MaxLength(1000)
  text: string;

  /** When Twitch received the line (`tmi-sent-ts`), in epoch milliseconds. */
  @IsInt()
  @Min(0)
  sentAt: number;

  /** The chatter's first message in this channel ever (`first-msg`). */
  @IsBoolean()
  firstMessage: boolean;

  /** Twitch's `returning-chatter` flag. */
  @IsBoolean()
  returningChatter: boolean;

  @IsOptional()
  @IsString()
  @MaxLength(16)
  color?: string;

  /** Badges as name → version (`badges` tag), e.g. `{ subscriber: '12' }`. */
  @IsOptional()
  @IsObject()
  badges?: Record<string, string>;

  /**
   * Set only on Twitch's raid notice (USERNOTICE `raid`, ADR 0032): the sender (`userId`,
   * `login`, `displayName`) raids the channel with this many viewers (`msg-param-viewerCount`).
   * Such a record is a raid, not a chat line of the raider; `text` holds Twitch's `system-msg`.
   */
  @IsOptional()
  @IsInt()
  @Min(0)
  raidViewerCount?: number;

  /**
   * Set only on a line made of a subscription notice (USERNOTICE `sub` or `resub`, ADR 0032):
   * a line of the subscriber, which never makes them a raider (ADR 0053).
   */
  @IsOptional()
  @IsIn(SUBSCRIPTION_NOTICES)
  subscription?: SubscriptionNotice;

  /**
   * Set only on a moderation record (ADR 0041): not a chat line. A ban or timeout names the
   * target in `userId`/`login`; a deleted message names its sender's `login` and
   * `targetMessageId`, with `userId` empty (CLEARMSG carries no user id); `text` is empty.
   */
  @IsOptional()
  @IsIn(MODERATION_ACTIONS)
  moderation?: ModerationAction;

  /** A timeout's length in seconds (`ban-duration`). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_TIMEOUT_SECONDS)
  timeoutSeconds?: number;

  /** The deleted message's Twitch id (`target-msg-id`). */
  @IsOptional()
  @IsString()
  @MaxLength(64)
  targetMessageId?: string;

  /** Where Twitch's `emotes` tag places emotes in `text`, in code points, sorted by start. */
  @IsOptional()
  @ValidateBy({
    name: 'areChatEmotes',
    validator: {
      validate: (value: unknown, args) => {
        const text = (args?.object as { text?: unknown } | undefined)?.text;
        return areChatEmotes(value, typeof text === 'string' ? text : '');
      },
      defaultMessage: () => 'emotes must lie within the text, in order, without overlapping',
    },
  })
  emotes?: ChatEmote[];
}

/**
 * Several chat lines (and raid and moderation records) in one stream message, on
 * `CHAT_LINES_BATCH_SUBJECT`, in the order chat-ingest read them (ADR 0057). Its de-duplication
 * key is a digest of its lines' ids; the sessions service counts each line once by its own id.
 * The stream may also hold single lines (`ChatLineReceived` on a channel's subject) from
 * chat-ingest replicas that did not batch yet.
 */
export interface ChatLinesBatch {
  lines: ChatLineReceived[];
}

/** Most lines in one batch message; a batch is also cut at `CHAT_LINES_BATCH_MAX_BYTES`. */
export const CHAT_LINES_BATCH_MAX_LINES = 250;
/** Bytes of JSON a batch stays under, far below NATS's 1 MB message limit. */
export const CHAT_LINES_BATCH_MAX_BYTES = 256 * 1024;

/**
 * The records a chat-lines stream message holds: a batch's lines, or `undefined` for a single
 * line (a message on a channel's subject). A batch whose `lines` is not a list is one record,
 * which fails the line check and is dead-lettered whole.
 */
export function chatLineRecords(data: unknown, subject: string): unknown[] | undefined {
  if (subject !== CHAT_LINES_BATCH_SUBJECT) return undefined;
  const lines = (data as { lines?: unknown } | null)?.lines;
  return Array.isArray(lines) ? lines : undefined;
}

/** A line of at most 1000 characters holds at most 500 emotes (one character and a space each). */
const MAX_EMOTES = 500;

const isEmote = (value: unknown): value is ChatEmote => {
  if (typeof value !== 'object' || value === null) return false;
  const emote = value as Record<string, unknown>;
  return (
    typeof emote.id === 'string' &&
    /^[A-Za-z0-9_]{1,64}$/.test(emote.id) &&
    Number.isInteger(emote.start) &&
    Number.isInteger(emote.end) &&
    (emote.start as number) >= 0 &&
    (emote.end as number) >= (emote.start as number)
  );
};

/** Emotes that lie within the line and do not overlap, in order (what the screens rely on). */
export function areChatEmotes(value: unknown, text: string): value is ChatEmote[] {
  if (!Array.isArray(value) || value.length > MAX_EMOTES) return false;
  let length: number | undefined;
  let after = 0;
  for (const emote of value) {
    if (!isEmote(emote) || emote.start < after) return false;
    length ??= [...text].length;
    if (emote.end >= length) return false;
    after = emote.end + 1;
  }
  return true;
}

const isString = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;

/**
 * The same rules as the decorators above, written out for the chat pipeline's hot path:
 * class-validator costs tens of microseconds per line, too much at thousands of lines a
 * second. A unit test keeps both in agreement.
 */
export function isChatLineReceived(value: unknown): value is ChatLineReceived {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  return (
    isString(line.id, 64) &&
    typeof line.channel === 'string' &&
    TWITCH_LOGIN_PATTERN.test(line.channel) &&
    isString(line.channelId, 32) &&
    isString(line.userId, 32) &&
    typeof line.login === 'string' &&
    TWITCH_LOGIN_PATTERN.test(line.login) &&
    isString(line.displayName, 64) &&
    isString(line.text, 1000) &&
    Number.isInteger(line.sentAt) &&
    (line.sentAt as number) >= 0 &&
    typeof line.firstMessage === 'boolean' &&
    typeof line.returningChatter === 'boolean' &&
    (line.color === undefined || isString(line.color, 16)) &&
    (line.badges === undefined ||
      (typeof line.badges === 'object' && line.badges !== null && !Array.isArray(line.badges))) &&
    (line.raidViewerCount === undefined ||
      (Number.isInteger(line.raidViewerCount) && (line.raidViewerCount as number) >= 0)) &&
    (line.emotes === undefined || areChatEmotes(line.emotes, line.text)) &&
    (line.subscription === undefined ||
      (SUBSCRIPTION_NOTICES as readonly unknown[]).includes(line.subscription)) &&
    (line.moderation === undefined ||
      (MODERATION_ACTIONS as readonly unknown[]).includes(line.moderation)) &&
    (line.timeoutSeconds === undefined ||
      (Number.isInteger(line.timeoutSeconds) &&
        (line.timeoutSeconds as number) >= 1 &&
        (line.timeoutSeconds as number) <= MAX_TIMEOUT_SECONDS)) &&
    (line.targetMessageId === undefined || isString(line.targetMessageId, 64))
  );
}
