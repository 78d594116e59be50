import { describe, expect, it } from '@jest/globals';
import { addKeyword, keywordPreview, parseKeywords } from './keywords';

describe('keywords', () => {
  it('adds a trimmed keyword and ignores empty ones and duplicates', () => {
    expect(addKeyword([], '  hello ')).toEqual(['hello']);
    expect(addKeyword(['hello'], 'hello')).toEqual(['hello']);
    expect(addKeyword(['hello'], ' hello  ')).toEqual(['hello']);
    expect(addKeyword(['hello'], '   ')).toEqual(['hello']);
    expect(addKeyword(['hello'], 'hi')).toEqual(['hello', 'hi']);
  });

  it('reads the JSON-encoded list and treats anything malformed as empty', () => {
    expect(parseKeywords('["a","b"]')).toEqual(['a', 'b']);
    expect(parseKeywords('not json')).toEqual([]);
    expect(parseKeywords('{"a":1}')).toEqual([]);
    expect(parseKeywords('["a",2]')).toEqual(['a']);
    expect(parseKeywords(undefined)).toEqual([]);
  });

  it('previews three keywords plus the count of the rest', () => {
    expect(keywordPreview(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(keywordPreview(['a'])).toEqual({ shown: ['a'], more: 0 });
  });
});
