/** The shapes the API and the live channel answer with (spec section 3). */

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
  /** Where Twitch's `emotes` tag placed emotes in `firstMessage` (code point offsets). */
  firstMessageEmotes: ChatEmote[];
  /**
   * The chatter's last appearance in an earlier session of the same owner, as Greetboard saw
   * it when the chatter first appeared in this session; null when never seen before.
   */
  lastSeenBeforeAt: string | null;
  /** In how many of the owner's sessions the chatter has appeared, this one included. */
  sessionsSeen: number;
}

/**
 * One emote of a chat line, as Twitch's `emotes` tag places it: the emote id and the first and
 * last character, counted in Unicode code points (not UTF-16 units), both inclusive.
 */
export interface ChatEmote {
  id: string;
  start: number;
  end: number;
}
