import { describe, expect, it } from '@jest/globals';
import { emotesTag } from './twitch-lines.js';
import {
  escapeTagValue,
  formatTags,
  LineSplitter,
  MAX_CLIENT_LINE_BYTES,
  parseIrcLine,
  stripTags,
  unescapeTagValue,
} from './message.js';

describe('IRCv3 tag escaping', () => {
  it('escapes the five special characters and round-trips', () => {
    const value = 'a;b c\\d\re\nf';
    expect(escapeTagValue(value)).toBe('a\\:b\\sc\\\\d\\re\\nf');
    expect(unescapeTagValue(escapeTagValue(value))).toBe(value);
  });

  it('drops a trailing backslash and keeps unknown escapes as the character', () => {
    expect(unescapeTagValue('ab\\')).toBe('ab');
    expect(unescapeTagValue('\\q')).toBe('q');
  });

  it('formats tags in alphabetical order', () => {
    expect(formatTags({ b: '1', a: 'x y', 'user-type': '' })).toBe('a=x\\sy;b=1;user-type=');
  });
});

describe('parseIrcLine', () => {
  it('parses tags, prefix, command and trailing parameter', () => {
    const message = parseIrcLine(
      '@badges=vip/1;display-name=A\\sB;flag :a!a@a.tmi.twitch.tv PRIVMSG #chan :hello : world',
    );
    expect(message?.command).toBe('PRIVMSG');
    expect(message?.prefix).toBe('a!a@a.tmi.twitch.tv');
    expect(message?.params).toEqual(['#chan', 'hello : world']);
    expect(message?.tags.get('display-name')).toBe('A B');
    expect(message?.tags.get('flag')).toBe('');
  });

  it('returns undefined for lines without a command', () => {
    expect(parseIrcLine('@only-tags')).toBeUndefined();
    expect(parseIrcLine(':prefix.only')).toBeUndefined();
    expect(parseIrcLine('   ')).toBeUndefined();
  });

  it('upper-cases commands and keeps middle parameters', () => {
    expect(parseIrcLine('cap req :twitch.tv/tags')).toMatchObject({
      command: 'CAP',
      params: ['req', 'twitch.tv/tags'],
    });
  });
});

describe('framing', () => {
  it('keeps partial lines until their CRLF arrives', () => {
    const splitter = new LineSplitter();
    expect(splitter.push('PI')).toEqual([]);
    expect(splitter.push('NG\r\nNICK a\r\nJO')).toEqual(['PING', 'NICK a']);
    expect(splitter.push('IN #x\r\n')).toEqual(['JOIN #x']);
  });

  it('gives up on a line longer than the limit, keeping the lines before it', () => {
    const splitter = new LineSplitter(16);
    expect(splitter.push(`PING\r\n${'x'.repeat(10)}`)).toEqual(['PING']);
    expect(splitter.overflowed).toBe(false);
    expect(splitter.push('x'.repeat(10))).toEqual([]);
    expect(splitter.overflowed).toBe(true);
    // Whatever follows belongs to a stream that has lost its framing.
    expect(splitter.push('\r\nPING\r\n')).toEqual([]);
  });

  it('refuses a complete line over the limit and accepts one at the limit', () => {
    const atLimit = new LineSplitter(16);
    expect(atLimit.push(`${'y'.repeat(16)}\r\n`)).toEqual(['y'.repeat(16)]);
    expect(atLimit.overflowed).toBe(false);
    const overLimit = new LineSplitter(16);
    expect(overLimit.push(`PING\r\n${'y'.repeat(17)}\r\nPING\r\n`)).toEqual(['PING']);
    expect(overLimit.overflowed).toBe(true);
  });

  it('counts the limit in UTF-8 bytes, the unit Twitch limits lines in', () => {
    const splitter = new LineSplitter(16);
    // Six three-byte characters: 6 code units, 18 bytes.
    expect(splitter.push('こんにちはは')).toEqual([]);
    expect(splitter.overflowed).toBe(true);
  });

  it('limits client lines to 8 KB by default', () => {
    expect(MAX_CLIENT_LINE_BYTES).toBe(8192);
    const splitter = new LineSplitter();
    expect(splitter.push(`PRIVMSG #x :${'z'.repeat(8192)}`)).toEqual([]);
    expect(splitter.overflowed).toBe(true);
  });

  it('strips tags only when present', () => {
    expect(stripTags('@a=b :x PRIVMSG #c :hi')).toBe(':x PRIVMSG #c :hi');
    expect(stripTags(':x PRIVMSG #c :@hi')).toBe(':x PRIVMSG #c :@hi');
  });
});

describe('emotesTag', () => {
  it('reports positions in code points, grouped per emote', () => {
    expect(emotesTag('Kappa Keepo Kappa')).toBe('25:0-4,12-16');
    expect(emotesTag('👋 Kappa <3')).toBe('25:2-6/9:8-9');
    expect(emotesTag('\x01ACTION LUL\x01')).toBe('425618:0-2');
    expect(emotesTag('nothing here')).toBe('');
  });
});
