import { describe, expect, it } from '@jest/globals';
import { KeywordFilter } from './keyword-filter.js';

const matches = (keywords: string[], text: string) => new KeywordFilter(keywords).matches(text);

describe('KeywordFilter (ADR 0009)', () => {
  it('lets every line count when there are no keywords', () => {
    expect(matches([], 'anything at all')).toBe(true);
    expect(matches(['  ', ''], 'blank keywords are no keywords')).toBe(true);
  });

  it.each([
    ['hello', 'Hello!'],
    ['hello', 'HeyGuys hello Kappa'],
    ['hello', '@streamer, hello?'],
    ['good morning', 'Good   morning!!'],
    ['good morning', 'good-morning everyone'],
    ['!join', 'I will !join'],
    ['!join', 'join'],
    ['café', 'CAFÉ time'],
    ['ｈｅｌｌｏ', 'hello'],
    ['❤', 'love you ❤❤'],
  ])('%s matches "%s"', (keyword, text) => {
    expect(matches([keyword], text)).toBe(true);
  });

  it.each([
    ['hi', 'this is fine'],
    ['hello', 'othello'],
    ['good morning', 'good evening, morning people'],
    ['good morning', 'goodmorning'],
    ['join', 'joined'],
    ['hello', 'hello_world'],
    ['❤', 'no hearts'],
  ])('%s does not match "%s"', (keyword, text) => {
    expect(matches([keyword], text)).toBe(false);
  });

  it('counts a line when any keyword matches', () => {
    expect(matches(['raid', 'lurk'], 'just here to LURK')).toBe(true);
    expect(matches(['raid', 'lurk'], 'hello')).toBe(false);
  });
});
