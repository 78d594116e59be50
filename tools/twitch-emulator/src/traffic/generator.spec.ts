import { describe, expect, it } from '@jest/globals';
import { parseIrcLine } from '../irc/message.js';
import { ChannelStore } from '../state/channels.js';
import { UserStore } from '../state/users.js';
import { TrafficGenerator, type TrafficOptions } from './generator.js';

const OPTIONS: TrafficOptions = {
  rate: 100,
  durationSec: 1,
  chatters: 20,
  firstTimeShare: 0.3,
  returningShare: 0.2,
  badges: true,
  emotes: true,
  unicode: true,
  longLines: true,
  replies: true,
  duplicateIdShare: 0.05,
  userNoticeShare: 0,
  seed: 42,
};

function generate(options: TrafficOptions, count: number): string[] {
  const users = new UserStore(() => 'http://emulator.test');
  const channels = new ChannelStore();
  const channel = channels.channel(users.create({ login: 'streamer' }));
  const generator = new TrafficGenerator(channel, users, options, () => 1_700_000_000_000);
  return Array.from({ length: count }, () => generator.next().line);
}

/** A line with its message ids (own and reply parent's) replaced by their first-seen order. */
function withoutIds(lines: readonly string[]): string[] {
  const order = new Map<string, number>();
  return lines.map((line) =>
    line.replace(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g, (id) => {
      if (!order.has(id)) order.set(id, order.size);
      return `#${order.get(id)}`;
    }),
  );
}

function messageIds(lines: readonly string[]): string[] {
  return lines.map((line) => parseIrcLine(line)?.tags.get('id') ?? '');
}

describe('TrafficGenerator', () => {
  it('produces the same lines for the same seed and different lines for another seed', () => {
    const first = generate(OPTIONS, 300);
    expect(withoutIds(generate(OPTIONS, 300))).toEqual(withoutIds(first));
    expect(withoutIds(generate({ ...OPTIONS, seed: 43 }, 300))).not.toEqual(withoutIds(first));
  });

  it('gives every line a fresh random message id, even when the seed repeats', () => {
    const options = { ...OPTIONS, duplicateIdShare: 0 };
    const first = messageIds(generate(options, 300));
    const second = messageIds(generate(options, 300));
    expect(new Set([...first, ...second]).size).toBe(600);
  });

  it('repeats earlier ids exactly for the duplicate share', () => {
    const ids = messageIds(generate(OPTIONS, 1000));
    const repeats = ids.length - new Set(ids).size;
    expect(repeats).toBeGreaterThan(20);
    expect(repeats).toBeLessThan(100);
  });

  it('mixes in the configured share of USERNOTICEs with Twitch tags', () => {
    const lines = generate({ ...OPTIONS, duplicateIdShare: 0, userNoticeShare: 0.2 }, 2000);
    const notices = lines
      .map((line) => parseIrcLine(line))
      .filter((m) => m?.command === 'USERNOTICE');
    expect(notices.length).toBeGreaterThan(300);
    expect(notices.length).toBeLessThan(500);
    const kinds = new Set(notices.map((message) => message?.tags.get('msg-id')));
    expect([...kinds].sort()).toEqual(['announcement', 'raid', 'resub', 'sub', 'subgift']);
    for (const message of notices) {
      expect(message?.params[0]).toBe('#streamer');
      for (const tag of ['id', 'login', 'room-id', 'tmi-sent-ts', 'user-id'])
        expect(message?.tags.get(tag)).toBeTruthy();
      // Empty only on announcements, as on Twitch.
      expect(message?.tags.get('system-msg') === '').toBe(
        message?.tags.get('msg-id') === 'announcement',
      );
      switch (message?.tags.get('msg-id')) {
        case 'raid':
          expect(Number(message.tags.get('msg-param-viewerCount'))).toBeGreaterThan(0);
          expect(message.tags.get('msg-param-login')).toBe(message.tags.get('login'));
          break;
        case 'resub':
          expect(Number(message.tags.get('msg-param-cumulative-months'))).toBeGreaterThan(1);
          break;
        case 'subgift':
          expect(message.tags.get('msg-param-recipient-user-name')).not.toBe(
            message.tags.get('login'),
          );
          break;
        case 'announcement':
          expect(message.tags.get('login')).toBe('streamer');
          expect(message.params[1]).toBeTruthy();
          break;
        case 'sub':
          expect(message.tags.get('msg-param-cumulative-months')).toBe('1');
          break;
        default:
          throw new Error(`unexpected msg-id ${String(message?.tags.get('msg-id'))}`);
      }
    }
    expect(
      generate({ ...OPTIONS, userNoticeShare: 0 }, 500).some((line) =>
        line.includes(' USERNOTICE '),
      ),
    ).toBe(false);
  });

  it('produces valid PRIVMSGs with the full tag set', () => {
    const lines = generate(OPTIONS, 300);
    for (const line of lines) {
      const message = parseIrcLine(line);
      expect(message?.command).toBe('PRIVMSG');
      expect(message?.params[0]).toBe('#streamer');
      for (const tag of [
        'badge-info',
        'badges',
        'color',
        'display-name',
        'emotes',
        'first-msg',
        'flags',
        'id',
        'mod',
        'returning-chatter',
        'room-id',
        'subscriber',
        'tmi-sent-ts',
        'turbo',
        'user-id',
        'user-type',
      ]) {
        expect(message?.tags.has(tag)).toBe(true);
      }
      expect(message?.tags.get('tmi-sent-ts')).toBe('1700000000000');
    }
    expect(lines.some((line) => line.includes(';reply-parent-msg-id='))).toBe(true);
    expect(lines.some((line) => line.includes(';first-msg=1;'))).toBe(true);
    expect(lines.some((line) => line.includes(';returning-chatter=1;'))).toBe(true);
    expect(lines.some((line) => [...line].some((char) => char.charCodeAt(0) > 127))).toBe(true);
  });

  it('produces maximum-length lines of exactly 500 code points and nothing longer', () => {
    const lengths = generate(OPTIONS, 1000).map((line) => {
      const text = parseIrcLine(line)?.params[1] ?? '';
      // A /me action counts the text inside the CTCP wrapper, as Twitch's limit does.
      const action = text.startsWith('\x01ACTION ') && text.endsWith('\x01');
      const body = action ? text.slice('\x01ACTION '.length, -1) : text;
      return [...body].length;
    });
    expect(lengths.filter((length) => length === 500).length).toBeGreaterThan(0);
    expect(Math.max(...lengths)).toBe(500);
    expect(lengths.filter((length) => length > 100 && length < 500)).toEqual([]);
  });

  it('marks a chatter first-time only on their first line', () => {
    const firsts = new Map<string, number>();
    for (const line of generate({ ...OPTIONS, duplicateIdShare: 0 }, 500)) {
      const message = parseIrcLine(line);
      if (message?.tags.get('first-msg') === '1') {
        const userId = message.tags.get('user-id') ?? '';
        firsts.set(userId, (firsts.get(userId) ?? 0) + 1);
      }
    }
    expect(firsts.size).toBeGreaterThan(0);
    expect([...firsts.values()].every((count) => count === 1)).toBe(true);
  });
});
