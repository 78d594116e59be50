import { randomUUID } from 'node:crypto';
import { channelBadges, emotesTag } from '../irc/twitch-lines.js';
import { escapeTagValue } from '../irc/message.js';
import { subscriberMonthsFor } from '../irc/chat-message.js';
import {
  ANNOUNCEMENT_COLORS,
  SUB_PLANS,
  type UserNotice,
  type UserNoticeKind,
  userNoticeLine,
} from '../irc/user-notice.js';
import { type Channel, rememberMessage } from '../state/channels.js';
import { SeededRandom } from '../state/random.js';
import { type EmulatorUser, type UserStore } from '../state/users.js';
import { chatText, LOCALIZED_DISPLAY_NAMES, type TextStyle } from './phrases.js';

export interface TrafficOptions {
  /** Lines per second. */
  readonly rate: number;
  readonly durationSec: number;
  /** Size of the chatter pool. */
  readonly chatters: number;
  /** Share of chatters whose first line in the run carries `first-msg=1`. */
  readonly firstTimeShare: number;
  /** Share of chatters whose first line in the run carries `returning-chatter=1`. */
  readonly returningShare: number;
  readonly badges: boolean;
  readonly emotes: boolean;
  readonly unicode: boolean;
  readonly longLines: boolean;
  readonly replies: boolean;
  /** Share of lines that repeat an earlier line's message id, as a duplicated delivery would. */
  readonly duplicateIdShare: number;
  /** Share of lines that are USERNOTICEs (raid, sub, resub, subgift, announcement) instead of chat. */
  readonly userNoticeShare: number;
  readonly seed: number;
}

/** How often each USERNOTICE kind occurs among generated notices (weights summing to 1). */
const NOTICE_MIX: readonly (readonly [UserNoticeKind, number])[] = [
  ['sub', 0.3],
  ['resub', 0.35],
  ['subgift', 0.2],
  ['raid', 0.05],
  ['announcement', 0.1],
];

export interface GeneratedLine {
  /** `privmsg` for chat, else the USERNOTICE's `msg-id`. */
  readonly kind: 'privmsg' | UserNoticeKind;
  readonly id: string;
  readonly login: string;
  readonly userId: string;
  readonly duplicate: boolean;
  readonly line: string;
}

interface Chatter {
  readonly user: EmulatorUser;
  readonly kind: 'first-time' | 'returning' | 'regular';
  /** Tags before `emotes`, pre-serialised once per chatter and channel. */
  readonly head: string;
  /** Tags between `id` and `reply-*`: mod. */
  readonly mod: string;
  /** Tags after `tmi-sent-ts`. */
  readonly tail: string;
  readonly prefix: string;
  spoken: boolean;
}

interface Spoken {
  readonly id: string;
  readonly chatter: Chatter;
  readonly text: string;
  readonly line: string;
}

/**
 * Seeded chat: the same seed, options and clock give the same lines apart from their message
 * ids, which are random UUIDs so that no run, in this process or a restarted one, repeats
 * another's (duplicates are deliberate, `duplicateIdShare`). Lines are built from
 * per-chatter pre-serialised tag fragments so that generation keeps up with benchmark rates.
 */
export class TrafficGenerator {
  private readonly random: SeededRandom;
  private readonly chatters: Chatter[];
  private readonly recent: Spoken[] = [];
  private readonly style: TextStyle;

  constructor(
    private readonly channel: Channel,
    users: UserStore,
    private readonly options: TrafficOptions,
    private readonly clock: () => number = Date.now,
  ) {
    this.random = new SeededRandom(options.seed);
    this.style = { emotes: options.emotes, unicode: options.unicode, longLines: options.longLines };
    const roles = this.random.fork('roles');
    const names = this.random.fork('names');
    this.chatters = Array.from({ length: options.chatters }, (_, index) => {
      const login = `tv${options.seed % 100_000}_${index}`;
      const localized =
        options.unicode && names.chance(0.2) ? names.pick(LOCALIZED_DISPLAY_NAMES) : undefined;
      const user = users.ensure(login, localized);
      const roll = roles.next();
      const kind =
        roll < options.firstTimeShare
          ? 'first-time'
          : roll < options.firstTimeShare + options.returningShare
            ? 'returning'
            : 'regular';
      return this.chatter(user, kind);
    });
  }

  next(): GeneratedLine {
    const random = this.random;
    if (this.recent.length > 0 && random.chance(this.options.duplicateIdShare)) {
      // A duplicated delivery repeats an earlier line byte for byte, id included.
      const again = random.pick(this.recent);
      return {
        kind: 'privmsg',
        id: again.id,
        login: again.chatter.user.login,
        userId: again.chatter.user.id,
        duplicate: true,
        line: again.line,
      };
    }
    if (this.options.userNoticeShare > 0 && random.chance(this.options.userNoticeShare))
      return this.userNotice();
    const chatter = this.pickChatter();
    const id = randomUUID();
    const text = chatText(random, this.style);
    const parent =
      this.options.replies && this.recent.length > 0 && random.chance(0.1)
        ? random.pick(this.recent)
        : undefined;
    const first = !chatter.spoken && chatter.kind === 'first-time';
    const returning = !chatter.spoken && chatter.kind === 'returning';
    chatter.spoken = true;

    let line = `${chatter.head};emotes=${this.options.emotes ? emotesTag(text) : ''};first-msg=${first ? 1 : 0};flags=;id=${id};${chatter.mod}`;
    if (parent) {
      const author = parent.chatter.user;
      line +=
        `;reply-parent-display-name=${escapeTagValue(author.displayName)};reply-parent-msg-body=${escapeTagValue(parent.text)}` +
        `;reply-parent-msg-id=${parent.id};reply-parent-user-id=${author.id};reply-parent-user-login=${author.login}` +
        `;reply-thread-parent-msg-id=${parent.id};reply-thread-parent-user-login=${author.login}`;
    }
    line += `;returning-chatter=${returning ? 1 : 0};${chatter.tail.replace('\u0000', String(this.clock()))}${chatter.prefix}${text}`;

    this.recent.push({ id, chatter, text, line });
    rememberMessage(this.channel, {
      id,
      userId: chatter.user.id,
      login: chatter.user.login,
      displayName: chatter.user.displayName,
      text,
      threadParentId: parent?.id ?? id,
      threadParentLogin: parent?.chatter.user.login ?? chatter.user.login,
    });
    if (this.recent.length > 50) this.recent.shift();
    return {
      kind: 'privmsg',
      id,
      login: chatter.user.login,
      userId: chatter.user.id,
      duplicate: false,
      line,
    };
  }

  /** Chat is skewed: a few chatters write most lines. */
  private pickChatter(): Chatter {
    const index = Math.floor(this.chatters.length * this.random.next() ** 2);
    return this.chatters[index];
  }

  private userNotice(): GeneratedLine {
    const random = this.random;
    let roll = random.next();
    const kind = NOTICE_MIX.find(([, weight]) => (roll -= weight) < 0)?.[0] ?? 'sub';
    const user = this.pickChatter().user;
    const notice = this.noticeOf(kind, user);
    const id = randomUUID();
    return {
      kind,
      id,
      login: notice.user.login,
      userId: notice.user.id,
      duplicate: false,
      line: userNoticeLine(this.channel, notice, id, this.clock()),
    };
  }

  /** A chat phrase without the /me wrapper, which a notice's message never carries. */
  private noticeText(): string {
    const text = chatText(this.random, this.style);
    return text.startsWith('\x01ACTION ') ? text.slice('\x01ACTION '.length, -1) : text;
  }

  private noticeOf(kind: UserNoticeKind, user: EmulatorUser): UserNotice {
    const random = this.random;
    switch (kind) {
      case 'raid':
        return { kind, user, viewerCount: random.between(1, 2000) };
      case 'sub':
        return { kind, user, plan: random.pick(SUB_PLANS) };
      case 'resub': {
        const cumulativeMonths = random.between(2, 60);
        return {
          kind,
          user,
          plan: random.pick(SUB_PLANS),
          cumulativeMonths,
          ...(random.chance(0.5) ? { streakMonths: random.between(1, cumulativeMonths) } : {}),
          ...(random.chance(0.7) ? { message: this.noticeText() } : {}),
        };
      }
      case 'subgift': {
        // Anyone in the pool but the gifter (a pool of one gifts to itself).
        const index = random.int(this.chatters.length);
        const drawn = this.chatters[index];
        const next = this.chatters[(index + 1) % this.chatters.length];
        const recipient = drawn.user === user ? next.user : drawn.user;
        return {
          kind,
          user,
          recipient,
          plan: random.pick(SUB_PLANS.filter((plan) => plan !== 'Prime')),
          months: random.between(1, 24),
        };
      }
      case 'announcement':
        // Only the broadcaster and moderators announce.
        return {
          kind,
          user: this.channel.broadcaster,
          message: this.noticeText(),
          color: random.pick(ANNOUNCEMENT_COLORS),
        };
    }
  }

  private chatter(user: EmulatorUser, kind: Chatter['kind']): Chatter {
    const channel = this.channel;
    const badges = this.options.badges
      ? channelBadges(channel, user, subscriberMonthsFor(channel, user))
      : { badges: '', badgeInfo: '', subscriber: false, mod: false, vip: false };
    const head = `@badge-info=${badges.badgeInfo};badges=${badges.badges};color=${user.color};display-name=${escapeTagValue(user.displayName)}`;
    const tail =
      `room-id=${channel.broadcaster.id};subscriber=${badges.subscriber ? 1 : 0};tmi-sent-ts=\u0000;turbo=0` +
      `;user-id=${user.id};user-type=${badges.mod ? 'mod' : ''}${badges.vip ? ';vip=1' : ''} `;
    return {
      user,
      kind,
      head,
      mod: `mod=${badges.mod ? 1 : 0}`,
      tail,
      prefix: `:${user.login}!${user.login}@${user.login}.tmi.twitch.tv PRIVMSG #${channel.broadcaster.login} :`,
      spoken: false,
    };
  }
}
