import { type Channel } from '../state/channels.js';
import { type EmulatorUser } from '../state/users.js';
import { type IrcTags, withTags } from './message.js';

/** Server lines exactly as Twitch words them. */
export const TMI = ':tmi.twitch.tv';

export function userPrefix(login: string): string {
  return `:${login}!${login}@${login}.tmi.twitch.tv`;
}

export function welcomeLines(nick: string): string[] {
  return [
    `${TMI} 001 ${nick} :Welcome, GLHF!`,
    `${TMI} 002 ${nick} :Your host is tmi.twitch.tv`,
    `${TMI} 003 ${nick} :This server is rather new`,
    `${TMI} 004 ${nick} :-`,
    `${TMI} 375 ${nick} :-`,
    `${TMI} 372 ${nick} :You are in a maze of twisty passages, all alike.`,
    `${TMI} 376 ${nick} :>`,
  ];
}

export function notice(target: string, text: string, msgId?: string): string {
  const line = `${TMI} NOTICE ${target} :${text}`;
  return msgId ? withTags({ 'msg-id': msgId }, line) : line;
}

/**
 * CLEARCHAT as Twitch sends it: the whole chat cleared (no target), a user banned (target, no
 * `ban-duration`) or timed out (target with `ban-duration` in seconds).
 */
export function clearChatLine(
  channel: Channel,
  sentAt: number,
  target?: { user: EmulatorUser; durationSec?: number },
): string {
  const tags: Record<string, string> = {
    'room-id': channel.broadcaster.id,
    'tmi-sent-ts': String(sentAt),
  };
  const command = `${TMI} CLEARCHAT #${channel.broadcaster.login}`;
  if (!target) return withTags(tags, command);
  tags['target-user-id'] = target.user.id;
  if (target.durationSec !== undefined) tags['ban-duration'] = String(target.durationSec);
  return withTags(tags, `${command} :${target.user.login}`);
}

/** CLEARMSG for one deleted message; Twitch sends `room-id` empty on it. */
export function clearMessageLine(
  channel: Channel,
  message: { id: string; login: string; text: string },
  sentAt: number,
): string {
  return withTags(
    {
      login: message.login,
      'room-id': '',
      'target-msg-id': message.id,
      'tmi-sent-ts': String(sentAt),
    },
    `${TMI} CLEARMSG #${channel.broadcaster.login} :${message.text}`,
  );
}

/** Badges a user wears in a channel, derived from channel roles and a stable per-user trait. */
export interface ChatBadges {
  badges: string;
  badgeInfo: string;
  subscriber: boolean;
  mod: boolean;
  vip: boolean;
}

export function channelBadges(
  channel: Channel,
  user: EmulatorUser,
  subscriberMonths: number,
): ChatBadges {
  const isBroadcaster = channel.broadcaster.id === user.id;
  const mod = channel.moderatorIds.has(user.id);
  const vip = channel.vipIds.has(user.id);
  const list: string[] = [];
  if (isBroadcaster) list.push('broadcaster/1');
  if (mod) list.push('moderator/1');
  if (vip) list.push('vip/1');
  if (subscriberMonths > 0) list.push(`subscriber/${subscriberBadgeVersion(subscriberMonths)}`);
  return {
    badges: list.join(','),
    badgeInfo: subscriberMonths > 0 ? `subscriber/${subscriberMonths}` : '',
    subscriber: subscriberMonths > 0,
    mod,
    vip,
  };
}

/** Twitch shows the badge of the highest tenure tier reached (0, 3, 6, 9, 12, 24, 36... months). */
export function subscriberBadgeVersion(months: number): number {
  const tiers = [0, 3, 6, 9, 12, 24, 36, 48, 60, 72, 84, 96, 108, 120];
  let version = 0;
  for (const tier of tiers) if (months >= tier) version = tier;
  return version;
}

export function userStateTags(channel: Channel, user: EmulatorUser): IrcTags {
  const badges = channelBadges(channel, user, 0);
  return {
    'badge-info': badges.badgeInfo,
    badges: badges.badges,
    color: user.color,
    'display-name': user.displayName,
    'emote-sets': '0',
    mod: badges.mod ? '1' : '0',
    subscriber: '0',
    'user-type': badges.mod ? 'mod' : '',
  };
}

export function roomStateLine(channel: Channel): string {
  const room = channel.roomState;
  return withTags(
    {
      'emote-only': room.emoteOnly ? '1' : '0',
      'followers-only': String(room.followersOnly),
      r9k: room.r9k ? '1' : '0',
      'room-id': channel.broadcaster.id,
      slow: String(room.slow),
      'subs-only': room.subsOnly ? '1' : '0',
    },
    `${TMI} ROOMSTATE #${channel.broadcaster.login}`,
  );
}

/** A few global emotes with their real ids, so `emotes` tags reference images that exist. */
export const GLOBAL_EMOTES: Readonly<Record<string, string>> = {
  Kappa: '25',
  HeyGuys: '30259',
  LUL: '425618',
  PogChamp: '305954156',
  Kreygasm: '41',
  BibleThump: '86',
  SeemsGood: '64138',
  NotLikeThis: '58765',
  VoHiYo: '81274',
  '<3': '9',
};

/** The `emotes` tag for a message: `id:start-end,start-end/id:...`, positions in code points. */
export function emotesTag(text: string): string {
  const body = text.startsWith('\x01ACTION ') && text.endsWith('\x01') ? text.slice(8, -1) : text;
  const positions = new Map<string, string[]>();
  let index = 0;
  for (const word of body.split(' ')) {
    const length = [...word].length;
    const emoteId = GLOBAL_EMOTES[word];
    if (emoteId !== undefined && length > 0) {
      const list = positions.get(emoteId) ?? [];
      list.push(`${index}-${index + length - 1}`);
      positions.set(emoteId, list);
    }
    index += length + 1;
  }
  return [...positions].map(([id, ranges]) => `${id}:${ranges.join(',')}`).join('/');
}

/**
 * A small image for a known global emote (28x28, as Twitch's 1.0 scale), drawn from its code;
 * undefined for an id the emulator does not know, which answers 404 as the CDN does.
 */
export function renderEmote(id: string, theme: 'light' | 'dark'): string | undefined {
  const code = Object.entries(GLOBAL_EMOTES).find(([, emoteId]) => emoteId === id)?.[0];
  if (code === undefined) return undefined;
  const label = code === '<3' ? '♥' : code.slice(0, 2);
  const [fill, ink] = theme === 'dark' ? ['#bf94ff', '#18181b'] : ['#772ce8', '#ffffff'];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="28" height="28" viewBox="0 0 28 28"><rect width="28" height="28" rx="7" fill="${fill}"/><text x="14" y="19" font-family="sans-serif" font-size="12" font-weight="700" text-anchor="middle" fill="${ink}">${label}</text></svg>`;
}
