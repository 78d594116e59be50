import { describe, expect, it } from '@jest/globals';
import { keywordsOf, readKeywords } from './keywords.js';

describe('readKeywords', () => {
  it('trims, drops empty ones and removes duplicates ignoring case', () => {
    expect(readKeywords('[" Hi ", "hi", "", "Raid"]')).toEqual({
      ok: true,
      keywords: ['Hi', 'Raid'],
    });
  });

  it.each(['not json', '{"a":1}', '[1]', '"text"', 'null', ''])(
    'reads malformed %j as an empty list',
    (text) => {
      expect(readKeywords(text)).toEqual({ ok: true, keywords: [] });
    },
  );

  it('refuses more than 50 keywords or a keyword over 100 characters', () => {
    expect(readKeywords(JSON.stringify(Array.from({ length: 51 }, (_, i) => `k${i}`)))).toEqual({
      ok: false,
      problem: 'too-many',
    });
    expect(readKeywords(JSON.stringify(['x'.repeat(101)]))).toEqual({
      ok: false,
      problem: 'too-long',
    });
    expect(keywordsOf(JSON.stringify(['x'.repeat(101)]))).toEqual([]);
  });
});
