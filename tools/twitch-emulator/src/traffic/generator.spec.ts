import { describe, expect, it } from '@jest/globals';
import { parseIrcLine } from '../irc/message.js';
import { ChannelStore } from '../state/channels.js';
import { SeededRandom } from '../state/random.js';
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
  seed: 42,
};

function generate(options: TrafficOptions, count: number): string[] {
  const users = new UserStore(new SeededRandom(1), () => 'http://emulator.test');
  const channels = new ChannelStore();
  const channel = channels.channel(users.create({ login: 'streamer' }));
  const generator = new TrafficGenerator(channel, users, options, () => 1_700_000_000_000);
  return Array.from({ length: count }, () => generator.next().line);
}

describe('TrafficGenerator', () => {
  it('produces the same lines for the same seed and different lines for another seed', () => {
    const first = generate(OPTIONS, 300);
    expect(generate(OPTIONS, 300)).toEqual(first);
    expect(generate({ ...OPTIONS, seed: 43 }, 300)).not.toEqual(first);
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
