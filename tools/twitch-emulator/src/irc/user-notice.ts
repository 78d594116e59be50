import { type Channel } from '../state/channels.js';
import { type EmulatorUser } from '../state/users.js';
import { subscriberMonthsFor } from './chat-message.js';
import { withTags } from './message.js';
import { channelBadges, emotesTag, TMI } from './twitch-lines.js';

/** `msg-param-sub-plan` values: Prime, or tier 1, 2 and 3. */
export const SUB_PLANS = ['Prime', '1000', '2000', '3000'] as const;
export type SubPlan = (typeof SUB_PLANS)[number];

/** The colours Twitch accepts for an announcement (`msg-param-color`). */
export const ANNOUNCEMENT_COLORS = ['PRIMARY', 'BLUE', 'GREEN', 'ORANGE', 'PURPLE'] as const;
export type AnnouncementColor = (typeof ANNOUNCEMENT_COLORS)[number];

/** The USERNOTICE kinds the emulator sends; `msg-id` carries the kind. */
export const USER_NOTICE_KINDS = ['raid', 'sub', 'resub', 'subgift', 'announcement'] as const;
export type UserNoticeKind = (typeof USER_NOTICE_KINDS)[number];

export type UserNotice =
  /** `user` raids the channel with `viewerCount` viewers. */
  | { kind: 'raid'; user: EmulatorUser; viewerCount: number }
  /** `user` subscribes for the first time. */
  | { kind: 'sub'; user: EmulatorUser; plan: SubPlan }
  /** `user` resubscribes; `message` is what they wrote with it, `streakMonths` shared if given. */
  | {
      kind: 'resub';
      user: EmulatorUser;
      plan: SubPlan;
      cumulativeMonths: number;
      streakMonths?: number;
      message?: string;
    }
  /** `user` gifts a subscription to `recipient`, whose tenure becomes `months`. */
  | {
      kind: 'subgift';
      user: EmulatorUser;
      recipient: EmulatorUser;
      plan: SubPlan;
      months: number;
    }
  /** `user` (the broadcaster or a moderator) announces `message`. */
  | { kind: 'announcement'; user: EmulatorUser; message: string; color: AnnouncementColor };

/**
 * A USERNOTICE as Twitch sends it: the sender's tags, `msg-id` naming the kind, its
 * `msg-param-*` tags and `system-msg`, and the user's own message as the trailing parameter
 * when there is one (resub, announcement).
 */
export function userNoticeLine(
  channel: Channel,
  notice: UserNotice,
  id: string,
  sentAt: number,
): string {
  const user = notice.user;
  const ownMonths =
    notice.kind === 'sub' ? 1 : notice.kind === 'resub' ? notice.cumulativeMonths : undefined;
  const badges = channelBadges(channel, user, ownMonths ?? subscriberMonthsFor(channel, user));
  const message =
    notice.kind === 'resub' || notice.kind === 'announcement' ? notice.message : undefined;
  const params = noticeParams(channel, notice);
  const tags: Record<string, string> = {
    'badge-info': badges.badgeInfo,
    badges: badges.badges,
    color: user.color,
    'display-name': user.displayName,
    emotes: message === undefined ? '' : emotesTag(message),
    flags: '',
    id,
    login: user.login,
    mod: badges.mod ? '1' : '0',
    'msg-id': notice.kind,
    'room-id': channel.broadcaster.id,
    subscriber: badges.subscriber ? '1' : '0',
    'system-msg': params.systemMsg,
    'tmi-sent-ts': String(sentAt),
    turbo: '0',
    'user-id': user.id,
    'user-type': badges.mod ? 'mod' : '',
    ...params.tags,
  };
  if (badges.vip) tags.vip = '1';
  const command = `${TMI} USERNOTICE #${channel.broadcaster.login}`;
  return withTags(tags, message === undefined ? command : `${command} :${message}`);
}

function noticeParams(
  channel: Channel,
  notice: UserNotice,
): { tags: Record<string, string>; systemMsg: string } {
  const name = notice.user.displayName;
  switch (notice.kind) {
    case 'raid':
      return {
        tags: {
          'msg-param-displayName': name,
          'msg-param-login': notice.user.login,
          'msg-param-profileImageURL': notice.user.profileImageUrl,
          'msg-param-viewerCount': String(notice.viewerCount),
        },
        systemMsg: `${notice.viewerCount} raiders from ${name} have joined!`,
      };
    case 'sub':
      return {
        tags: {
          'msg-param-cumulative-months': '1',
          'msg-param-months': '0',
          'msg-param-should-share-streak': '0',
          ...planTags(channel, notice.plan),
          'msg-param-was-gifted': 'false',
        },
        systemMsg: `${name} ${subscribedWith(notice.plan)}.`,
      };
    case 'resub': {
      const months = notice.cumulativeMonths;
      const streak = notice.streakMonths;
      const tags: Record<string, string> = {
        'msg-param-cumulative-months': String(months),
        'msg-param-months': '0',
        'msg-param-should-share-streak': streak === undefined ? '0' : '1',
        ...planTags(channel, notice.plan),
        'msg-param-was-gifted': 'false',
      };
      if (streak !== undefined) tags['msg-param-streak-months'] = String(streak);
      const tenure =
        streak === undefined
          ? `They've subscribed for ${months} months!`
          : `They've subscribed for ${months} months, currently on a ${streak} month streak!`;
      return { tags, systemMsg: `${name} ${subscribedWith(notice.plan)}. ${tenure}` };
    }
    case 'subgift':
      return {
        tags: {
          'msg-param-gift-months': '1',
          'msg-param-months': String(notice.months),
          'msg-param-recipient-display-name': notice.recipient.displayName,
          'msg-param-recipient-id': notice.recipient.id,
          'msg-param-recipient-user-name': notice.recipient.login,
          ...planTags(channel, notice.plan),
        },
        systemMsg: `${name} gifted a ${tierName(notice.plan)} sub to ${notice.recipient.displayName}!`,
      };
    case 'announcement':
      return { tags: { 'msg-param-color': notice.color }, systemMsg: '' };
  }
}

function planTags(channel: Channel, plan: SubPlan): Record<string, string> {
  return {
    'msg-param-sub-plan': plan,
    // Twitch's default plan name for a channel that did not rename its subscription.
    'msg-param-sub-plan-name': `Channel Subscription (${channel.broadcaster.login})`,
  };
}

function tierName(plan: SubPlan): string {
  return plan === 'Prime' ? 'Tier 1' : `Tier ${Number(plan) / 1000}`;
}

function subscribedWith(plan: SubPlan): string {
  return plan === 'Prime' ? 'subscribed with Prime' : `subscribed at ${tierName(plan)}`;
}
