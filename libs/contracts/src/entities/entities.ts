/** The shapes the API and the live channel answer with. */

export interface UserDto {
  id: string;
  username: string;
  displayName: string;
  profileImage: string | null;
  twitchId: string;
  isApproved: boolean;
  isAdmin: boolean;
}

export interface SessionDto {
  id: string;
  name: string;
  /** JSON-encoded list of strings. */
  keywords: string;
  isActive: boolean;
  createdAt: string;
  startedAt: string | null;
  endedAt: string | null;
  userId: string;
  user: { username: string };
  _count: { chatters: number };
  /** Who began it (ADR 0045): a person, or auto-start when the stream went live. */
  startedBy: SessionStarter;
  /** The owner's stream while the session runs, as Greetboard last saw it; null otherwise. */
  stream: SessionStreamDto | null;
}

export const SESSION_STARTERS = ['manual', 'auto'] as const;
export type SessionStarter = (typeof SESSION_STARTERS)[number];

/** The owner's Twitch stream as a running session knows it (ADR 0045). */
export interface SessionStreamDto {
  live: boolean;
  /** The stream's title, when known. */
  title: string | null;
  /** When it went live or offline (ISO 8601). */
  since: string;
  /**
   * An auto-started session whose stream went offline stops at this time (ISO 8601) unless the
   * stream comes back first; null for a live stream or a session started by hand.
   */
  stopsAt: string | null;
}

export interface ChatterDto {
  id: string;
  sessionId: string;
  username: string;
  twitchId: string;
  displayName: string;
  profileImage: string | null;
  firstMessage: string;
  messageCount: number;
  firstSeenAt: string;
  lastSeenAt: string;
  isGreeted: boolean;
  greetedAt: string | null;
  greetedBy: string | null;
  greetedByUser: { displayName: string; profileImage: string | null } | null;
  /** Twitch's `first-msg` tag on the chatter's first counted line. */
  isFirstTimeChatter: boolean;
  /** Twitch's `returning-chatter` tag on the chatter's first counted line. */
  isReturningChatter: boolean;
  /** The raid the chatter arrived with (first seen within the raid window, ADR 0053), else null. */
  raidId: string | null;
  /** Where Twitch's `emotes` tag placed emotes in `firstMessage` (code point offsets). */
  firstMessageEmotes: ChatEmote[];
  /**
   * The chatter's last appearance in an earlier session of the same owner, as Greetboard saw
   * it when the chatter first appeared in this session; null when never seen before.
   */
  lastSeenBeforeAt: string | null;
  /** In how many of the owner's sessions the chatter has appeared, this one included. */
  sessionsSeen: number;
  /** Banned or timed out on Twitch during the session (ADR 0041), else null. */
  moderation: ChatterModeration | null;
  /** When Twitch applied `moderation`. */
  moderatedAt: string | null;
  /** When a timeout ends; null for a ban or without moderation. */
  timeoutEndsAt: string | null;
  /** A moderator deleted the chatter's first message on Twitch. */
  firstMessageDeleted: boolean;
}

/**
 * A chatter's card (ADR 0055): the row as the lists have it, and what only the card shows,
 * read when the card opens.
 */
export interface ChatterCardDto {
  chatter: ChatterDto;
  /**
   * Twitch's `badges` tag of the chatter's latest counted line as name → version, e.g.
   * `{ subscriber: '12', moderator: '1' }`; empty before the first line that carried it.
   */
  badges: Record<string, string>;
  /** When the Twitch account was created (Helix `created_at`), once the profile job knows it. */
  accountCreatedAt: string | null;
}

export const CHATTER_MODERATIONS = ['banned', 'timed_out'] as const;
export type ChatterModeration = (typeof CHATTER_MODERATIONS)[number];

/**
 * One emote of a chat line, as Twitch's `emotes` tag places it: the emote id and the first and
 * last character, counted in Unicode code points (not UTF-16 units), both inclusive.
 */
export interface ChatEmote {
  id: string;
  start: number;
  end: number;
}

/** A raid on the session's channel (Twitch's USERNOTICE `raid`, ADR 0032). */
export interface RaidDto {
  id: string;
  sessionId: string;
  raiderTwitchId: string;
  raiderLogin: string;
  raiderDisplayName: string;
  viewerCount: number;
  raidedAt: string;
  /**
   * How long after the raid a new chatter's first line made them its raider: the owner's
   * setting when the raid came (ADR 0053).
   */
  windowSeconds: number;
  /** Chatters marked as this raid's raiders, and how many of them are greeted. */
  raiderCount: number;
  greetedCount: number;
}

/** The answer to 'greet all raiders' and to its undo: the chatters it changed. */
export interface RaidGreetResult {
  raidId: string;
  chatters: ChatterDto[];
}
