import { type Channel, type ChannelStore, type RecentMessage } from '../state/channels.js';
import { hashString } from '../state/random.js';
import { type EmulatorUser } from '../state/users.js';
import { type IrcTags, withTags } from './message.js';
import { channelBadges, emotesTag, userPrefix } from './twitch-lines.js';

export interface ChatMessageInput {
  readonly channel: Channel;
  readonly user: EmulatorUser;
  readonly text: string;
  readonly id: string;
  readonly sentAt: number;
  readonly clientNonce?: string;
  readonly replyTo?: RecentMessage;
  readonly returningChatter?: boolean;
  /** Tags given by the caller win over the computed ones. */
  readonly overrides?: IrcTags;
}

export interface ComposedMessage {
  readonly id: string;
  readonly line: string;
}

/**
 * A stable subscription tenure per (user, channel), so the same chatter keeps the same badge
 * across runs without storing anything: about one chatter in four is subscribed.
 */
export function subscriberMonthsFor(channel: Channel, user: EmulatorUser): number {
  if (channel.broadcaster.id === user.id) return 0;
  const trait = hashString(`${user.login}#${channel.broadcaster.login}`);
  return trait % 4 === 0 ? 1 + ((trait >>> 8) % 40) : 0;
}

/** Builds a PRIVMSG carrying Twitch's full tag set and records it for first-msg and reply tracking. */
export function composePrivmsg(input: ChatMessageInput, channels: ChannelStore): ComposedMessage {
  const { channel, user, text } = input;
  const badges = channelBadges(channel, user, subscriberMonthsFor(channel, user));
  const firstMessage = !channel.chatterIds.has(user.id);
  const tags: Record<string, string> = {
    'badge-info': badges.badgeInfo,
    badges: badges.badges,
    color: user.color,
    'display-name': user.displayName,
    emotes: emotesTag(text),
    'first-msg': firstMessage ? '1' : '0',
    flags: '',
    id: input.id,
    mod: badges.mod ? '1' : '0',
    'returning-chatter': input.returningChatter ? '1' : '0',
    'room-id': channel.broadcaster.id,
    subscriber: badges.subscriber ? '1' : '0',
    'tmi-sent-ts': String(input.sentAt),
    turbo: '0',
    'user-id': user.id,
    'user-type': badges.mod ? 'mod' : '',
  };
  if (badges.vip) tags.vip = '1';
  if (input.clientNonce) tags['client-nonce'] = input.clientNonce;
  if (input.replyTo) Object.assign(tags, replyTags(input.replyTo));
  Object.assign(tags, input.overrides);

  const id = tags.id ?? input.id;
  channel.chatterIds.add(user.id);
  const parentId = tags['reply-parent-msg-id'];
  channels.remember(channel, {
    id,
    userId: user.id,
    login: user.login,
    displayName: user.displayName,
    text,
    threadParentId: tags['reply-thread-parent-msg-id'] ?? parentId ?? id,
    threadParentLogin:
      tags['reply-thread-parent-user-login'] ?? tags['reply-parent-user-login'] ?? user.login,
  });
  return {
    id,
    line: withTags(
      tags,
      `${userPrefix(user.login)} PRIVMSG #${channel.broadcaster.login} :${text}`,
    ),
  };
}

/** Reply tags as Twitch sends them; the thread parent is the first message of the thread. */
export function replyTags(parent: RecentMessage): Record<string, string> {
  return {
    'reply-parent-display-name': parent.displayName,
    'reply-parent-msg-body': parent.text,
    'reply-parent-msg-id': parent.id,
    'reply-parent-user-id': parent.userId,
    'reply-parent-user-login': parent.login,
    'reply-thread-parent-msg-id': parent.threadParentId,
    'reply-thread-parent-user-login': parent.threadParentLogin,
  };
}
