import {
  areChatEmotes,
  isChatLineReceived,
  type ChatEmote,
  type ChatLineReceived,
} from '@greetboard/contracts';

/** The tags tmi.js hands over with a chat message, as it parses them. */
export interface ChatUserstate {
  id?: string;
  'user-id'?: string;
  'room-id'?: string;
  username?: string;
  'display-name'?: string;
  color?: string | null;
  badges?: Record<string, string | undefined> | null;
  'tmi-sent-ts'?: string;
  'first-msg'?: boolean | string;
  'returning-chatter'?: boolean | string;
  'message-type'?: string;
  /** tmi.js's parse of the `emotes` tag: emote id → `start-end` ranges. */
  emotes?: Record<string, string[] | undefined> | null;
}

const flag = (value: boolean | string | undefined) => value === true || value === '1';

/** A tag as text: tmi.js turns '1' and '0' into booleans and an empty value into null. */
const tagText = (value: string | boolean | null | undefined): string | undefined =>
  value === true ? '1' : value === false ? '0' : (value ?? undefined);

const sentAtOf = (tag: string | undefined): number => {
  const sentAt = Number(tag);
  return Number.isFinite(sentAt) && sentAt > 0 ? sentAt : Date.now();
};

/**
 * Turns a tmi.js message into a ChatLineReceived, or undefined when Twitch's line lacks what
 * a chatter needs (no message id, no user id): such lines are logged and dropped.
 */
export function toChatLine(
  channel: string,
  userstate: ChatUserstate,
  text: string,
): ChatLineReceived | undefined {
  const badges = Object.fromEntries(
    Object.entries(userstate.badges ?? {}).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  const line = {
    id: userstate.id,
    channel: channel.replace(/^#/, '').toLowerCase(),
    channelId: userstate['room-id'],
    userId: userstate['user-id'],
    login: userstate.username,
    displayName: userstate['display-name'] || userstate.username,
    text,
    sentAt: sentAtOf(userstate['tmi-sent-ts']),
    firstMessage: flag(userstate['first-msg']),
    returningChatter: flag(userstate['returning-chatter']),
    ...(userstate.color ? { color: userstate.color } : {}),
    ...(Object.keys(badges).length > 0 ? { badges } : {}),
    ...emotesOf(userstate.emotes, text),
  };
  return isChatLineReceived(line) ? line : undefined;
}

/** The tags tmi.js hands over with a USERNOTICE (sub, resub, raid), as it parses them. */
export interface UserNoticeTags extends ChatUserstate {
  login?: string;
  'msg-id'?: string;
  'system-msg'?: string;
  /** tmi.js turns '1' into true and '0' into false, so a count of one arrives as `true`. */
  'msg-param-viewerCount'?: string | boolean;
}

/**
 * A `sub` or `resub` notice as a chat line of the subscriber (ADR 0032): their own message
 * when they wrote one, else Twitch's `system-msg` ("Ronni subscribed at Tier 1."), so a sub
 * without a message still puts the subscriber on the desk with a line that says why. tmi.js
 * emits this only for `sub` and `resub`; anything but `sub` is marked `resub`.
 */
export function toSubscriptionLine(
  channel: string,
  tags: UserNoticeTags,
  message: string | null | undefined,
): ChatLineReceived | undefined {
  const text = message?.trim() ? message : (tags['system-msg'] ?? '').trim();
  const line = toChatLine(channel, { ...tags, username: tags.login }, text);
  // Marked as a notice, so it never makes the subscriber a raider (ADR 0053).
  return line && { ...line, subscription: tags['msg-id'] === 'sub' ? 'sub' : 'resub' };
}

/** A `raid` notice as a raid record: the raider, the viewer count and Twitch's `system-msg`. */
export function toRaidRecord(channel: string, tags: UserNoticeTags): ChatLineReceived | undefined {
  const raw = tags['msg-param-viewerCount'];
  const viewers = raw === true ? 1 : raw === false ? 0 : Number(raw);
  if (!Number.isInteger(viewers) || viewers < 0) return undefined;
  const line = toChatLine(
    channel,
    { ...tags, username: tags.login, 'first-msg': false, 'returning-chatter': false },
    (tags['system-msg'] ?? '').trim(),
  );
  return line && { ...line, raidViewerCount: viewers };
}

/** The tags tmi.js hands over with a CLEARCHAT or a CLEARMSG, as it parses them. */
export interface ModerationTags {
  'room-id'?: string | boolean | null;
  'target-user-id'?: string | boolean | null;
  /** tmi.js leaves this one as text. */
  'ban-duration'?: string | null;
  'tmi-sent-ts'?: string;
  login?: string | boolean | null;
  'target-msg-id'?: string | boolean | null;
}

/** A moderation record (ADR 0041): not a line, so no text and no first-message flags. */
function moderationRecord(
  channel: string,
  fields: Pick<ChatLineReceived, 'id' | 'userId' | 'login' | 'moderation'> &
    Partial<Pick<ChatLineReceived, 'timeoutSeconds' | 'targetMessageId'>>,
  tags: ModerationTags,
): ChatLineReceived | undefined {
  const record = {
    channel: channel.replace(/^#/, '').toLowerCase(),
    channelId: tagText(tags['room-id']) ?? '',
    displayName: fields.login,
    text: '',
    sentAt: sentAtOf(tags['tmi-sent-ts']),
    firstMessage: false,
    returningChatter: false,
    ...fields,
  };
  return isChatLineReceived(record) ? record : undefined;
}

/**
 * A CLEARCHAT: a ban of `target` (the login Twitch sends as the message) without
 * `ban-duration`, a timeout with it. CLEARCHAT has no message id, so the record's id (the
 * stream's de-duplication key) is made of the channel, the target and Twitch's time, the same
 * on every replica that reads it. A cleared chat (no target) changes no chatter and gives
 * undefined, as does a ban without a target user id.
 */
export function toClearChatRecord(
  channel: string,
  target: string | null | undefined,
  tags: ModerationTags,
): ChatLineReceived | undefined {
  const userId = tagText(tags['target-user-id']);
  if (!target || !userId) return undefined;
  const duration = tags['ban-duration'];
  const timeout = duration !== undefined && duration !== null;
  return moderationRecord(
    channel,
    {
      id: `clearchat:${tagText(tags['room-id']) ?? ''}:${userId}:${tags['tmi-sent-ts'] ?? ''}`,
      userId,
      login: target.toLowerCase(),
      moderation: timeout ? 'timeout' : 'ban',
      ...(timeout ? { timeoutSeconds: Number(duration) } : {}),
    },
    tags,
  );
}

/**
 * A CLEARMSG: one message deleted. Twitch sends the sender's login and the message id but no
 * user id; a message is deleted once, so its id makes the record's id.
 */
export function toDeletedMessageRecord(
  channel: string,
  tags: ModerationTags,
): ChatLineReceived | undefined {
  const messageId = tagText(tags['target-msg-id']);
  const login = tagText(tags.login);
  if (!messageId || !login) return undefined;
  return moderationRecord(
    channel,
    {
      id: `clearmsg:${messageId}`,
      userId: '',
      login: login.toLowerCase(),
      moderation: 'delete_message',
      targetMessageId: messageId,
    },
    tags,
  );
}

/**
 * Twitch's emote positions as a sorted list. Positions count code points, as Twitch does;
 * a tag that does not fit the text (overlapping or out of range) is dropped, never the line.
 */
export function emotesOf(tag: ChatUserstate['emotes'], text: string): { emotes?: ChatEmote[] } {
  const emotes: ChatEmote[] = [];
  for (const [id, ranges] of Object.entries(tag ?? {})) {
    for (const range of ranges ?? []) {
      const match = /^(\d+)-(\d+)$/.exec(range);
      if (match) emotes.push({ id, start: Number(match[1]), end: Number(match[2]) });
    }
  }
  if (emotes.length === 0) return {};
  emotes.sort((a, b) => a.start - b.start);
  return areChatEmotes(emotes, text) ? { emotes } : {};
}
