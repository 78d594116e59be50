import { isChatLineReceived, type ChatLineReceived } from '@greetboard/contracts';

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
}

const flag = (value: boolean | string | undefined) => value === true || value === '1';

/**
 * Turns a tmi.js message into a ChatLineReceived, or undefined when Twitch's line lacks what
 * a chatter needs (no message id, no user id): such lines are logged and dropped.
 */
export function toChatLine(
  channel: string,
  userstate: ChatUserstate,
  text: string,
): ChatLineReceived | undefined {
  const sentAt = Number(userstate['tmi-sent-ts']);
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
    sentAt: Number.isFinite(sentAt) && sentAt > 0 ? sentAt : Date.now(),
    firstMessage: flag(userstate['first-msg']),
    returningChatter: flag(userstate['returning-chatter']),
    ...(userstate.color ? { color: userstate.color } : {}),
    ...(Object.keys(badges).length > 0 ? { badges } : {}),
  };
  return isChatLineReceived(line) ? line : undefined;
}
